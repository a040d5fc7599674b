import { randomBytes } from 'node:crypto';
import type { AnyDb, DialectName } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// The personal-message nudge: a logged share keeps a keyed hash of the supporter's
// normalised personal message (never the words), so "how many shares of this asset
// carried the same message" is one count. The partial index holds only shares that
// had a message, keyed by asset first: the count reads a handful of index entries.
// The HMAC key lives in appSecrets beside the visitor-cookie key, the same on every
// instance, so equal messages hash alike whichever instance logged them.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('shares').addColumn('messageHash', 'text').execute();
  await createIndex(db, 'shares_asset_message_idx', 'shares', ['assetId', 'messageHash'], {
    whereNotNull: 'messageHash',
  });
  await db
    .insertInto('appSecrets')
    .values({ name: 'message-hash', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
