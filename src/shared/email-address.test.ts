import { describe, expect, it } from 'vitest';
import { mailboxForm, normalizeEmail } from './email-address.ts';

describe('normalizeEmail', () => {
  // Each list: spellings that reach one mailbox, and the one form they all take.
  const sameMailbox: [string, string[]][] = [
    // Case, surrounding spaces and +tags.
    [
      'boss@example.org',
      [
        'boss@example.org',
        'BOSS@example.org',
        ' boss@Example.ORG ',
        'boss+1@example.org',
        'Boss+news+x@EXAMPLE.org',
      ],
    ],
    // Gmail: dots in the local part, and its second domain.
    [
      'victimboss@gmail.com',
      [
        'victim.boss@gmail.com',
        'victimboss@gmail.com',
        'v.i.c.t.i.m.boss@gmail.com',
        'victimboss@googlemail.com',
        ' Victim.Boss+x@GoogleMail.com',
        'vic.timboss+a.b@gmail.com',
      ],
    ],
  ];
  it.each(sameMailbox)('makes every spelling of %s that one address', (one, forms) => {
    expect(new Set(forms.map(normalizeEmail))).toEqual(new Set([one]));
  });

  it('keeps what is not a tag', () => {
    expect(normalizeEmail('first.last@example.org')).toBe('first.last@example.org');
    expect(normalizeEmail('+only@example.org')).toBe('+only@example.org');
    expect(normalizeEmail('no-at-sign')).toBe('no-at-sign');
    expect(normalizeEmail('a+b@c+d.example')).toBe('a@c+d.example');
  });

  it('drops dots only at Gmail: elsewhere a dot may name another mailbox', () => {
    expect(normalizeEmail('victim.boss@gmail.com.example')).toBe('victim.boss@gmail.com.example');
    expect(normalizeEmail('victim.boss@mail.gmail.com')).toBe('victim.boss@mail.gmail.com');
    expect(normalizeEmail('victim.boss@example.org')).toBe('victim.boss@example.org');
    expect(normalizeEmail('...@gmail.com')).toBe('...@gmail.com');
  });
});

describe('mailboxForm', () => {
  it('is the address as typed, trimmed, its domain in lower case', () => {
    expect(mailboxForm(' Alice@Example.ORG ')).toBe('Alice@example.org');
    expect(mailboxForm('alice@example.org')).toBe('alice@example.org');
  });

  it('keeps what may name another mailbox: +tags and dots', () => {
    const forms = ['alice@example.org', 'alice+bob@example.org', 'al.ice@gmail.com', 'alice@gmail.com'];
    expect(new Set(forms.map(mailboxForm)).size).toBe(forms.length);
  });
});
