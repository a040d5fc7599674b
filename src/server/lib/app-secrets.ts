import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';

const VISITOR_COOKIE = 'visitor-cookie';

/**
 * The key of the visitor cookie tags. Kept in the database (made by the migration)
 * so every instance tags and checks cookies alike; re-created if the row was lost.
 */
export async function loadVisitorCookieKey(db: Db): Promise<Buffer> {
  let row = await db
    .selectFrom('appSecrets')
    .select('value')
    .where('name', '=', VISITOR_COOKIE)
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('appSecrets')
      .values({ name: VISITOR_COOKIE, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await db
      .selectFrom('appSecrets')
      .select('value')
      .where('name', '=', VISITOR_COOKIE)
      .executeTakeFirstOrThrow();
  }
  return Buffer.from(row.value, 'base64url');
}
