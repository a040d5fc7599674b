import { sharedMessages } from './shared-catalog.test-helper.ts';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema } from '#shared/schemas/auth.ts';
import { wordedResolver } from './use-schema-form.ts';

/** Makes `locale` the page's language, with the shared catalog compiled from its .po. */
function activate(locale: string) {
  const messages = sharedMessages(locale);
  i18n.load(locale, messages);
  i18n.activate(locale);
}

const options = { fields: {}, shouldUseNativeValidation: false };
const check = (schema: Parameters<typeof wordedResolver>[0], values: Record<string, unknown>) =>
  wordedResolver(schema)(values as never, undefined, options as never);

afterEach(() => activate('en'));

describe('a schema-checked form', () => {
  it("shows an English reader the schema's own words", async () => {
    activate('en');
    const { errors } = await check(loginSchema, { username: 'ab', password: 'secret1' });
    expect(errors.username?.message).toBe('Username must be at least 3 characters');
  });

  it("shows another reader each field's problem in their language, nested checks included", async () => {
    activate('de');
    const { errors } = await check(registerFormSchema, {
      username: 'ab',
      email: 'not-an-address',
      password: 'secret1',
      confirmPassword: 'other',
    });
    expect(errors.username?.message).toBe('Geben Sie mindestens 3 Zeichen ein.');
    expect(errors.email?.message).toBe('Geben Sie eine gültige E-Mail-Adresse ein.');
    expect(errors.confirmPassword?.message).toBe('Die Passwörter stimmen nicht überein');
  });

  it('passes valid values through untouched', async () => {
    activate('fr');
    const result = await check(loginSchema, { username: 'sam', password: 'secret1' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ username: 'sam', password: 'secret1' });
  });
});
