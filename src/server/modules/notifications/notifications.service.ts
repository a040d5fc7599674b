import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { mailLocale } from '../../lib/member-locale.ts';
import { readNotificationChoices, writeNotificationChoices } from '../../lib/member-notifications.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';
import type { PlainPage } from '../../lib/plain-page.ts';
import { switchInSentence } from './notification-mail.ts';
import { readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token.ts';

// The unsubscribe link of a staff notification: opening it (GET) shows what its
// button turns off; the button (or the mail client's one-click POST) turns it off,
// for that member in that organisation only, without signing in. The page is in the
// language of the member's mail (lib/member-locale.ts); a link that names no member
// now, in the request's (`fallback`: pageLanguage).

const WORDS = {
  invalidTitle: /*i18n*/ {
    id: 'page.notifyUnsubscribe.invalid.title',
    message: 'This unsubscribe link is not valid',
  },
  invalidText: /*i18n*/ {
    id: 'page.notifyUnsubscribe.invalid.text',
    message:
      'The link may be cut short or mistyped: nothing was changed. Use the link in the latest email, or change your notifications in Rally under Settings, Notifications.',
  },
  leftTitle: /*i18n*/ { id: 'page.notifyUnsubscribe.left.title', message: 'You are no longer a member' },
  leftText: /*i18n*/ {
    id: 'page.notifyUnsubscribe.left.text',
    message:
      'This link is from an organization you are no longer in: it sends you no notifications, so there is nothing to turn off.',
  },
  turnOff: /*i18n*/ { id: 'page.notifyUnsubscribe.turnOff', message: 'Turn off {notification}' },
  ask: /*i18n*/ {
    id: 'page.notifyUnsubscribe.ask',
    message:
      'Press the button to stop emails of {notification} from {organization}. Your other notifications stay as they are; you can turn it back on in Settings, Notifications.',
  },
  isOff: /*i18n*/ { id: 'page.notifyUnsubscribe.isOff', message: '{notification} is off' },
  wasOff: /*i18n*/ {
    id: 'page.notifyUnsubscribe.wasOff',
    message:
      'You get no emails of {notification} from {organization}. You can turn it back on in Settings, Notifications.',
  },
  turnedOff: /*i18n*/ { id: 'page.notifyUnsubscribe.turnedOff', message: '{notification} is turned off' },
  done: /*i18n*/ {
    id: 'page.notifyUnsubscribe.done',
    message:
      'You will get no more emails of {notification} from {organization}. Your other notifications stay as they are; you can turn it back on in Settings, Notifications.',
  },
};

type Words = (d: { id: string; message: string }, values?: Record<string, unknown>) => string;

/** The page's words in `locale`, escaped (the organisation's name is anyone's text). */
const wordsIn =
  (locale: MessageLocale): Words =>
  (d, values) =>
    escapeHtml(translate(locale, d, values));

const invalid = (locale: MessageLocale): PlainPage => {
  const w = wordsIn(locale);
  return { status: 404, title: w(WORDS.invalidTitle), text: w(WORDS.invalidText), locale };
};

const left = (locale: MessageLocale): PlainPage => {
  const w = wordsIn(locale);
  return { status: 410, title: w(WORDS.leftTitle), text: w(WORDS.leftText), locale };
};

interface Found {
  target: UnsubscribeTarget;
  organization: string;
  locale: MessageLocale;
}

/** The member and organisation a valid link names, while the member is still in it. */
async function linkTarget(db: Db, token: string, fallback: MessageLocale): Promise<Found | PlainPage> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return invalid(fallback);
  const member = await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organizationId')
    .select(['organizations.name', 'organizations.defaultLanguage', 'users.language'])
    .where('users.id', '=', target.userId)
    .where('users.organizationId', '=', target.organizationId)
    .executeTakeFirst();
  if (!member) return left(fallback);
  return { target, organization: member.name, locale: mailLocale(member.language, member.defaultLanguage) };
}

export async function unsubscribeLinkPage(
  db: Db,
  token: string,
  fallback: MessageLocale,
): Promise<PlainPage> {
  const found = await linkTarget(db, token, fallback);
  if ('status' in found) return found;
  const { locale, organization } = found;
  const w = wordsIn(locale);
  const notification = switchInSentence(locale, found.target.switch);
  const choices = await readNotificationChoices(db, found.target);
  if (!choices[found.target.switch])
    return {
      status: 200,
      title: capitalize(w(WORDS.isOff, { notification })),
      text: w(WORDS.wasOff, { notification, organization }),
      locale,
    };
  return {
    status: 200,
    title: capitalize(w(WORDS.turnOff, { notification })),
    text: w(WORDS.ask, { notification, organization }),
    action: `/notifications/unsubscribe/${encodeURIComponent(token)}`,
    button: capitalize(w(WORDS.turnOff, { notification })),
    locale,
  };
}

/** A sentence's first letter (the switch's name may start it, lower-case inside a sentence). */
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function unsubscribeWithLink(
  db: Db,
  token: string,
  fallback: MessageLocale,
): Promise<PlainPage> {
  const found = await linkTarget(db, token, fallback);
  if ('status' in found) return found;
  const { target, locale, organization } = found;
  await writeNotificationChoices(
    { db, orgId: target.organizationId, actorId: target.userId },
    { [target.switch]: false },
    { how: 'from an email link' },
  );
  const w = wordsIn(locale);
  const notification = switchInSentence(locale, target.switch);
  return {
    status: 200,
    title: capitalize(w(WORDS.turnedOff, { notification })),
    text: w(WORDS.done, { notification, organization }),
    locale,
  };
}
