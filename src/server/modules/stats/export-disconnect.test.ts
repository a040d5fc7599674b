import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { shareRow } from '../../test/db-rows.ts';
import { exportActivity } from './export.service.ts';

// A client that stops reading, then goes away in the middle of an export: the server
// must stop reading pages (back-pressure), then close the reader (no leak). A small
// page size and wide rows make the export far larger than the socket buffers.

const PAGE_SIZE = 25;
const SHARES = 10_000;
const TOTAL_PAGES = SHARES / PAGE_SIZE;

let t: TestApp;
let token: string;
let campaignId: number;
/** A small campaign (short rows) for the read-to-the-end case. */
let smallCampaignId: number;
const SMALL_SHARES = 510;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ ROLLUP_INTERVAL_MS: '0', EXPORT_PAGE_SIZE: String(PAGE_SIZE) });
  let orgId: number;
  ({ token, orgId } = await signUp(t.app));
  let assetIds: number[];
  ({ campaignId, assetIds } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    // About 5 KB per CSV row: 10,000 rows are ~50 MB, more than any loopback buffer.
    assets: [{ title: 'x'.repeat(5000), type: 'text', content: 'a' }],
  }));
  let smallAssetIds: number[];
  ({ campaignId: smallCampaignId, assetIds: smallAssetIds } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    assets: [{ title: 'Short', type: 'text', content: 'a' }],
  }));
  const now = new Date().toISOString();
  const seed = async (campaign: number, assetId: number, count: number, prefix: string) => {
    for (let i = 0; i < count; i += 500) {
      await t.database.db
        .insertInto('shares')
        .values(
          Array.from({ length: Math.min(500, count - i) }, (_, j) =>
            shareRow({
              assetId,
              campaignId: campaign,
              organizationId: orgId,
              ref: `${prefix}${String(i + j).padStart(7, '0')}`,
              createdAt: now,
            }),
          ),
        )
        .execute();
    }
  };
  await seed(campaignId, assetIds[0], SHARES, 'dropRef');
  await seed(smallCampaignId, smallAssetIds[0], SMALL_SHARES, 'fullRef');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `read()` has not changed for `quietMs` (or `maxMs` passed); returns its value. */
async function settled(read: () => number, quietMs = 300, maxMs = 10_000): Promise<number> {
  const start = Date.now();
  let last = read();
  let since = Date.now();
  while (Date.now() - start < maxMs) {
    await sleep(25);
    const now = read();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
  }
  return last;
}

describe('CSV export and a client that goes away', () => {
  it('stops reading while the client does not read, and closes the reader when it disconnects', async () => {
    const before = exportActivity.pagesRead;
    const openBefore = exportActivity.open;
    const req = http.get(`${base}/api/campaigns/${campaignId}/export.csv?type=shares`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    // Take the first chunk, then stop reading.
    await new Promise<void>((resolve) => res.once('data', () => resolve()));
    res.pause();

    const whilePaused = (await settled(() => exportActivity.pagesRead)) - before;
    expect(exportActivity.open).toBe(openBefore + 1);
    expect(whilePaused).toBeGreaterThan(0);
    expect(whilePaused).toBeLessThan(TOTAL_PAGES);

    req.on('error', () => undefined);
    req.destroy();
    // The generator's finally ran: the export is no longer open.
    const start = Date.now();
    while (exportActivity.open !== openBefore && Date.now() - start < 5000) await sleep(25);
    expect(exportActivity.open).toBe(openBefore);
    const afterClose = exportActivity.pagesRead;
    await sleep(300);
    expect(exportActivity.pagesRead).toBe(afterClose);
    // At most the page in flight when the client left was read after the pause.
    expect(afterClose - before).toBeLessThanOrEqual(whilePaused + 1);
  });

  it('reads every page for a client that reads to the end', async () => {
    const before = exportActivity.pagesRead;
    const res = await fetch(`${base}/api/campaigns/${smallCampaignId}/export.csv?type=shares`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.text();
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(SMALL_SHARES + 1);
    // 21 pages with rows, and one more query that finds the end.
    expect(exportActivity.pagesRead - before).toBe(Math.ceil(SMALL_SHARES / PAGE_SIZE) + 1);
    expect(exportActivity.open).toBe(0);
  });
});
