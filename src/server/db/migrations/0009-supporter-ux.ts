import type { AnyDb, DialectName } from '../dialect.ts';

// The words a supporter shares, and what a scheduled share needs to be kept as promised:
// - assets.shareText: the caption staff write for image and video assets (the title
//   stays internal); null means the title is shared, as before.
// - shares.shareText: the exact text (personal message and caption) a supporter
//   scheduled, so the reminder and the Schedule tab give back what they chose.
// - shares.timeZone: the IANA zone the supporter picked the time in, so a reminder
//   can name the time as they saw it.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('assets').addColumn('shareText', 'text').execute();
  await db.schema.alterTable('shares').addColumn('shareText', 'text').execute();
  await db.schema.alterTable('shares').addColumn('timeZone', 'text').execute();
}
