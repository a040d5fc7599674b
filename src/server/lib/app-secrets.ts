import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';

/**
 * A server-wide key kept in the database (made by a migration) so every instance
 * uses the same one; re-created if the row was lost. When two instances re-create
 * it at once, the first insert wins and both read that one back.
 */
async function loadAppSecret(db: Db, name: string): Promise<Buffer> {
  let row = await db.selectFrom('appSecrets').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) {
    await db
      .insertInto('appSecrets')
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await db
      .selectFrom('appSecrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }
  return Buffer.from(row.value, 'base64url');
}

/** The key of the visitor cookie tags, so every instance tags and checks cookies alike. */
export const loadVisitorCookieKey = (db: Db): Promise<Buffer> => loadAppSecret(db, 'visitor-cookie');

/** The HMAC key of personal-message hashes, so equal messages hash alike on every instance. */
export const loadMessageHashKey = (db: Db): Promise<Buffer> => loadAppSecret(db, 'message-hash');
