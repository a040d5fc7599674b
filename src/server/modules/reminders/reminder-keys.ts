import { createHmac, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { loadAppSecret } from '../../lib/app-secrets.ts';

/** The secrets reminders need, the same on every instance (kept in `appSecrets`). */
export interface ReminderKeys {
  /** VAPID keys (base64url): browsers subscribe with the public one, pushes are signed with the private one. */
  vapid: { publicKey: string; privateKey: string };
  /** Keys the hash that ties an unsubscribe link to an address without keeping the address. */
  emailKeySecret: Buffer;
}

const loaded = new WeakMap<Db, Promise<ReminderKeys>>();

/** Made on the first start (the first instance's keys win), then read; one load per database handle. */
export function loadReminderKeys(db: Db): Promise<ReminderKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = (async () => {
      const vapid = JSON.parse(
        await loadAppSecret(db, 'vapid-keys', () => JSON.stringify(webpush.generateVAPIDKeys())),
      ) as ReminderKeys['vapid'];
      const secret = await loadAppSecret(db, 'reminder-email-key', () =>
        randomBytes(32).toString('base64url'),
      );
      return { vapid, emailKeySecret: Buffer.from(secret, 'base64url') };
    })();
    // A failed load (database down at start) is tried again on the next call.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

/** Keyed hash of an address, case and surrounding spaces ignored. */
export const emailKey = (keys: ReminderKeys, email: string): string =>
  createHmac('sha256', keys.emailKeySecret).update(email.trim().toLowerCase()).digest('hex');
