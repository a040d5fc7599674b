import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';

/**
 * A secret every instance must share, kept in `appSecrets` under `name`: made by
 * `create` the first time (the first instance's insert wins a race; every instance
 * then reads the one stored value), re-created if the row was lost.
 */
export async function loadAppSecret(db: Db, name: string, create: () => string): Promise<string> {
  const read = () => db.selectFrom('appSecrets').select('value').where('name', '=', name).executeTakeFirst();
  const row = await read();
  if (row) return row.value;
  await db
    .insertInto('appSecrets')
    .values({ name, value: create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`app secret ${name} could not be stored`);
  return stored.value;
}

/** A 32-byte random key under `name`, the same on every instance. */
async function loadKey(db: Db, name: string): Promise<Buffer> {
  const value = await loadAppSecret(db, name, () => randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}

/** The key of the visitor cookie tags, so every instance tags and checks cookies alike. */
export const loadVisitorCookieKey = (db: Db): Promise<Buffer> => loadKey(db, 'visitor-cookie');

/** The HMAC key of personal-message hashes, so equal messages hash alike on every instance. */
export const loadMessageHashKey = (db: Db): Promise<Buffer> => loadKey(db, 'message-hash');

/** The HMAC key of staff notifications' unsubscribe links, so every instance signs and checks alike. */
export const loadUnsubscribeKey = (db: Db): Promise<Buffer> => loadKey(db, 'notification-unsubscribe');

/** The key that seals the opaque supporter keys of admins' data requests (modules/privacy/requests.service.ts). */
export const loadPrivacyRequestKey = (db: Db): Promise<Buffer> => loadKey(db, 'privacy-request');

/** The key that seals webhook endpoints' signing secrets (lib/sealed-secret.ts). */
export const loadWebhookSecretKey = (db: Db): Promise<Buffer> => loadKey(db, 'webhook-secret');
