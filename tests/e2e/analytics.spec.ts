import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Download, Locator, Page } from '@playwright/test';
import { parseCsv } from '../support/csv.ts';
import { type Account, api, expect, signInAs, test } from '../support/fixtures.ts';
import { PHONE } from '../support/supporter.ts';
import { addMember } from '../support/teams.ts';
import { type SeededCampaign, seedAsset, seedCampaign } from '../support/workspace.ts';
import { DAY_MS } from '#shared/durations.ts';

// The analytics view against the real API: shares logged through POST /api/shares, clicks
// confirmed by real browser visits to tracked links. The organisation's zone is set far
// from UTC (the browser runs there too unless a test says otherwise), so the view's day
// buckets and the downloads have to carry that zone.

const TZ = 'Pacific/Auckland';
test.use({ timezoneId: TZ });
test.describe.configure({ timeout: 90_000 });

const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

async function logShare(
  request: APIRequestContext,
  account: Account,
  campaign: SeededCampaign,
  assetId: number,
  platform: string,
  parentRef?: string,
  status: 'shared' | 'opened' | 'prepared' = 'shared',
): Promise<string> {
  // Random, not a counter: parallel workers must not make the same code.
  const ref = `e2e${randomUUID().replaceAll('-', '')}`;
  const res = await request.post('/api/shares', {
    data: {
      assetId,
      campaignId: campaign.id,
      organizationId: account.orgId,
      platform,
      ref,
      status,
      ...(parentRef && { parentRef }),
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

/**
 * Campaign A: 5 shares on four platforms over two assets (one share made through another's
 * link: generation 1) and 3 confirmed clicks; campaign B: 1 share.
 */
async function seedActivity(request: APIRequestContext, browser: Browser, account: Account) {
  const a = await seedCampaign(request, account, { name: 'Analytics Campaign' });
  const poster = await seedAsset(request, account, a, { title: 'Poster text' });
  const letter = await seedAsset(request, account, a, { title: 'Letter text' });
  const b = await seedCampaign(request, account, { name: 'Second Campaign' });
  const other = await seedAsset(request, account, b, { title: 'Other text' });

  const first = await logShare(request, account, a, poster.id, 'twitter');
  await logShare(request, account, a, poster.id, 'twitter');
  const viaFacebook = await logShare(request, account, a, poster.id, 'facebook');
  await logShare(request, account, a, letter.id, 'linkedin');
  await logShare(request, account, a, letter.id, 'whatsapp', first);
  await logShare(request, account, b, other.id, 'facebook');
  // A window opened and a text copied: apart from the shares.
  await logShare(request, account, a, poster.id, 'whatsapp', undefined, 'opened');
  await logShare(request, account, a, letter.id, 'copy', undefined, 'prepared');

  await clickThrough(browser, a.id, first);
  await clickThrough(browser, a.id, first);
  await clickThrough(browser, a.id, viaFacebook);

  // The clicks are counted (the confirmation answers 204 either way).
  const stats = await (await api(request, account.token).get(`/api/campaigns/${a.id}/stats`)).json();
  expect(stats.clickThroughs).toBe(3);
  return { a, b };
}

/** The organisation's time zone setting, through the API (the Settings form is tested below). */
async function setOrgZone(request: APIRequestContext, account: Account, timeZone: string) {
  const res = await api(request, account.token).put('/api/organization/settings', { general: { timeZone } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fetch of the analytics waits for a server that may be busy with other specs' work. */
const FIRST_LOAD = { timeout: 20_000 };

const view = (page: Page) => page.getByRole('region', { name: 'Analytics', exact: true });
const PER_DAY = 'Per day: shares, clicks, share windows opened and posts prepared';
const total = (
  page: Page,
  id: 'shares' | 'clicks' | 'opened' | 'prepared' | 'unconfirmed' | 'supporters' | 'engagement',
) => view(page).getByTestId(`analytics-total-${id}`);
/** The value of one of the page's stat cards (label in <dt>, number in <dd>). */
const card = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=..').getByRole('definition');

async function expectRange(page: Page, from: string, to: string) {
  await expect(view(page).getByTestId('analytics-range')).toHaveText(`${from} to ${to}`, FIRST_LOAD);
}

async function download(page: Page, name: string): Promise<{ file: Download; rows: string[][] }> {
  const waiting = page.waitForEvent('download');
  await view(page).getByRole('link', { name }).click();
  const file = await waiting;
  return { file, rows: parseCsv(fs.readFileSync((await file.path()) as string, 'utf8')) };
}

/** No serious or critical axe findings inside the analytics view. */
async function expectAccessibleView(page: Page) {
  const axe = await new AxeBuilder({ page }).include('section:has(> #analytics-heading)').analyze();
  expect(axe.passes.length).toBeGreaterThan(0);
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
  ).toEqual([]);
}

/** A breakdown's figure columns: named as the totals name them (docs/api.md "Stats"). */
const FIGURE_COLUMNS = ['Shares', 'Clicks', 'Share Windows Opened', 'Posts Prepared'];
/** The names of a table's columns. */
const columnNames = (table: Locator) =>
  table.getByRole('columnheader').evaluateAll((ths) => ths.map((th) => th.textContent));

/** The cells of each body row of a table, as text. */
const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));

test('the campaign analytics view: ranges, sorting, referrals, downloads that match the cards', async ({
  page,
  request,
  browser,
  signedIn,
}) => {
  const { a } = await seedActivity(request, browser, signedIn);
  const today = todayIn(TZ);

  // The admin sets the organisation's zone in Settings; the view then counts in it.
  await page.goto('/settings');
  const zone = page.getByLabel('Time zone');
  await expect(zone).toHaveValue('UTC');
  await expect(page.getByText('Analytics and CSV downloads count days')).toBeVisible();
  await zone.selectOption(TZ);
  await page.getByRole('button', { name: 'Save General Settings' }).click();
  await expect(page.getByText('Settings saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue(TZ);

  await page.goto(`/campaigns/${a.id}`);
  await expect(view(page).getByTestId('analytics-time-zone')).toHaveText(
    `Days run midnight to midnight in ${TZ} (the organization's time zone).`,
  );
  // The browser is in the same zone: nothing to switch to.
  await expect(view(page).getByRole('checkbox')).toHaveCount(0);
  await expectRange(page, addDays(today, -29), today);

  // The same totals as the campaign's stats cards.
  await expect(card(page, 'Total Shares')).toHaveText('5');
  await expect(card(page, 'Click-throughs')).toHaveText('3');
  await expect(total(page, 'shares')).toHaveText('5', FIRST_LOAD);
  await expect(total(page, 'clicks')).toHaveText('3');
  await expect(total(page, 'opened')).toHaveText('1');
  await expect(total(page, 'prepared')).toHaveText('1');
  await expect(view(page).getByText('Supporters Who Shared', { exact: true })).toBeVisible();
  await expect(total(page, 'supporters')).toHaveText('1');
  const perDay = view(page).getByRole('region', { name: PER_DAY });
  await expect(perDay.locator('.recharts-responsive-container')).toBeVisible();
  // Four lines, named as docs/api.md names the figures.
  for (const name of ['Shares', 'Clicks', 'Share Windows Opened', 'Posts Prepared'])
    await expect(perDay.locator('.recharts-legend-item-text', { hasText: name })).toBeVisible();

  // Presets: each one asks for its range in the browser's zone, and the totals hold.
  for (const [label, from] of [
    ['7 days', addDays(today, -6)],
    ['90 days', addDays(today, -89)],
    ['This year', `${today.slice(0, 4)}-01-01`],
  ] as const) {
    await view(page).getByRole('button', { name: label }).click();
    await expect(view(page).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    await expectRange(page, from, today);
    await expect(total(page, 'shares')).toHaveText('5');
    await expect(total(page, 'clicks')).toHaveText('3');
  }

  // Custom ranges the server refuses: its message on the control, the inputs marked.
  await view(page).getByRole('button', { name: 'Custom' }).click();
  const from = view(page).getByLabel('From', { exact: true });
  const to = view(page).getByLabel('To', { exact: true });
  await from.fill(today);
  await to.fill(addDays(today, -3));
  await expect(view(page).getByRole('alert')).toHaveText('The end date must be on or after the start date');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await from.fill(addDays(today, -400));
  await to.fill(today);
  await expect(view(page).getByRole('alert')).toHaveText('The range must be at most 366 days');
  await expectAccessibleView(page);
  await from.fill(addDays(today, -2));
  await expect(view(page).getByRole('alert')).toHaveCount(0);
  await expectRange(page, addDays(today, -2), today);
  await expect(total(page, 'shares')).toHaveText('5');

  // A range before the activity is empty, not broken.
  await from.fill(addDays(today, -20));
  await to.fill(addDays(today, -10));
  await expect(
    view(page).getByText(/^No shares, clicks, share windows opened or posts prepared between/),
  ).toBeVisible();
  await expect(total(page, 'shares')).toHaveText('0');
  await view(page).getByRole('button', { name: '7 days' }).click();
  await expect(total(page, 'shares')).toHaveText('5');

  // Per platform: sorted by shares first; headers are buttons that sort by keyboard too.
  // The window opened (WhatsApp) and the text copied are in columns of their own, named
  // as the totals name them, and each column sums to its total.
  const platforms = view(page).getByRole('table', { name: 'By platform' });
  expect(await columnNames(platforms)).toEqual(['Platform', ...FIGURE_COLUMNS]);
  const sharesHeader = platforms.getByRole('columnheader', { name: 'Shares' });
  const clicksHeader = platforms.getByRole('columnheader', { name: 'Clicks' });
  await expect(sharesHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await tableRows(platforms)).toEqual([
    ['X', '2', '2', '0', '0'],
    ['Facebook', '1', '1', '0', '0'],
    ['LinkedIn', '1', '0', '0', '0'],
    ['WhatsApp', '1', '0', '1', '0'],
    ['Copied text', '0', '0', '0', '1'],
  ]);
  const sumOf = (rows: (string | null)[][], col: number) => rows.reduce((n, r) => n + Number(r[col]), 0);
  for (const [col, id] of (['shares', 'clicks', 'opened', 'prepared'] as const).entries())
    expect(String(sumOf(await tableRows(platforms), col + 1))).toBe(await total(page, id).textContent());

  await clicksHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(clicksHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(sharesHeader).not.toHaveAttribute('aria-sort');
  expect((await tableRows(platforms)).map((r) => r[2])).toEqual(['2', '1', '0', '0', '0']);
  await page.keyboard.press('Space');
  await expect(clicksHeader).toHaveAttribute('aria-sort', 'ascending');
  expect((await tableRows(platforms)).map((r) => r[2])).toEqual(['0', '0', '0', '1', '2']);
  await platforms.getByRole('button', { name: 'Posts Prepared' }).click();
  await expect(platforms.getByRole('columnheader', { name: 'Posts Prepared' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect((await tableRows(platforms))[0]).toEqual(['Copied text', '0', '0', '0', '1']);
  await platforms.getByRole('button', { name: 'Platform' }).click();
  await expect(platforms.getByRole('columnheader', { name: 'Platform' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect((await tableRows(platforms)).map((r) => r[0])).toEqual([
    'Copied text',
    'Facebook',
    'LinkedIn',
    'WhatsApp',
    'X',
  ]);

  const assets = view(page).getByRole('table', { name: 'By asset' });
  expect(await columnNames(assets)).toEqual(['Asset', ...FIGURE_COLUMNS]);
  expect(await tableRows(assets)).toEqual([
    ['Poster text', '3', '3', '1', '0'],
    ['Letter text', '2', '0', '0', '1'],
  ]);

  // Referral generations: the one supporter made all five, one of them through their own
  // shared link, which makes no new generation (docs/api.md, "Referral generations").
  const generations = view(page).getByRole('list', { name: 'Shares per referral generation' });
  await expect(generations.getByRole('listitem')).toHaveText([/Direct \(0\)\s*5 shares/]);
  await expect(view(page).getByTestId('viral-coefficient')).toHaveText(
    'Viral coefficient 0: for every share made directly, 0 more were made by people who arrived through a shared link.',
  );

  // Top supporters carry the labels the server gives (pseudonyms; never the raw id).
  const range = { from: addDays(today, -6), to: today, tz: TZ };
  const body = await (
    await api(request, signedIn.token).get(`/api/campaigns/${a.id}/analytics?${new URLSearchParams(range)}`)
  ).json();
  const supporters = view(page).getByRole('table', { name: 'Top supporters' });
  expect((await tableRows(supporters)).map((r) => r[0])).toEqual(
    body.topSupporters.map((s: { label: string }) => s.label),
  );
  expect(body.topSupporters).toHaveLength(1);
  // A handful of events: the list is exact, and the view adds no caveat.
  expect(body.topSupportersExact).toBe(true);
  await expect(supporters).not.toHaveAttribute('aria-describedby');
  await expect(view(page).getByText(/^Among the most active/)).toHaveCount(0);

  // Downloads of the same range and zone; each file's rows equal the cards' totals.
  const sharesLink = view(page).getByRole('link', { name: 'Download shares CSV' });
  expect(new URL((await sharesLink.getAttribute('href')) as string, page.url()).searchParams.get('tz')).toBe(
    TZ,
  );
  const shares = await download(page, 'Download shares CSV');
  expect(shares.file.suggestedFilename()).toBe(`campaign-${a.id}-shares.csv`);
  expect(shares.rows[0]).toEqual([
    'id',
    'createdAt',
    'campaignId',
    'campaignName',
    'assetId',
    'assetTitle',
    'platform',
    'status',
    'scheduledFor',
    'ref',
    'parentRef',
    'depth',
    'supporter',
    'variantId',
    'source',
    'language',
  ]);
  expect(shares.rows.length - 1).toBe(Number(await card(page, 'Total Shares').textContent()));
  // The share made through the supporter's own link keeps its parent but not a new depth.
  expect(shares.rows.slice(1).filter((r) => r[10] !== '')).toHaveLength(1);
  expect(shares.rows.slice(1).map((r) => r[11])).toEqual(['0', '0', '0', '0', '0']);
  const clicks = await download(page, 'Download clicks CSV');
  expect(clicks.file.suggestedFilename()).toBe(`campaign-${a.id}-clicks.csv`);
  expect(clicks.rows[0][0]).toBe('id');
  expect(clicks.rows.length - 1).toBe(Number(await card(page, 'Click-throughs').textContent()));

  await expectAccessibleView(page);
});

test('the dashboard analytics view covers the organisation, per campaign', async ({
  page,
  request,
  browser,
  signedIn,
}) => {
  const { a, b } = await seedActivity(request, browser, signedIn);
  await setOrgZone(request, signedIn, TZ);
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Organization statistics' });
  await expect(card(cards, 'Total Shares')).toHaveText('6');
  await expect(total(page, 'shares')).toHaveText('6', FIRST_LOAD);
  await expect(total(page, 'clicks')).toHaveText('3');

  const campaigns = view(page).getByRole('table', { name: 'By campaign' });
  expect(await columnNames(campaigns)).toEqual(['Campaign', ...FIGURE_COLUMNS]);
  expect(await tableRows(campaigns)).toEqual([
    ['Analytics Campaign', '5', '3', '1', '1'],
    ['Second Campaign', '1', '0', '0', '0'],
  ]);
  await campaigns.getByRole('button', { name: 'Shares' }).click();
  await expect(campaigns.getByRole('columnheader', { name: 'Shares' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect((await tableRows(campaigns)).map((r) => r[0])).toEqual(['Second Campaign', 'Analytics Campaign']);
  await expect(campaigns.getByRole('link', { name: 'Second Campaign' })).toHaveAttribute(
    'href',
    `/campaigns/${b.id}`,
  );

  await view(page).getByRole('button', { name: '90 days' }).click();
  await expectRange(page, addDays(todayIn(TZ), -89), todayIn(TZ));
  const shares = await download(page, 'Download shares CSV');
  expect(shares.file.suggestedFilename()).toBe(`organization-${signedIn.orgId}-shares.csv`);
  expect(shares.rows.length - 1).toBe(Number(await card(cards, 'Total Shares').textContent()));
  expect(new Set(shares.rows.slice(1).map((r) => r[2]))).toEqual(new Set([String(a.id), String(b.id)]));
  const clicks = await download(page, 'Download clicks CSV');
  expect(clicks.rows.length - 1).toBe(3);
  await expectAccessibleView(page);
});

const TOP_ESTIMATE_NOTE =
  "Among the most active: with more than 5,000 shares and clicks in the range, this list is drawn from each day's most active supporters, so someone who shares a little on many days can be missing. The counts shown are exact.";

test('above 5,000 shares and clicks the top supporters say they are among the most active', async ({
  page,
  request,
  signedIn,
}) => {
  test.setTimeout(240_000);
  const c = await seedCampaign(request, signedIn, { name: 'Busy Campaign' });
  const asset = await seedAsset(request, signedIn, c, { title: 'Busy text' });
  // 5,001 shares through the API (loopback is exempt from the per-address limit), a few
  // in flight at a time. The first one sets the visitor cookie the request context then
  // sends with the others: one supporter made them all.
  await logShare(request, signedIn, c, asset.id, 'twitter');
  const SHARES = 5000;
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < SHARES) {
        next++;
        await logShare(request, signedIn, c, asset.id, 'twitter');
      }
    }),
  );
  await page.goto(`/campaigns/${c.id}`);
  await expect(total(page, 'shares')).toHaveText((5001).toLocaleString('en-US'), { timeout: 30_000 });
  const supporters = view(page).getByRole('table', { name: 'Top supporters' });
  await expect(supporters).toHaveAccessibleDescription(TOP_ESTIMATE_NOTE);
  await expect(view(page).getByText(TOP_ESTIMATE_NOTE)).toBeVisible();
  // The counts beside the caveat are exact: the one supporter made every share.
  expect(await tableRows(supporters)).toEqual([[expect.any(String), '5,001', '0']]);
  await expectAccessibleView(page);
});

test('on a phone the view fits the screen without sideways scrolling', async ({
  browser,
  request,
  account,
}) => {
  const { a } = await seedActivity(request, browser, account);
  const context = await browser.newContext({ ...PHONE, timezoneId: TZ });
  const page = await context.newPage();
  await signInAs(page, account);
  for (const url of [`/campaigns/${a.id}`, '/']) {
    await page.goto(url);
    await expect(total(page, 'shares')).toHaveText(url === '/' ? '6' : '5', FIRST_LOAD);
    // The breakdowns' five columns fit: each row is a card, each figure beside its name.
    for (const name of ['By platform', 'By asset', ...(url === '/' ? ['By campaign'] : [])]) {
      const table = view(page).getByRole('table', { name });
      await expect(table).toBeVisible();
      expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(
        0,
      );
      const shown = await table
        .locator('tbody tr')
        .first()
        .locator('td')
        .evaluateAll((tds) =>
          tds.map((td) => {
            const label = getComputedStyle(td, '::before').content;
            const box = td.getBoundingClientRect();
            return { label, text: td.textContent, inView: box.left >= 0 && box.right <= window.innerWidth };
          }),
        );
      expect(shown.map((c) => c.label).slice(1)).toEqual(FIGURE_COLUMNS.map((l) => `"${l}"`));
      expect(shown.every((c) => c.inView)).toBe(true);
    }
    const whatsapp = view(page)
      .getByRole('table', { name: 'By platform' })
      .getByRole('row', { name: /WhatsApp/ });
    await expect(whatsapp.getByRole('cell')).toHaveText(['WhatsApp', '1', '0', '1', '0']);
    await view(page).getByRole('button', { name: 'Custom' }).click();
    await expect(view(page).getByLabel('To', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
  await context.close();
});

test('on a phone a visit through a tracked link counts once; a confirmation without its token is unconfirmed', async ({
  browser,
  request,
  account,
}) => {
  const a = await seedCampaign(request, account, { name: 'Phone Visit Campaign' });
  const { id: assetId } = await seedAsset(request, account, a, { title: 'Phone text' });
  const ref = await logShare(request, account, a, assetId, 'twitter');

  // A friend opens the shared link on a phone; a moment later the page confirms the
  // visit with the token its HTML carried.
  const friend = await browser.newContext({ ...PHONE, timezoneId: TZ });
  const visitor = await friend.newPage();
  const confirmed = visitor.waitForResponse((r) => r.url().endsWith('/api/clicks'));
  const opened = Date.now();
  await visitor.goto(`/supporter/${a.id}?ref=${ref}`);
  const res = await confirmed;
  expect(res.status()).toBe(204);
  expect(Date.now() - opened).toBeGreaterThanOrEqual(1000);
  expect(res.request().postDataJSON()).toMatchObject({ campaignId: a.id, ref, token: expect.any(String) });
  // The same visitor again: still one click-through.
  const again = visitor.waitForResponse((r) => r.url().endsWith('/api/clicks'));
  await visitor.reload();
  expect((await again).status()).toBe(204);
  // A script replaying the confirmation with this browser's cookie but no token.
  const replay = await friend.request.post('/api/clicks', { data: { campaignId: a.id, ref } });
  expect(replay.status()).toBe(204);
  await friend.close();

  const context = await browser.newContext({ ...PHONE, timezoneId: TZ });
  const page = await context.newPage();
  await signInAs(page, account);
  await page.goto(`/campaigns/${a.id}`);
  await expect(total(page, 'shares')).toHaveText('1', FIRST_LOAD);
  await expect(total(page, 'clicks')).toHaveText('1');
  await expect(total(page, 'unconfirmed')).toHaveText('1');
  await expect(total(page, 'engagement')).toHaveText('100%');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('a viewer sees the view; a failed load offers Retry instead of a raw error', async ({
  page,
  request,
  account,
}) => {
  const c = await seedCampaign(request, account, { name: 'Quiet Campaign' });
  const viewer = await addMember(request, account, 'viewer');
  await signInAs(page, viewer);

  // The first analytics call never reaches the server, the second meets a failing proxy;
  // the third gets through.
  const failures: ('abort' | 502)[] = ['abort', 502];
  await page.route('**/analytics?*', (route) => {
    const failure = failures.shift();
    if (failure === 'abort') return route.abort('connectionrefused');
    if (failure === 502)
      return route.fulfill({ status: 502, contentType: 'text/plain', body: 'Internal Server Error' });
    return route.continue();
  });
  await page.goto(`/campaigns/${c.id}`);
  const failed = view(page).getByRole('alert');
  await expect(failed).toContainText('Analytics could not be loaded');
  await expect(view(page)).not.toContainText('Failed to fetch');
  await view(page).getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => failures.length).toBe(0);
  await expect(failed).toContainText('Analytics could not be loaded');
  await expect(view(page)).not.toContainText('Internal Server Error');
  await view(page).getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toHaveCount(0);
  await expect(total(page, 'shares')).toHaveText('0', FIRST_LOAD);
  await expect(
    view(page).getByText(/^No shares, clicks, share windows opened or posts prepared between/),
  ).toBeVisible();
  await expect(view(page).getByRole('link', { name: 'Download clicks CSV' })).toBeVisible();
});

test("the organisation's zone is the default; the reader may switch to the browser's", async ({
  browser,
  request,
  account,
}) => {
  const { a } = await seedActivity(request, browser, account);
  await setOrgZone(request, account, 'UTC');
  // The reader is 13 hours or so ahead of the organisation.
  const context = await browser.newContext({ timezoneId: TZ });
  const page = await context.newPage();
  await signInAs(page, account);
  const analyticsCall = (tz: string) =>
    page.waitForRequest(
      (r) => r.url().includes('/analytics?') && new URL(r.url()).searchParams.get('tz') === tz,
    );

  const first = analyticsCall('UTC');
  await page.goto(`/campaigns/${a.id}`);
  await first;
  const note = view(page).getByTestId('analytics-time-zone');
  await expect(note).toHaveText("Days run midnight to midnight in UTC (the organization's time zone).");
  await expectRange(page, addDays(todayIn('UTC'), -29), todayIn('UTC'));
  await expect(total(page, 'shares')).toHaveText('5');
  const csvZone = async () =>
    new URL(
      (await view(page).getByRole('link', { name: 'Download shares CSV' }).getAttribute('href')) as string,
      page.url(),
    ).searchParams.get('tz');
  expect(await csvZone()).toBe('UTC');

  const own = view(page).getByRole('checkbox', { name: `Use this browser's time zone (${TZ}) instead` });
  await expect(own).not.toBeChecked();
  const switched = analyticsCall(TZ);
  await own.check();
  await switched;
  await expect(note).toHaveText(`Days run midnight to midnight in ${TZ} (this browser's time zone).`);
  await expectRange(page, addDays(todayIn(TZ), -29), todayIn(TZ));
  await expect(total(page, 'shares')).toHaveText('5');
  expect(await csvZone()).toBe(TZ);
  await own.uncheck();
  await expect(note).toContainText("in UTC (the organization's time zone)");
  expect(await csvZone()).toBe('UTC');
  await context.close();
});

test('Settings refuses a zone the server does not know, on the field', async ({ page, signedIn }) => {
  await page.goto('/settings');
  const zone = page.getByLabel('Time zone');
  await expect(zone).toHaveValue('UTC');
  // Only a tampered page can send one; the server is the authority.
  await zone.evaluate((select: HTMLSelectElement) => select.add(new Option('Mars/Olympus', 'Mars/Olympus')));
  await zone.selectOption('Mars/Olympus');
  await page.getByRole('button', { name: 'Save General Settings' }).click();
  const message = 'Unknown time zone (use an IANA name such as Europe/Paris or UTC)';
  await expect(page.locator('#settings-org-time-zone-error')).toHaveText(message);
  await expect(zone).toHaveAttribute('aria-invalid', 'true');
  await expect(zone).toHaveAttribute('aria-describedby', /settings-org-time-zone-error/);
  const saved = await (await api(page.request, signedIn.token).get('/api/organization/settings')).json();
  expect(saved.general.timeZone).toBe('UTC');
});

test('the stats cards and the analytics view refresh together once 30 s old, on focus', async ({
  page,
  request,
  browser,
  signedIn,
}) => {
  const { a } = await seedActivity(request, browser, signedIn);
  await setOrgZone(request, signedIn, TZ);
  await page.clock.install();
  await page.goto(`/campaigns/${a.id}`);
  await expect(card(page, 'Total Shares')).toHaveText('5');
  await expect(total(page, 'shares')).toHaveText('5', FIRST_LOAD);

  // A supporter shares meanwhile.
  const poster = (await (await api(request, signedIn.token).get(`/api/campaigns/${a.id}`)).json()).assets[0];
  await logShare(request, signedIn, a, poster.id, 'linkedin');
  const focus = () =>
    page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

  // Fresh data is not refetched on focus...
  let statsCalls = 0;
  page.on('request', (r) => {
    if (/\/api\/campaigns\/\d+\/(stats|analytics)/.test(r.url())) statsCalls++;
  });
  await focus();
  await page.waitForTimeout(500);
  expect(statsCalls).toBe(0);
  await expect(card(page, 'Total Shares')).toHaveText('5');

  // ...once older than 30 s, both refetch, and agree.
  await page.clock.fastForward(31_000);
  await focus();
  await expect(card(page, 'Total Shares')).toHaveText('6');
  await expect(total(page, 'shares')).toHaveText('6');
  expect(statsCalls).toBe(2);
});
