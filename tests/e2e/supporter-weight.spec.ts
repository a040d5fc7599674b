import path from 'node:path';
import {
  gzipBytes,
  JS_BUDGET_BYTES,
  kb,
  readManifest,
  supporterCatalogKeys,
  supporterJsFiles,
} from '../../bench/lib/supporter-weight.ts';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, PHONE, seedSupporterCampaign } from '../support/supporter.ts';

// What a phone and a desktop download before the supporter page is usable: every JS
// file fetched until the network is idle, each body gzipped at level 9 (as the bench
// counts), under the budget; and the files are the ones bench/supporter-bundle.ts
// counts from the manifest of the build this server serves (scripts/e2e-server.ts).

const clientDist = path.resolve('.tmp', `e2e-${process.env.E2E_PORT ?? 4173}`, 'client');

for (const [device, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test('the supporter page loads under the JS budget, the files the bench counts', async ({
      page,
      request,
    }) => {
      const seeded = await seedSupporterCampaign(request);
      const scripts = new Map<string, Promise<number>>();
      page.on('response', (res) => {
        const { pathname } = new URL(res.url());
        if (pathname.endsWith('.js')) scripts.set(pathname.slice(1), res.body().then(gzipBytes));
      });

      await page.goto(`/supporter/${seeded.campaignId}`);
      await page.waitForLoadState('networkidle');
      // Usable: the campaign and its share buttons are there.
      await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
      await expect(page.getByRole('button', { name: /Share/ }).first()).toBeVisible();
      if (device === 'phone') await expect(page).toHaveURL(/mobile=true/);
      await page.waitForLoadState('networkidle');

      const fetched = new Map<string, number>();
      for (const [file, bytes] of scripts) fetched.set(file, await bytes);
      const total = [...fetched.values()].reduce((n, b) => n + b, 0);
      const listing = [...fetched].map(([f, b]) => `${kb(b)} ${f}`).join('\n');
      expect(total, `${kb(total)} of JS, budget ${kb(JS_BUDGET_BYTES)}:\n${listing}`).toBeLessThan(
        JS_BUDGET_BYTES,
      );

      // The bench counts the heaviest language's catalog; an English browser loads English's.
      const manifest = readManifest(clientDist);
      const counted = [
        ...supporterJsFiles(manifest),
        ...supporterCatalogKeys('en').map((k) => manifest[k].file),
      ];
      expect([...fetched.keys()].sort()).toEqual(counted.sort());
    });
  });
}
