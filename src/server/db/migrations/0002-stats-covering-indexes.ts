import type { AnyDb } from '../dialect.ts';

// Covering indexes for the live stats (src/server/modules/stats): the distinct-
// supporter counts and the per-platform breakdown read only the index, not the rows
// (bench/stats.ts measures the difference).
export async function up(db: AnyDb): Promise<void> {
  for (const scope of ['campaignId', 'organizationId'] as const) {
    const prefix = scope === 'campaignId' ? 'shares_campaign' : 'shares_org';
    await db.schema
      .createIndex(`${prefix}_supporter_cover_idx`)
      .on('shares')
      .columns([scope, 'status', 'supporterId', 'createdAt'])
      .execute();
    await db.schema
      .createIndex(`${prefix}_platform_cover_idx`)
      .on('shares')
      .columns([scope, 'status', 'platform'])
      .execute();
  }
}
