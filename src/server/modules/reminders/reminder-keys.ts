import { createECDH } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { addressKey, loadAddressKeySecret, mailboxKey } from '../../lib/address-key.ts';
import { loadAppSecret } from '../../lib/app-secrets.ts';

/** The secrets reminders need, the same on every instance (kept in `appSecrets`). */
export interface ReminderKeys {
  /** VAPID keys (base64url): browsers subscribe with the public one, pushes are signed with the private one. */
  vapid: { publicKey: string; privateKey: string };
  /** Keys the hash that ties an unsubscribe link to an address without keeping the address. */
  emailKeySecret: Buffer;
}

/** A P-256 key pair in the form web-push and browsers take: uncompressed public point, raw private scalar. */
function newVapidKeys(): ReminderKeys['vapid'] {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The scalar may come back shorter than 32 bytes (leading zeros); VAPID wants all 32.
  const scalar = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

const loaded = new WeakMap<Db, Promise<ReminderKeys>>();

/** Made on the first start (the first instance's keys win), then read; one load per database handle. */
export function loadReminderKeys(db: Db): Promise<ReminderKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = (async () => {
      const vapid = JSON.parse(
        await loadAppSecret(db, 'vapid-keys', () => JSON.stringify(newVapidKeys())),
      ) as ReminderKeys['vapid'];
      return { vapid, emailKeySecret: await loadAddressKeySecret(db) };
    })();
    // A failed load (database down at start) is tried again on the next call.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

/** Keyed hash of an address, normalised (case, surrounding spaces and `+tag` ignored). */
export const emailKey = (keys: ReminderKeys, email: string): string => addressKey(keys.emailKeySecret, email);

/** Keyed hash of the exact mailbox (domain case and surrounding spaces ignored, nothing else): what confirms. */
export const exactMailboxKey = (keys: ReminderKeys, email: string): string =>
  mailboxKey(keys.emailKeySecret, email);
