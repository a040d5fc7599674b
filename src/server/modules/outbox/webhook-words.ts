// What the mail to an organisation's admins says when one of its webhook endpoints was
// turned off after failing for the whole retry window, in each admin's language. The
// instance's words only, in the `server` catalog (explicit ids); the endpoint's address
// and description are the organisation's own.
import { type MessageLocale, translate } from '../../lib/messages.ts';

const WORDS = {
  subject: /*i18n*/ {
    id: 'mail.webhookDisabled.subject',
    message: 'A webhook endpoint of your organization was turned off',
  },
  body: /*i18n*/ {
    id: 'mail.webhookDisabled.body',
    message:
      'Rally could not deliver events to this webhook endpoint of {organization} for {hours} hours, so it was turned off:\n\n{url}\n{description}\n\nNo more events are sent to it. Events that were not delivered can be sent again from its delivery log.\nWhen the receiver works again, turn the endpoint back on in Settings > Integrations.\n',
  },
};

export const webhookDisabledMail = (
  locale: MessageLocale,
  v: { organization: string; hours: number; url: string; description: string },
): { subject: string; text: string } => ({
  subject: translate(locale, WORDS.subject),
  text: translate(locale, WORDS.body, v),
});
