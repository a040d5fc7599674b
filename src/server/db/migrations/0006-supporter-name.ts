import type { AnyDb, DialectName } from '../dialect.ts';

// The name a supporter chose to give the organisation with a share (when it collects
// supporter information and the supporter consented); null for an anonymous share.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('shares').addColumn('supporterName', 'text').execute();
}
