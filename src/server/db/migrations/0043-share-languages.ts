import { sql } from 'kysely';
import type { AnyDb } from '../dialect.ts';
import { createIndex, createScopedTable } from './lib/ddl.ts';

// Analytics by language (docs/api.md "Analytics and export", issue 28 part 5):
// - `shares.language`: the locale the supporter page was in when the share was logged
//   or scheduled (LOCALES in src/shared/locales.ts). Null means it was not recorded:
//   every share made before this migration, and any a caller logs without saying. It
//   is not guessed from the campaign's default language, which staff may change later.
//   A click-through takes the language of the share whose link it came through.
// - `rollupLanguageDays`: per campaign, UTC day and language, the shares, click-throughs,
//   opened windows and prepared posts the rollup job has counted, as rollupDays counts
//   them, so the analytics' `languages` read a bounded number of rows. A language not
//   recorded is the key '' (a key column cannot be null).
//
// Existing events: none has a language, so the rows of '' are rollupDays summed per
// campaign and day: exactly the events up to the job's marks, with no raw read.

const int = 'integer' as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('shares').addColumn('language', 'text').execute();
  await createScopedTable(db, 'rollupLanguageDays', {
    scope: 'campaign',
    key: { day: 'text', language: 'text' },
    values: { shares: int, clicks: int, opened: int, prepared: int },
  });
  await createIndex(db, 'rollupLanguageDays_org_idx', 'rollupLanguageDays', ['organizationId', 'day']);
  await db
    .insertInto('rollupLanguageDays')
    .columns(['campaignId', 'day', 'language', 'organizationId', 'shares', 'clicks', 'opened', 'prepared'])
    .expression(
      db
        .selectFrom('rollupDays')
        .select((eb) => [
          'campaignId',
          'day',
          sql.lit('').as('language'),
          'organizationId',
          eb.fn.sum<number>('shares').as('shares'),
          eb.fn.sum<number>('clicks').as('clicks'),
          eb.fn.sum<number>('opened').as('opened'),
          eb.fn.sum<number>('prepared').as('prepared'),
        ])
        .groupBy(['campaignId', 'day', 'organizationId']),
    )
    .execute();
}
