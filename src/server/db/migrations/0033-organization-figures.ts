import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull } from '../dialect.ts';
import { ownedBy } from './lib/ddl.ts';

// The operator console's figures per organisation (modules/instance/organization-figures.ts):
// members, campaigns, shares and click-throughs of the last 30 days (from the rollups),
// mail sent today and this month, storage used and the last activity, refreshed by a
// periodic job. Worked out per request, sorting 10,000 organisations by a 30-day figure
// read every organisation's rollup hours and outbox rows of the month (0.4-0.6 s on
// SQLite, bench/instance-organizations.ts); read from here it is one small table.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  let table = db.schema
    .createTable('organizationFigures')
    .addColumn('organizationId', 'integer', (c) => ownedBy('organizations.id')(c).primaryKey());
  // Every figure but the last activity is a count, required.
  for (const column of 'members campaigns shares30d clicks30d mailToday mailMonth storageBytes'.split(' '))
    table = table.addColumn(column, 'integer', notNull);
  await table.addColumn('lastActivityAt', 'text').addColumn('refreshedAt', 'text', notNull).execute();
}
