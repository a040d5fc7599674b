import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// Covering indexes for the live stats (src/server/modules/stats): the distinct-
// supporter counts and the per-platform breakdown read only the index, not the rows
// (bench/stats.ts measures the difference).
export async function up(db: AnyDb): Promise<void> {
  for (const scope of ['campaignId', 'organizationId'] as const) {
    const prefix = scope === 'campaignId' ? 'shares_campaign' : 'shares_org';
    await createIndex(db, `${prefix}_supporter_cover_idx`, 'shares', [
      scope,
      'status',
      'supporterId',
      'createdAt',
    ]);
    await createIndex(db, `${prefix}_platform_cover_idx`, 'shares', [scope, 'status', 'platform']);
  }
}
