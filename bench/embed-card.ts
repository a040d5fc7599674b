// The embeddable share card (/embed/{campaignId}): its JavaScript must stay under
// 20 KB gzip (it must never pull the React app) and its Lighthouse accessibility must
// be 100. Builds and serves the production client like bench/supporter-lighthouse.ts
// (scripts/e2e-server.ts), seeds a campaign of 3 images, then measures:
// - the gzip size of every script the card's HTML loads, against the SPA's entry chunk
//   of the same build (the baseline ratio);
// - Lighthouse 12.2.3 (mobile) on the card, the 404 page of the same build as baseline.
// Run: npx tsx bench/embed-card.ts   (LH_RUNS=n, E2E_SKIP_BUILD=1 as for the supporter bench)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { BASE, measure, type Scores, withServedCampaign } from './supporter-lighthouse.ts';

const JS_BUDGET_BYTES = 20 * 1024;
const GOAL_ACCESSIBILITY = 100;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gzipOf = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;

/** Every script the card's page loads (by its <script src>), fetched from the running server. */
async function cardScripts(campaignId: number): Promise<{ src: string; gzip: number }[]> {
  const html = await (await fetch(`${BASE}/embed/${campaignId}`)).text();
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  if (srcs.length === 0) throw new Error('the card loads no script: is the client built?');
  return Promise.all(
    srcs.map(async (src) => {
      const bytes = Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer());
      return { src, gzip: gzipOf(bytes) };
    }),
  );
}

/** The SPA's entry chunk in the same build: what a framed React page would load first. */
function appEntryGzip(): number {
  const dist = path.join(ROOT, '.tmp', `e2e-${new URL(BASE).port}`, 'client');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((c) => c.isEntry && c.file.endsWith('.js'));
  if (!entry) throw new Error('no entry chunk in the manifest');
  return gzipOf(fs.readFileSync(path.join(dist, entry.file)));
}

export function main(): Promise<{ pass: boolean; jsGzip: number; accessibility: number }> {
  return withServedCampaign(async (campaignId, chromePort) => {
    const scripts = await cardScripts(campaignId);
    const js = scripts.reduce((n, s) => n + s.gzip, 0);
    const appEntry = appEntryGzip();
    const card = await measure(`${BASE}/embed/${campaignId}`, chromePort);
    const baseline = await measure(`${BASE}/no-such-page`, chromePort);

    const jsOk = js <= JS_BUDGET_BYTES;
    const a11yOk = card.accessibility >= GOAL_ACCESSIBILITY;
    const line = (label: string, s: Scores) =>
      `  ${label} performance ${s.performance}  accessibility ${s.accessibility}  (LCP ${s.metrics.LCP}, TBT ${s.metrics.TBT}, CLS ${s.metrics.CLS})`;
    console.log('Embeddable share card');
    for (const s of scripts) console.log(`  script ${s.src}: ${kb(s.gzip)} gzip`);
    console.log(
      `  card JS ${kb(js)} gzip; the app's entry chunk ${kb(appEntry)} (ratio ${(js / appEntry).toFixed(3)})`,
    );
    console.log(line('card            ', card));
    console.log(line('404 page (base) ', baseline));
    if (card.failedA11y.length) console.log(`  failed accessibility audits: ${card.failedA11y.join(', ')}`);
    console.log(`  card JS ${kb(js)} <= ${kb(JS_BUDGET_BYTES)}: ${jsOk ? 'PASS' : 'FAIL'}`);
    console.log(
      `  accessibility ${card.accessibility} >= ${GOAL_ACCESSIBILITY}: ${a11yOk ? 'PASS' : 'FAIL'}`,
    );
    return { pass: jsOk && a11yOk, jsGzip: js, accessibility: card.accessibility };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pass } = await main();
  process.exitCode = pass ? 0 : 1;
}
