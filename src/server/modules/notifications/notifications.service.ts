import { NOTIFICATION_NAMES } from '#shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { readNotificationChoices, writeNotificationChoices } from '../../lib/member-notifications.ts';
import type { PlainPage } from '../../lib/plain-page.ts';
import { readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token.ts';

// The unsubscribe link of a staff notification: opening it (GET) shows what its
// button turns off; the button (or the mail client's one-click POST) turns it off,
// for that member in that organisation only, without signing in.

const INVALID: PlainPage = {
  status: 404,
  title: 'This unsubscribe link is not valid',
  text: 'The link may be cut short or mistyped: nothing was changed. Use the link in the latest email, or change your notifications in Rally under Settings, Notifications.',
};

const LEFT: PlainPage = {
  status: 410,
  title: 'You are no longer a member',
  text: 'This link is from an organization you are no longer in: it sends you no notifications, so there is nothing to turn off.',
};

/** The member and organisation a valid link names, while the member is still in it. */
async function linkTarget(
  db: Db,
  token: string,
): Promise<{ target: UnsubscribeTarget; organization: string } | PlainPage> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return INVALID;
  const member = await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organizationId')
    .select('organizations.name')
    .where('users.id', '=', target.userId)
    .where('users.organizationId', '=', target.organizationId)
    .executeTakeFirst();
  if (!member) return LEFT;
  return { target, organization: escapeHtml(member.name) };
}

export async function unsubscribeLinkPage(db: Db, token: string): Promise<PlainPage> {
  const found = await linkTarget(db, token);
  if ('status' in found) return found;
  const name = NOTIFICATION_NAMES[found.target.switch];
  const choices = await readNotificationChoices(db, found.target);
  if (!choices[found.target.switch]) return alreadyOff(name, found.organization);
  return {
    status: 200,
    title: `Turn off ${name}`,
    text: `Press the button to stop emails of ${name} from ${found.organization}. Your other notifications stay as they are; you can turn it back on in Settings, Notifications.`,
    action: `/notifications/unsubscribe/${encodeURIComponent(token)}`,
    button: `Turn off ${name}`,
  };
}

const alreadyOff = (name: string, organization: string): PlainPage => ({
  status: 200,
  title: `${capitalize(name)} is off`,
  text: `You get no emails of ${name} from ${organization}. You can turn it back on in Settings, Notifications.`,
});

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function unsubscribeWithLink(db: Db, token: string): Promise<PlainPage> {
  const found = await linkTarget(db, token);
  if ('status' in found) return found;
  const { target } = found;
  await writeNotificationChoices(
    { db, orgId: target.organizationId, actorId: target.userId },
    { [target.switch]: false },
    { how: 'from an email link' },
  );
  const name = NOTIFICATION_NAMES[target.switch];
  return {
    status: 200,
    title: `${capitalize(name)} is turned off`,
    text: `You will get no more emails of ${name} from ${found.organization}. Your other notifications stay as they are; you can turn it back on in Settings, Notifications.`,
  };
}
