import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator } from '@playwright/test';
import { type Account, expect, test } from '../support/fixtures.ts';
import { type SeededCampaign, seedAsset, seedCampaign } from '../support/workspace.ts';

// The analytics view's "By language" table against the real API: shares logged through
// POST /api/shares with the language their page was in, and a click-through confirmed by
// a real browser visit to a Spanish share's link.

test.describe.configure({ timeout: 90_000 });

async function logShare(
  request: APIRequestContext,
  account: Account,
  campaign: SeededCampaign,
  assetId: number,
  fields: { language?: string; status?: 'shared' | 'opened' | 'prepared'; platform?: string },
): Promise<string> {
  // Random, not a counter: parallel workers must not make the same code.
  const ref = `e2e${randomUUID().replaceAll('-', '')}`;
  const res = await request.post('/api/shares', {
    data: {
      assetId,
      campaignId: campaign.id,
      organizationId: account.orgId,
      platform: 'twitter',
      ref,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ref;
}

/** A visit through a tracked link from a browser of its own (a new visitor), confirmed by the page. */
async function clickThrough(browser: Browser, campaignId: number, ref: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const confirmed = visitor.waitForResponse((r) => r.url().endsWith('/api/clicks'));
  await visitor.goto(`/supporter/${campaignId}?ref=${ref}`);
  expect((await confirmed).status()).toBe(204);
  await context.close();
}

const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));

test('the analytics view shows shares and click-throughs per language', async ({
  page,
  request,
  browser,
  signedIn,
}) => {
  const campaign = await seedCampaign(request, signedIn, { name: 'Languages Campaign' });
  const asset = await seedAsset(request, signedIn, campaign, { title: 'Poster text' });
  const spanish = await logShare(request, signedIn, campaign, asset.id, { language: 'es' });
  await logShare(request, signedIn, campaign, asset.id, { language: 'es' });
  await logShare(request, signedIn, campaign, asset.id, { language: 'es', status: 'opened' });
  await logShare(request, signedIn, campaign, asset.id, { language: 'en' });
  await logShare(request, signedIn, campaign, asset.id, {
    language: 'ar',
    platform: 'copy',
    status: 'prepared',
  });
  await logShare(request, signedIn, campaign, asset.id, {});
  await clickThrough(browser, campaign.id, spanish);
  await clickThrough(browser, campaign.id, spanish);

  await page.goto(`/campaigns/${campaign.id}`);
  const view = page.getByRole('region', { name: 'Analytics', exact: true });
  const table = view.getByRole('table', { name: 'By language' });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(table).toHaveAccessibleDescription(/a click-through in the language of the share whose link/);
  expect(await table.getByRole('columnheader').allTextContents()).toEqual([
    'Language',
    'Shares',
    'Clicks',
    'Click-throughs per share',
    'Share Windows Opened',
    'Posts Prepared',
  ]);
  await expect(table.getByRole('columnheader', { name: 'Shares' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Spanish: 2 shares brought 2 click-throughs (100%); an English share none; Arabic only
  // a prepared post (no shares to divide by); one share logged without a language.
  expect(await tableRows(table)).toEqual([
    ['Spanish', '2', '2', '100%', '1', '0'],
    ['English', '1', '0', '0%', '0', '0'],
    ['Not recorded', '1', '0', '0%', '0', '0'],
    ['Arabic', '0', '0', '—No shares', '0', '1'],
  ]);
  // Each column sums to the range's totals.
  await expect(view.getByTestId('analytics-total-shares')).toHaveText('4');
  await expect(view.getByTestId('analytics-total-clicks')).toHaveText('2');
});
