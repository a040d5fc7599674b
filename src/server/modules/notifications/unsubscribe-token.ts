import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_SWITCHES, type NotificationSwitch } from '#shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { loadUnsubscribeKey } from '../../lib/app-secrets.ts';

// An unsubscribe link of a staff notification is signed, not stored: it names one
// member, one organisation and one switch, and the HMAC (a key every instance shares,
// in appSecrets) makes any other member, organisation or switch a link nobody can
// make without the key. Nothing is written per mail.

export interface UnsubscribeTarget {
  userId: number;
  organizationId: number;
  switch: NotificationSwitch;
}

const payloadOf = (t: UnsubscribeTarget) =>
  `${t.userId}.${t.organizationId}.${NOTIFICATION_SWITCHES.indexOf(t.switch)}`;

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** The token of a link that turns `target.switch` off for that member in that organisation. */
export async function unsubscribeToken(db: Db, target: UnsubscribeTarget): Promise<string> {
  const payload = payloadOf(target);
  return `${payload}.${sign(await loadUnsubscribeKey(db), payload).toString('base64url')}`;
}

/** What a token turns off, or null when it is not one this server signed. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const m = /^(\d{1,12})\.(\d{1,12})\.(\d{1,2})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, user, org, index, mac] = m;
  const sw = NOTIFICATION_SWITCHES[Number(index)];
  if (!sw) return null;
  const expected = sign(await loadUnsubscribeKey(db), `${user}.${org}.${index}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(user), organizationId: Number(org), switch: sw };
}
