import { describe, expect, it } from 'vitest';
import { hasRole, ROLE_NAMES, ROLE_NEEDED, ROLES, roleNeededMessage } from './members.ts';

describe('hasRole: the one role order, shared by the server check and the UI', () => {
  it('each role can do what the weaker ones can', () => {
    expect(hasRole('admin', 'editor')).toBe(true);
    expect(hasRole('editor', 'editor')).toBe(true);
    expect(hasRole('editor', 'admin')).toBe(false);
    expect(hasRole('viewer', 'viewer')).toBe(true);
    expect(hasRole('viewer', 'editor')).toBe(false);
  });

  it('no organisation, no role, or an unknown one allows nothing', () => {
    expect(hasRole('user', 'viewer')).toBe(false);
    expect(hasRole(null, 'viewer')).toBe(false);
    expect(hasRole(undefined, 'viewer')).toBe(false);
    expect(hasRole('owner', 'viewer')).toBe(false);
  });
});

// The screens' words for the roles (the shared catalog) say in English exactly what the
// server's refusals say, so an English reader meets one sentence in both places.
describe('the roles in words', () => {
  it('names every role, and says what each control needs as the server does', () => {
    expect(Object.keys(ROLE_NAMES).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(ROLE_NEEDED[role].message).toBe(roleNeededMessage(role));
  });
});
