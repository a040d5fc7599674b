// Stats while the rollups are behind (issue: "stats that stay fast when the rollups
// are behind"): seeds SIZE shares and SIZE click-throughs straight into SQLite with
// no rollups (as after an import, a restore, or with the job stopped), then times the
// first GET /api/organization/stats and /api/campaigns/:id/stats and the p95 of
// ROUNDS more, against GET /api/campaigns/:id (a primary-key read) in the same run.
// The rollup job stays off, so every call meets the whole backlog.
// Run: npx tsx bench/stats-backlog.ts [size, default 1000000]

import { statsBenchApp, statsBenchDatabase } from './lib/stats-app.ts';

const SIZE = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = 30;
const GOAL_P95_MS = 50;
const PLATFORMS = ['twitter', 'facebook', 'linkedin', 'whatsapp'];
/** Rows per INSERT: under SQLite's 32,766 bound variables at 9 columns. */
const CHUNK = 3000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timed(fn: () => Promise<void>): Promise<{ first: number; p95: number; median: number }> {
  const t0 = performance.now();
  await fn();
  const first = performance.now() - t0;
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    await fn();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  return { first, p95: percentile(samples, 0.95), median: percentile(samples, 0.5) };
}

const bench = await statsBenchDatabase('backlog');
const { db, orgId, campaignId, assetIds } = bench;

const seedStart = performance.now();
const now = Date.now();
for (let i = 0; i < SIZE; i += CHUNK) {
  const n = Math.min(CHUNK, SIZE - i);
  const shares = await db
    .insertInto('shares')
    .values(
      Array.from({ length: n }, (_, j) => ({
        assetId: assetIds[0],
        platform: PLATFORMS[(i + j) % PLATFORMS.length],
        campaignId,
        organizationId: orgId,
        scheduledFor: null,
        status: 'shared',
        ref: `b${(i + j).toString(36)}`,
        supporterId: `sup${(i + j) % 5000}`,
        createdAt: new Date(now - ((SIZE - i - j) % (60 * 24 * 60)) * 60_000).toISOString(),
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('clicks')
    .values(
      shares.map((s, j) => ({
        shareId: s.id,
        campaignId,
        organizationId: orgId,
        sharerId: `sup${(i + j) % 5000}`,
        visitorId: `v${i + j}`,
        networkHash: 'n',
        createdAt: new Date(now - ((SIZE - i - j) % (60 * 24 * 60)) * 60_000).toISOString(),
      })),
    )
    .execute();
}
console.log(
  `Stats with ${SIZE.toLocaleString('en')} shares and ${SIZE.toLocaleString('en')} clicks not rolled up (SQLite; seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s)`,
);

// The rollup job stays off: every call meets the whole backlog.
const { get, close } = await statsBenchApp(bench, { ROLLUP_INTERVAL_MS: '0' });
const base = await timed(get(`/api/campaigns/${campaignId}`));
let failed = false;
for (const [name, url] of [
  ['organisation stats', '/api/organization/stats'],
  ['campaign stats', `/api/campaigns/${campaignId}/stats`],
] as const) {
  const r = await timed(get(url));
  const ok = r.p95 < GOAL_P95_MS;
  failed ||= !ok;
  console.log(
    `  ${name.padEnd(18)} first ${r.first.toFixed(1)} ms  median ${r.median.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms (x${(r.median / base.median).toFixed(1)} a primary-key read, ${base.median.toFixed(2)} ms)  goal p95 < ${GOAL_P95_MS} ms: ${ok ? 'PASS' : 'FAIL'}`,
  );
}
await close();
if (failed) process.exitCode = 1;
