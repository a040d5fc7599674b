import { sharedMessages } from './shared-catalog.test-helper.ts';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUS_WORDS,
  ERROR_WORDS,
  ERROR_WORDS_WITH_PARAMS,
  FIELD_WORDS,
  GENERAL_ERROR,
} from '#shared/error-words.ts';
import * as errors from '#shared/errors.ts';
import { ERROR_CODES } from '#shared/error-code-docs.ts';
import { fieldProblemWords, refusalWords, wordRefusal } from './error-words.ts';

/** An I18n of `locale` with the shared catalog, as the page loads it (compiled from the .po). */
function i18nOf(locale: string) {
  const messages = sharedMessages(locale);
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const fr = i18nOf('fr');
const ar = i18nOf('ar');
const en = i18nOf('en');

describe('a refusal in the reader’s language', () => {
  it("has the same English as the server's messages both sides show", () => {
    const same: [string, { message: string }][] = [
      [errors.PUBLISH_NEEDS_ASSET, ERROR_WORDS.PUBLISH_NEEDS_ASSET],
      [errors.LAST_ASSET_OF_LIVE_CAMPAIGN, ERROR_WORDS.LAST_ASSET_OF_LIVE_CAMPAIGN],
      [errors.PUBLISH_NEEDS_SHARE_WORDS, ERROR_WORDS.PUBLISH_NEEDS_SHARE_WORDS],
      [errors.INVITATION_EXPIRED, ERROR_WORDS.INVITATION_EXPIRED],
      [errors.USERNAME_TAKEN, ERROR_WORDS.USERNAME_TAKEN],
      [errors.OPERATOR_REQUIRED_MESSAGE, ERROR_WORDS.OPERATOR_REQUIRED],
      [errors.REGISTRATION_CLOSED_MESSAGE, ERROR_WORDS.REGISTRATION_CLOSED],
      [errors.REGISTRATION_INVITE_ONLY_MESSAGE, ERROR_WORDS.REGISTRATION_INVITE_ONLY],
      [errors.EMAIL_DOMAIN_NOT_ALLOWED_MESSAGE, ERROR_WORDS.EMAIL_DOMAIN_NOT_ALLOWED],
      [errors.SIGNUP_INVITATION_INVALID_MESSAGE, ERROR_WORDS.SIGNUP_INVITATION_INVALID],
      [errors.CAMPAIGN_UNAVAILABLE, ERROR_WORDS.CAMPAIGN_UNAVAILABLE],
      [errors.MISSING_ORG_MESSAGE, ERROR_WORDS.NO_ORGANIZATION],
      [errors.FILE_TOO_LARGE, ERROR_WORDS.FILE_TOO_LARGE],
    ];
    for (const [english, words] of same) expect(words.message).toBe(english);
  });

  it('has fixed words for every code, and words made of params for each code with params', () => {
    expect(Object.keys(ERROR_WORDS).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    // The client finds them by these ids alone (lib/error-words.ts).
    for (const [code, words] of Object.entries(ERROR_WORDS)) expect(words.id).toBe(`error.${code}`);
    for (const [key, words] of Object.entries(ERROR_WORDS_WITH_PARAMS))
      expect(words.id).toBe(key.startsWith('NOT_FOUND_') ? words.id : `error.${key}.params`);
    expect(Object.values(FIELD_WORDS).map((w) => w.id)).toEqual(
      expect.arrayContaining([
        'field.required',
        'field.invalid_type',
        'field.invalid_value',
        'field.unknown_field',
        'field.invalid',
        'field.too_small',
        'field.too_small.text',
        'field.too_small.items',
        'field.too_big',
        'field.too_big.text',
        'field.too_big.items',
        'field.invalid_format',
        'field.invalid_format.email',
        'field.invalid_format.url',
      ]),
    );
    for (const [status, words] of Object.entries(CAMPAIGN_STATUS_WORDS))
      expect(words.id).toBe(`campaignStatus.${status}`);
    expect(GENERAL_ERROR.id).toBe('error.general');
    for (const words of [...Object.values(ERROR_WORDS), ...Object.values(ERROR_WORDS_WITH_PARAMS)])
      expect(fr._(words.id)).not.toBe(words.message);
  });

  it('words a code from its params, with plurals of the reader’s language', () => {
    expect(wordRefusal(fr, 'RATE_LIMITED', { retryAfterSeconds: 1, scope: 'login' })).toBe(
      'Trop de tentatives. Réessayez dans 1 seconde.',
    );
    expect(wordRefusal(fr, 'RATE_LIMITED', { retryAfterSeconds: 30, scope: 'login' })).toBe(
      'Trop de tentatives. Réessayez dans 30 secondes.',
    );
    expect(wordRefusal(ar, 'SERVER_BUSY', { retryAfterSeconds: 2 })).toContain('ثانيتين');
    expect(wordRefusal(fr, 'NOT_FOUND', { username: 'sam' })).toBe('Aucun compte nommé sam');
    expect(wordRefusal(fr, 'STATUS_CHANGE_NOT_ALLOWED', { from: 'archived', to: 'active' })).toBe(
      'Une campagne ne peut pas passer de archivée à active.',
    );
    expect(wordRefusal(fr, 'PUBLISH_NEEDS_SHARE_WORDS', { assets: ['Affiche', 'Vidéo'] })).toMatch(
      /: Affiche et Vidéo$/,
    );
    expect(wordRefusal(en, 'FILE_TOO_LARGE', { maxBytes: 2 * 1024 * 1024 })).toBe(
      'File too large: a file can be at most 2 MB.',
    );
  });

  it("falls back to the code's fixed words when params are missing or malformed, then to the general error", () => {
    expect(wordRefusal(fr, 'RATE_LIMITED')).toBe(fr._(ERROR_WORDS.RATE_LIMITED.id));
    expect(wordRefusal(fr, 'RATE_LIMITED', { retryAfterSeconds: 'soon' })).toBe(
      'Trop de tentatives. Veuillez réessayer plus tard.',
    );
    expect(wordRefusal(fr, 'STATUS_CHANGE_NOT_ALLOWED', { from: 'gone', to: 'active' })).toBe(
      fr._(ERROR_WORDS.STATUS_CHANGE_NOT_ALLOWED.id),
    );
    expect(wordRefusal(fr, 'NO_SUCH_CODE', {})).toBe('Un problème est survenu. Veuillez réessayer.');
  });

  it("keeps the server's English message for an English reader, and words the code for others", () => {
    const body = { code: 'NOT_FOUND', message: 'Campaign not found' };
    expect(refusalWords(en, body)).toBe('Campaign not found');
    expect(refusalWords(fr, body)).toBe('Introuvable : il a peut-être été supprimé.');
    expect(refusalWords(fr, { message: 'from a proxy' })).toBe(
      'Un problème est survenu. Veuillez réessayer.',
    );
    expect(refusalWords(fr, undefined)).toBeNull();
  });
});

describe('a field problem in the reader’s language', () => {
  it("keeps the schema's English for an English reader", () => {
    const problem = {
      message: 'Title must be at least 3 characters',
      rule: 'too_small',
      params: { minimum: 3 },
    };
    expect(fieldProblemWords(en, problem)).toBe(problem.message);
  });

  it('words a bound by its rule, a known check by its words, and leaves an unknown rule as it is', () => {
    expect(
      fieldProblemWords(fr, { message: 'x', rule: 'too_small', params: { minimum: 3, origin: 'string' } }),
    ).toBe('Saisissez au moins 3 caractères.');
    expect(fieldProblemWords(fr, { message: 'x', rule: 'too_big', params: { maximum: 1 } })).toBe(
      'Saisissez au plus 1 caractère.',
    );
    expect(fieldProblemWords(fr, { message: 'x', rule: 'invalid_format', params: { format: 'email' } })).toBe(
      fr._(FIELD_WORDS.invalid_email.id),
    );
    expect(fieldProblemWords(fr, { message: 'Passwords do not match', rule: 'custom' })).toBe(
      'Les mots de passe ne correspondent pas',
    );
    expect(fieldProblemWords(fr, { message: 'Username already exists', code: 'USERNAME_TAKEN' })).toBe(
      'Ce nom d’utilisateur existe déjà',
    );
    expect(fieldProblemWords(fr, { message: 'Something of its own', rule: 'custom' })).toBe(
      'Something of its own',
    );
  });
});
