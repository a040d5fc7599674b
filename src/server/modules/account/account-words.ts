// What the account mails say (password reset, a new address to confirm, the notice
// that an address changed), in the member's language: their profile language, else
// English. The instance's words only, in the `server` catalog (explicit ids).
import { type MessageLocale, translate } from '../../lib/messages.ts';

const WORDS = {
  resetSubject: /*i18n*/ { id: 'mail.reset.subject', message: 'Reset your Rally password' },
  resetBody: /*i18n*/ {
    id: 'mail.reset.body',
    message:
      'Someone asked to reset the password of the Rally account "{username}".\n\nOpen this link to choose a new password (valid for 1 hour, single use):\n{link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n',
  },
  confirmSubject: /*i18n*/ {
    id: 'mail.emailConfirm.subject',
    message: 'Confirm your new email address for Rally',
  },
  confirmBody: /*i18n*/ {
    id: 'mail.emailConfirm.body',
    message:
      'Someone asked to use this address for the Rally account "{username}".\n\nOpen this link to confirm (valid for {hours} hours, single use):\n{link}\n\nIf it was not you, ignore this mail: nothing changes until the link is followed.\n',
  },
  changedSubject: /*i18n*/ {
    id: 'mail.emailChanged.subject',
    message: 'The email address of your Rally account was changed',
  },
  changedBody: /*i18n*/ {
    id: 'mail.emailChanged.body',
    message:
      'The email address of the Rally account "{username}" was {newEmail, select, none {removed} other {changed to {newEmail}}}.\n\nIf it was not you, open this link to put {oldEmail} back and sign out every session (valid for {days} days):\n{link}\n\nThen choose a new password with "Forgot password?" on the sign-in page.\nIf it was you, there is nothing to do.\n',
  },
};

type Mail = { subject: string; text: string };

export const resetMail = (locale: MessageLocale, v: { username: string; link: string }): Mail => ({
  subject: translate(locale, WORDS.resetSubject),
  text: translate(locale, WORDS.resetBody, v),
});

export const emailConfirmMail = (
  locale: MessageLocale,
  v: { username: string; hours: number; link: string },
): Mail => ({
  subject: translate(locale, WORDS.confirmSubject),
  text: translate(locale, WORDS.confirmBody, v),
});

/** `newEmail` null: the address was removed. */
export const emailChangedMail = (
  locale: MessageLocale,
  v: { username: string; oldEmail: string; newEmail: string | null; days: number; link: string },
): Mail => ({
  subject: translate(locale, WORDS.changedSubject),
  text: translate(locale, WORDS.changedBody, { ...v, newEmail: v.newEmail ?? 'none' }),
});
