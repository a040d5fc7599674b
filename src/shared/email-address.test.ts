import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email-address.ts';

describe('normalizeEmail', () => {
  it('makes case, surrounding spaces and +tags one address', () => {
    const forms = [
      'boss@example.org',
      'BOSS@example.org',
      ' boss@Example.ORG ',
      'boss+1@example.org',
      'Boss+news+x@EXAMPLE.org',
    ];
    expect(new Set(forms.map(normalizeEmail))).toEqual(new Set(['boss@example.org']));
  });

  it('keeps what is not a tag', () => {
    expect(normalizeEmail('first.last@example.org')).toBe('first.last@example.org');
    expect(normalizeEmail('+only@example.org')).toBe('+only@example.org');
    expect(normalizeEmail('no-at-sign')).toBe('no-at-sign');
    expect(normalizeEmail('a+b@c+d.example')).toBe('a@c+d.example');
  });
});
