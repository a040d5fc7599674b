import { describe, expect, it } from 'vitest';
import { profileLanguage } from './use-profile-language.ts';

// The profile language as the workspace reads it from the user: only a locale switches
// the workspace; a server without the field leaves the Language select out.
describe('profileLanguage', () => {
  it('is the locale the profile names', () => {
    expect(profileLanguage({ id: 1, language: 'ar' })).toBe('ar');
    expect(profileLanguage({ id: 1, language: 'pt-BR' })).toBe('pt-BR');
  });

  it('is null for "Browser default" and for a value that is no locale Rally speaks', () => {
    expect(profileLanguage({ id: 1, language: null })).toBeNull();
    expect(profileLanguage({ id: 1, language: 'pt-br' })).toBeNull();
    expect(profileLanguage({ id: 1, language: 'it' })).toBeNull();
  });

  it('is undefined when the server sends no language field, or there is no user', () => {
    expect(profileLanguage({ id: 1, username: 'ada' })).toBeUndefined();
    expect(profileLanguage(null)).toBeUndefined();
    expect(profileLanguage(undefined)).toBeUndefined();
  });
});
