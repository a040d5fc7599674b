import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';

// The personal-message nudge: a logged share keeps a keyed hash of the supporter's
// normalised personal message (never the words), so "how many shares of this asset
// carried the same message" is one count. The partial index holds only shares that
// had a message, keyed by asset first: the count reads a handful of index entries.
// The HMAC key lives in appSecrets beside the visitor-cookie key, the same on every
// instance, so equal messages hash alike whichever instance logged them.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('shares').addColumn('messageHash', 'text').execute();
  await db.schema
    .createIndex('shares_asset_message_idx')
    .on('shares')
    .columns(['assetId', 'messageHash'])
    .where(sql.ref('messageHash'), 'is not', null)
    .execute();
  await db
    .insertInto('appSecrets')
    .values({ name: 'message-hash', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
