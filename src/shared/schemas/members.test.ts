import { describe, expect, it } from 'vitest';
import { hasRole } from './members.ts';

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
