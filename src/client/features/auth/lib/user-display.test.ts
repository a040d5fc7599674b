import { describe, expect, it } from 'vitest';
import { displayName, initials, roleLabel } from './user-display.ts';

const u = (username: string, firstName: string | null = null, lastName: string | null = null) => ({
  username,
  firstName,
  lastName,
});

describe('user display helpers', () => {
  it('uses the full name when there is one, else the username', () => {
    expect(displayName(u('ada', 'Ada', 'Lovelace'))).toBe('Ada Lovelace');
    expect(displayName(u('ada', '  ', null))).toBe('ada');
    expect(displayName(u('ada', null, 'Lovelace'))).toBe('Lovelace');
  });

  it('draws two initials', () => {
    expect(initials(u('ada', 'Ada', 'Lovelace'))).toBe('AL');
    expect(initials(u('grace', 'grace', null))).toBe('G');
    expect(initials(u('zoë'))).toBe('ZO');
    expect(initials(u('🙂x'))).toBe('🙂X');
  });

  it("labels the role, 'User' by default", () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('user')).toBe('User');
    expect(roleLabel('')).toBe('User');
    expect(roleLabel(null)).toBe('User');
  });
});
