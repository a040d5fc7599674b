import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, expect, signInAs, test } from '../support/fixtures.ts';
import { campaignStats, installShareRecorder, seedSupporterCampaign } from '../support/supporter.ts';
import { addMember, axeProblems } from '../support/teams.ts';
import { toastEl } from '../support/workspace.ts';

// The share card inside an iframe on another origin: a second local server (its own
// port, reached as `localhost` while the app is `127.0.0.1`, so it is another site
// too) serves a page that frames /embed/{id}, as an organisation's website would.

let host: http.Server;
let hostOrigin = '';
const appOrigin = () => test.info().project.use.baseURL as string;

test.beforeAll(async () => {
  host = http.createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('campaign');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Our site</title></head><body>
<h1>River Friends</h1><iframe src="${appOrigin()}/embed/${id}" title="Share card" width="420" height="560"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const setOrigins = async (request: Parameters<typeof api>[0], token: string, allowedOrigins: string[]) => {
  const res = await api(request, token).put('/api/organization/settings', { embed: { allowedOrigins } });
  expect(res.status(), await res.text()).toBe(200);
};

/** A new campaign's card, framed by the allowed host page. */
async function cardOnTheSite(page: Page, request: Parameters<typeof api>[0]) {
  const seeded = await seedSupporterCampaign(request);
  await setOrigins(request, seeded.account.token, [hostOrigin]);
  await page.goto(`${hostOrigin}/?campaign=${seeded.campaignId}`);
  return page.frameLocator('iframe');
}

/** Messages Chromium logs when a frame is refused by frame-ancestors. */
function frameRefusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('an allowed site shows the card, and each tap logs an opened share and says so', async ({
  page,
  request,
}) => {
  const seeded = await seedSupporterCampaign(request);
  await setOrigins(request, seeded.account.token, [hostOrigin]);
  await installShareRecorder(page);
  const refusals = frameRefusals(page);
  await page.goto(`${hostOrigin}/?campaign=${seeded.campaignId}`);

  const card = page.frameLocator('iframe');
  await expect(card.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
  await expect(card.getByText(seeded.account.orgName, { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: seeded.assets[0].label })).toBeVisible();
  // One asset fits the card: the first one's picture, not the second one's words.
  await expect(card.getByText('Write to your council today')).toHaveCount(0);

  await card.getByRole('link', { name: 'Share on X' }).click();
  // Only the X window opened: the card does not know of a post, and says what it knows.
  await expect(card.getByRole('status')).toHaveText(
    'X opened: finish your post there. Thank you for sharing!',
  );
  await card.getByRole('link', { name: 'Share on WhatsApp' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'WhatsApp opened: finish your post there. Thank you for sharing!',
  );
  await expect
    .poll(async () => (await campaignStats(request, seeded)).openedBreakdown)
    .toEqual({ twitter: 1, whatsapp: 1 });
  const stats = await campaignStats(request, seeded);
  expect([stats.totalShares, stats.openedIntents]).toEqual([0, 2]);

  // The share window got the tracked link of the opened share logged after it.
  const frame = page.frames().find((f) => f.url().includes('/embed/'))!;
  const calls = await frame.evaluate(() => (window as unknown as { __calls: unknown[] }).__calls);
  const [open, log] = calls as { kind: string; url: string; body?: string }[];
  expect(log).toMatchObject({ kind: 'fetch', url: '/api/shares' });
  expect(JSON.parse(log.body!).status).toBe('opened');
  const ref = JSON.parse(log.body!).ref as string;
  expect(open.kind).toBe('open');
  expect(decodeURIComponent(open.url)).toContain(`${appOrigin()}/supporter/${seeded.campaignId}?ref=${ref}`);
  expect(open.url).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
  expect(refusals).toEqual([]);
});

test("the card shows the visitor's share-text variant and names it, with the card as source, in its share", async ({
  page,
  request,
}) => {
  const texts = ['Rivers need you today', 'Clean water is a right'];
  const seeded = await seedSupporterCampaign(request, {
    assets: [{ type: 'text', title: 'Call to action', content: 'Write to your council today.' }],
  });
  const owner = api(request, seeded.account.token);
  const put = await owner.put(`/api/assets/${seeded.assets[0].id}`, {
    variants: texts.map((text) => ({ text })),
  });
  expect(put.status()).toBe(200);
  await setOrigins(request, seeded.account.token, [hostOrigin]);
  await installShareRecorder(page);
  await page.goto(`${hostOrigin}/?campaign=${seeded.campaignId}`);

  const card = page.frameLocator('iframe');
  await expect(card.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
  const frame = page.frames().find((f) => f.url().includes('/embed/'))!;
  // The choice the supporter API makes for the card's own (partitioned) cookie.
  const variant = await frame.evaluate(
    async (id) => (await (await fetch(`/api/supporter/campaigns/${id}`)).json()).assets[0].variant,
    seeded.campaignId,
  );
  expect(texts).toContain(variant.text);
  await expect(card.getByText(variant.text)).toBeVisible();
  await expect(card.getByText('Write to your council today.')).toHaveCount(0);

  await card.getByRole('link', { name: 'Share on X' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'X opened: finish your post there. Thank you for sharing!',
  );
  const calls = (await frame.evaluate(() => (window as unknown as { __calls: unknown[] }).__calls)) as {
    kind: string;
    url: string;
    method?: string;
    body?: string;
  }[];
  const log = calls.find((c) => c.kind === 'fetch' && c.method === 'POST' && c.url === '/api/shares')!;
  const open = calls.find((c) => c.kind === 'open')!;
  expect(JSON.parse(log.body!)).toMatchObject({ variantId: variant.id, source: 'embed' });
  expect(new URL(open.url).searchParams.get('text')).toBe(variant.text);
  // The server kept the variant: it is the one it chose for this visitor.
  const figures = await (await owner.get(`/api/assets/${seeded.assets[0].id}/analytics`)).json();
  expect(figures.variants.find((v: { id: number }) => v.id === variant.id)).toMatchObject({
    shares: 0,
    opened: 1,
  });
});

test('a site not on the list is refused the frame by Chromium', async ({ page, request }) => {
  const seeded = await seedSupporterCampaign(request);
  await setOrigins(request, seeded.account.token, ['https://www.river.example']);
  const refusals = frameRefusals(page);
  await page.goto(`${hostOrigin}/?campaign=${seeded.campaignId}`);
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  expect(refusals[0]).toContain('https://www.river.example');
  await expect(page.frameLocator('iframe').getByRole('heading', { name: seeded.name })).toHaveCount(0);

  // With no site listed at all, the same.
  await setOrigins(request, seeded.account.token, []);
  const again = frameRefusals(page);
  await page.reload();
  await expect.poll(() => again.length).toBeGreaterThan(0);
  expect(again[0]).toContain("'none'");
});

test('the card passes axe (WCAG 2.1 AA and best practices), open and paused', async ({ page, request }) => {
  const seeded = await seedSupporterCampaign(request);
  const check = async (label: string) => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      label,
    ).toEqual([]);
  };
  await page.goto(`/embed/${seeded.campaignId}`);
  await expect(page.getByRole('link', { name: 'Share on Facebook' })).toBeVisible();
  await check('open card');
  const res = await api(request, seeded.account.token).put(`/api/campaigns/${seeded.campaignId}`, {
    status: 'paused',
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sharing is paused for now' })).toBeVisible();
  await check('paused card');
});

test('settings: an admin lists the sites and copies the snippet; a viewer sees them locked', async ({
  page,
  request,
  context,
  browser,
}) => {
  // Two signed-in browsers and a member added on the way: room on a busy machine.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const seeded = await seedSupporterCampaign(request);
  await signInAs(page, seeded.account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Embed' }).click();
  const sites = page.getByLabel('Allowed sites');
  await sites.fill('http://www.river.example');
  await page.getByRole('button', { name: 'Save Sites' }).click();
  await expect(toastEl(page)).toContainText('Settings not saved');
  await expect(sites).toHaveAccessibleDescription(/must be an https:\/\/ origin/);

  await sites.fill('HTTPS://WWW.River.Example/\nhttps://blog.river.example');
  await page.getByRole('button', { name: 'Save Sites' }).click();
  await expect(toastEl(page)).toContainText('Settings saved');
  await expect(sites).toHaveValue('https://www.river.example\nhttps://blog.river.example');

  const snippet = page.getByLabel('Snippet to paste');
  await expect(snippet).toHaveValue(
    `<iframe src="${appOrigin()}/embed/${seeded.campaignId}" title="Share ${seeded.name}" width="100%" height="520" style="border:0;max-width:420px" loading="lazy"></iframe>`,
  );
  await page.getByRole('button', { name: 'Copy Snippet' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(toastEl(page)).toContainText('Snippet copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());
  expect(await axeProblems(page)).toEqual([]);

  // A viewer, in a browser of their own.
  const viewer = await addMember(request, seeded.account, 'viewer');
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signInAs(viewerPage, viewer);
  await viewerPage.goto('/settings');
  await viewerPage.getByRole('tab', { name: 'Embed' }).click();
  await expect(viewerPage.getByLabel('Allowed sites')).toHaveValue(
    'https://www.river.example\nhttps://blog.river.example',
  );
  await expect(viewerPage.getByLabel('Allowed sites')).toHaveAttribute('readonly', '');
  const locked = viewerPage.getByRole('button', { name: 'Save Sites' });
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await expect(locked).toHaveAccessibleDescription('This needs the admin role');
  // The snippet is for everyone to copy.
  await expect(viewerPage.getByLabel('Snippet to paste')).toHaveValue(/\/embed\//);
  await viewerContext.close();
});

test("the card's privacy notice: sharing without the cookie is remembered in the embedding site's partition, and undone", async ({
  page,
  request,
}) => {
  const notice = (await cardOnTheSite(page, request)).locator('#embed-privacy');
  await expect(notice).toContainText('This page keeps a random id in a cookie on this device for a year');
  await notice.getByRole('button', { name: 'Share without a cookie' }).click();
  // The card shows itself again as it now stands: the choice came back in its cookie.
  await expect(notice).toContainText('You share without a cookie');
  await page.reload();
  await expect(notice).toContainText('You share without a cookie');
  await notice.getByRole('button', { name: 'Use the cookie again' }).click();
  await expect(notice.getByRole('button', { name: 'Share without a cookie' })).toBeVisible();
  await expect(notice).toContainText('This page keeps a random id in a cookie');
});
