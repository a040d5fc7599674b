import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_CLOSED_MESSAGE, REGISTRATION_INVITE_ONLY_MESSAGE } from '#shared/errors.ts';
import { sharedMessages } from '#client/lib/shared-catalog.test-helper.ts';
import { RegistrationNotice } from './registration-notice.tsx';

const render = (locale: string, registration: 'closed' | 'invite-only') => {
  const i18n = setupI18n({ locale, messages: { [locale]: sharedMessages(locale) } });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <RegistrationNotice registration={registration} invited={false} />
    </I18nProvider>,
  );
};

describe('the sign-up notice', () => {
  it("says the server's own words to an English reader", () => {
    expect(render('en', 'closed')).toContain(REGISTRATION_CLOSED_MESSAGE);
    expect(render('en', 'invite-only')).toContain(REGISTRATION_INVITE_ONLY_MESSAGE);
  });

  it("words the refusal in the reader's language otherwise", () => {
    const french = render('fr', 'closed');
    expect(french).toContain('Les inscriptions sont fermées sur ce serveur');
    expect(french).not.toContain(REGISTRATION_CLOSED_MESSAGE);
  });
});
