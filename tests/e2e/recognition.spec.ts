import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '../support/csv.ts';
import { expect, signInAs, test } from '../support/fixtures.ts';
import { PHONE, seedSupporterCampaign, type SeededSupporterCampaign } from '../support/supporter.ts';

// Recognition (docs/api.md "Momentum"): a supporter on a phone names themselves and
// opts in to the board; staff read the Leaderboard tab of Analytics, filter it, export
// it, and hide a name from every board.

/** A share of the campaign's first asset by the browser whose cookies `request` carries. */
async function logShare(request: APIRequestContext, seeded: SeededSupporterCampaign) {
  const res = await request.post('/api/shares', {
    data: {
      campaignId: seeded.campaignId,
      assetId: seeded.assets[0].id,
      organizationId: seeded.account.orgId,
      platform: 'twitter',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const board = (page: Page) => page.getByTestId('supporter-board');

test.describe('a supporter on a phone', () => {
  test.use(PHONE);

  test('opts in with a display name and appears on the board', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page).toHaveURL(/mobile=true/);
    // Two shares from this browser (its visitor cookie), one from someone who stays anonymous.
    await logShare(page.request, seeded);
    await logShare(page.request, seeded);
    const other = await request.get(`/api/supporter/campaigns/${seeded.campaignId}`);
    expect(other.status()).toBe(200);
    await logShare(request, seeded);

    const impact = page.getByRole('region', { name: 'My Impact' });
    await impact.scrollIntoViewIfNeeded();
    // Nobody is named unasked: the board starts empty.
    await expect(board(page)).toContainText('Nobody is on the board yet');
    await expect(impact.getByTestId('impact-recruits')).toHaveText('0');

    const name = impact.getByLabel('Your name on the board');
    // A name alone keeps the supporter anonymous.
    await name.fill('River Friend');
    await impact.getByRole('button', { name: 'Save' }).tap();
    await expect(impact.getByRole('status')).toHaveText('Saved.');
    await expect(board(page)).toContainText('Nobody is on the board yet');

    // Too short a name is refused before it is sent.
    await name.fill('R');
    await impact.getByRole('button', { name: 'Save' }).tap();
    await expect(impact.getByRole('alert')).toHaveText('Your name needs 2 to 40 characters.');

    await name.fill('River Friend');
    await impact.getByLabel('Show me on the supporter board').check();
    await impact.getByRole('button', { name: 'Save' }).tap();
    await expect(impact.getByRole('status')).toHaveText('Saved.');
    const sharers = board(page).getByRole('listitem');
    await expect(sharers).toHaveCount(1);
    await expect(sharers.first()).toContainText('1. River Friend');
    await expect(sharers.first()).toContainText('2');

    // After a reload the choice is still there, and the page fits the phone.
    await page.reload();
    await page.getByRole('region', { name: 'My Impact' }).scrollIntoViewIfNeeded();
    await expect(page.getByLabel('Your name on the board')).toHaveValue('River Friend');
    await expect(page.getByLabel('Show me on the supporter board')).toBeChecked();
    await expect(board(page).getByRole('listitem').first()).toContainText('River Friend');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the board under My Impact holds its place while it loads: nothing below it moves', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    // The board answers late, so the page is measured while its part loads and once it has.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/supporter/campaigns/${seeded.campaignId}/board`, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page).toHaveURL(/mobile=true/);
    const below = page.getByText(/^Influence Score = Your Shares/).locator('..');
    // Its place in the document (not on screen, which scrolling changes).
    const top = () => below.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await expect(below).toBeAttached();
    const before = await top();

    await page.getByRole('region', { name: 'My Impact' }).scrollIntoViewIfNeeded();
    // The part has loaded with its words; the board has not answered yet.
    await expect(page.getByLabel('Your name on the board')).toBeVisible();
    await expect(board(page)).toHaveCount(0);
    expect(await top()).toBe(before);

    release();
    await expect(board(page)).toContainText('Nobody is on the board yet');
    expect(await top()).toBe(before);
  });
});

test('staff read, filter and export the leaderboard, and hide a name from every board', async ({
  page,
  request,
  browser,
}) => {
  const seeded = await seedSupporterCampaign(request);
  const other = await seedSupporterCampaign(request); // another organisation's supporters never show
  // A supporter who opted in, with two shares; one who did not, with one.
  const named = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await named.request.get(`/api/supporter/campaigns/${seeded.campaignId}`);
  const put = await named.request.put(`/api/supporter/campaigns/${seeded.campaignId}/profile`, {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { displayName: 'Named Sharer', onBoard: true },
  });
  expect(put.status(), await put.text()).toBe(200);
  await logShare(named.request, seeded);
  await logShare(named.request, seeded);
  await logShare(request, seeded);
  await logShare(request, other);
  await named.close();

  await signInAs(page, seeded.account);
  // The member's own share, signed in on the supporter page: the members' leaderboard.
  await logShare(page.request, seeded);
  await page.goto('/');
  const analytics = page.getByRole('region', { name: 'Analytics', exact: true });
  await analytics.getByRole('tab', { name: 'Leaderboard' }).click();
  const table = analytics.getByTestId('leaderboard');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Named Sharer', { timeout: 20_000 });
  await expect(rows).toHaveCount(3);
  await expect(rows.first().locator('td').nth(2)).toHaveText('2');
  await expect(rows.nth(1)).toContainText(/Anonymous supporter [0-9a-f]{6}/);

  // Filters: a campaign, a period, the members.
  await analytics.getByLabel('Campaign').selectOption({ label: seeded.name });
  await expect(rows).toHaveCount(3);
  await analytics.getByLabel('Period').selectOption('7');
  await expect(rows).toHaveCount(3);
  await analytics.getByLabel('Period').selectOption('custom');
  await analytics.getByLabel('From (UTC)').fill('2020-01-01');
  await analytics.getByLabel('To (UTC)').fill('2020-01-31');
  await expect(analytics.getByText('Nobody has shared in this period yet.')).toBeVisible();
  await analytics.getByLabel('Period').selectOption('all');
  await analytics.getByLabel('Show').selectOption('members');
  await expect(rows.first()).toContainText(seeded.account.username);
  await expect(rows.first().locator('td').nth(2)).toHaveText('1');
  await analytics.getByLabel('Show').selectOption('supporters');

  // Export CSV: the same rows.
  const waiting = page.waitForEvent('download');
  await analytics.getByRole('link', { name: 'Export CSV' }).click();
  const file = await waiting;
  const csv = parseCsv(fs.readFileSync((await file.path()) as string, 'utf8'));
  expect(csv[0]).toEqual(['rank', 'name', 'shares', 'clickThroughs', 'recruits']);
  expect(csv[1]).toEqual(['1', 'Named Sharer', '2', '0', '0']);
  expect(csv).toHaveLength(4);

  // Hide the name: gone from the staff leaderboard and the public board at once.
  await rows.first().getByRole('button', { name: 'Hide the name Named Sharer' }).click();
  await expect(table).not.toContainText('Named Sharer');
  await expect(table.getByText('Name hidden')).toBeVisible();
  const publicBoard = await request.get(`/api/supporter/campaigns/${seeded.campaignId}/board`);
  expect(JSON.stringify(await publicBoard.json())).not.toContain('Named Sharer');
  await table.getByRole('button', { name: /^Unhide the name of Anonymous supporter/ }).click();
  await expect(rows.first()).toContainText('Named Sharer');
});
