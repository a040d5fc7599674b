import { describe, expect, it } from 'vitest';
import { createOrganizationSchema } from './schemas/organizations.ts';
import { suggestOrgUsername } from './org-username.ts';

describe('suggestOrgUsername', () => {
  it('makes a valid username from a name', () => {
    expect(suggestOrgUsername('Friends of the Río Verde!')).toBe('friends-of-the-rio-verde');
    expect(suggestOrgUsername('  Clean   Air -- Now  ')).toBe('clean-air-now');
    expect(suggestOrgUsername('Ça Va 2030')).toBe('ca-va-2030');
    const long = suggestOrgUsername(`${'a'.repeat(49)} b`);
    expect(long).toBe('a'.repeat(49));
    for (const name of ['Friends of the Río Verde!', 'Zoë & Co.', `${'word '.repeat(20)}`]) {
      const username = suggestOrgUsername(name);
      expect(createOrganizationSchema.shape.username.safeParse(username).success, username).toBe(true);
    }
  });

  it('suggests nothing when the name has too little to go on', () => {
    expect(suggestOrgUsername('')).toBe('');
    expect(suggestOrgUsername('A!')).toBe('');
    expect(suggestOrgUsername('日本語')).toBe('');
  });
});
