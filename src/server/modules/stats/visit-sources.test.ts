import { describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/time.ts';
import { shareRow } from '../../test/db-rows.ts';
import { appPerFile } from '../../test/test-app.ts';
import { rollUpBatch } from './rollups.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { visitSources } from './visit-sources.ts';

// The per-source share count filters on status in code (see visitSources): only shares
// made count, as everywhere else; scheduled ones with a source do not. The same holds
// once the rollup job has taken them into rollupSourceDays.

const t = appPerFile();

describe('visitSources', () => {
  it('counts only made shares per source, and visits of every source in the range', async () => {
    const { db } = t.database;
    const organizationId = await seedOrganization(db);
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId,
      assets: [{ title: 'Poster', type: 'text', content: 'Share me' }],
    });
    const base = { campaignId, organizationId, assetId: assetIds[0] };
    const at = nowIso();
    await db
      .insertInto('shares')
      .values([
        shareRow({ ...base, source: 'qr' }),
        shareRow({ ...base, source: 'qr' }),
        shareRow({ ...base, source: 'qr', status: 'scheduled', scheduledFor: at }),
        shareRow({ ...base, source: 'mail', status: 'expired', scheduledFor: at }),
        shareRow({ ...base }),
      ])
      .execute();
    await db
      .insertInto('visits')
      .values([
        { campaignId, organizationId, visitorId: 'v1', day: at.slice(0, 10), source: 'mail', createdAt: at },
        { campaignId, organizationId, visitorId: 'v2', day: at.slice(0, 10), source: null, createdAt: at },
      ])
      .execute();
    const lo = new Date(Date.now() - 86_400_000).toISOString();
    const hi = new Date(Date.now() + 86_400_000).toISOString();
    const expected = [
      { source: 'mail', visits: 1, shares: 0 },
      { source: 'qr', visits: 0, shares: 2 },
    ];
    const check = async () => {
      expect(await visitSources(db, { column: 'campaignId', id: campaignId }, lo, hi)).toEqual(expected);
      expect(await visitSources(db, { column: 'organizationId', id: organizationId }, lo, hi)).toEqual(
        expected,
      );
      expect(await visitSources(db, { column: 'campaignId', id: campaignId }, hi, hi)).toEqual([]);
    };
    await check();
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 })));
    expect(
      await db
        .selectFrom('rollupSourceDays')
        .select(['source', 'visits', 'shares'])
        .where('campaignId', '=', campaignId)
        .orderBy('source')
        .execute(),
    ).toEqual([
      { source: 'mail', visits: 1, shares: 0 },
      { source: 'qr', visits: 0, shares: 2 },
    ]);
    await check();
  });
});
