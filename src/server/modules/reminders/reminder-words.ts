// What reminder mails and pushes say, in the supporter's language (the language the
// share was scheduled in; docs/api.md "Languages"). The instance's words only, in the
// `server` catalog (explicit ids; lingui.config.ts): campaign and asset words are
// staff's text and come in as values.
import { type MessageLocale, translate } from '../../lib/messages.ts';

export const REMINDER_WORDS = {
  confirmSubject: /*i18n*/ {
    id: 'mail.reminderConfirm.subject',
    message: 'Confirm your email for reminders',
  },
  confirmAsked: /*i18n*/ {
    id: 'mail.reminderConfirm.asked',
    message: 'Someone, probably you, asked {host} to email share reminders to this address.',
  },
  confirmHow: /*i18n*/ {
    id: 'mail.reminderConfirm.how',
    message:
      'To get them, confirm your address (the link works for {days, plural, one {# day} other {# days}}):',
  },
  confirmNotYou: /*i18n*/ {
    id: 'mail.reminderConfirm.notYou',
    message:
      'If it was not you, ignore this mail: nothing more will be sent to you, and the request is forgotten.',
  },
  subject: /*i18n*/ { id: 'mail.reminder.subject', message: 'Your reminder to share' },
  timeToShare: /*i18n*/ {
    id: 'mail.reminder.timeToShare',
    message: 'It\'s time to share "{headline}" for {campaign}.',
  },
  oneTap: /*i18n*/ { id: 'mail.reminder.oneTap', message: 'Share it with one tap: {link}' },
  consent: /*i18n*/ {
    id: 'mail.reminder.consent',
    message:
      'You are receiving this email because you asked {organization} for a reminder when you scheduled this share, and agreed to be emailed about it. It is the only email about this share: your address is deleted once it is sent.',
  },
  unsubscribe: /*i18n*/ {
    id: 'mail.reminder.unsubscribe',
    message: 'Unsubscribe from reminders of {organization}: {link}',
  },
  dataLink: /*i18n*/ {
    id: 'mail.reminder.dataLink',
    message: 'See, download or erase what is held for this address (for 7 days): {link}',
  },
  pushTitle: /*i18n*/ { id: 'push.reminder.title', message: 'Time to share "{headline}"' },
  pushBody: /*i18n*/ { id: 'push.reminder.body', message: 'Your share for {campaign} is ready.' },
};

export type ReminderWord = keyof typeof REMINDER_WORDS;

/** One of the reminder's messages in a language. */
export const reminderWords = (locale: MessageLocale, word: ReminderWord, values?: Record<string, unknown>) =>
  translate(locale, REMINDER_WORDS[word], values);
