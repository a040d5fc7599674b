// How the live stats calls grow with data (API.md: "they must stay fast as data
// grows"). Seeds one organisation's campaign with N shares and N/3 click-throughs in
// SQLite, then times GET /api/campaigns/:id/stats and /api/organization/stats against
// GET /api/campaigns/:id (a primary-key read) in the same process and run, at two
// sizes, so the figures are ratios rather than machine-dependent milliseconds.
// Run: npx tsx bench/stats.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { statsBenchApp, statsBenchDatabase } from './lib/stats-app.ts';

const PLATFORMS = ['twitter', 'facebook', 'linkedin', 'whatsapp'];
const SIZES = [10_000, 100_000];
const ROUNDS = 30;

async function timeMedian(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

async function measure(size: number) {
  const bench = await statsBenchDatabase('stats');
  const { db, orgId, campaignId, assetIds } = bench;

  // Spread over 60 days, 2,000 supporters, so every aggregate has real work to do.
  const now = Date.now();
  const batch = 500;
  for (let i = 0; i < size; i += batch) {
    const rows = Array.from({ length: Math.min(batch, size - i) }, (_, j) => {
      const n = i + j;
      return {
        assetId: assetIds[0],
        platform: PLATFORMS[n % PLATFORMS.length],
        campaignId,
        organizationId: orgId,
        scheduledFor: null,
        status: 'shared',
        ref: `bench${n.toString(36).padStart(8, '0')}`,
        supporterId: `sup${n % 2000}`,
        createdAt: new Date(now - (n % (60 * 24)) * 3600_000).toISOString(),
      };
    });
    const inserted = await db.insertInto('shares').values(rows).returning('id').execute();
    const clicks = inserted
      .filter((_, k) => k % 3 === 0)
      .map((s, k) => ({
        shareId: s.id,
        campaignId,
        organizationId: orgId,
        sharerId: 'sup1',
        visitorId: `v${i + k}`,
        createdAt: new Date(now - (k % 600) * 3600_000).toISOString(),
      }));
    if (clicks.length) await db.insertInto('clicks').values(clicks).execute();
  }

  const { get, close } = await statsBenchApp(bench);
  const base = await timeMedian(get(`/api/campaigns/${campaignId}`));
  const campaign = await timeMedian(get(`/api/campaigns/${campaignId}/stats`));
  const org = await timeMedian(get(`/api/organization/stats?id=${orgId}`));
  await close();
  return { size, base, campaign, org };
}

export async function main(): Promise<void> {
  console.log(`Live stats on SQLite: median of ${ROUNDS} calls, against a primary-key read in the same run`);
  const results = [];
  for (const size of SIZES) {
    const r = await measure(size);
    results.push(r);
    console.log(
      `  ${String(size).padStart(7)} shares  base ${r.base.toFixed(2)} ms  campaign stats ${r.campaign.toFixed(1)} ms (x${(r.campaign / r.base).toFixed(0)})  organisation stats ${r.org.toFixed(1)} ms (x${(r.org / r.base).toFixed(0)})`,
    );
  }
  const [small, large] = results;
  const growth = large.campaign / small.campaign;
  // No issue sets a target yet; the growth factor says whether the calls scale with the rows.
  console.log(
    `  INFO campaign stats grow x${growth.toFixed(1)} for x${large.size / small.size} the shares (linear: they aggregate the event rows; rollups would make them flat)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
