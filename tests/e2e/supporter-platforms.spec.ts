import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  campaignStats,
  DESKTOP,
  installShareRecorder,
  PHONE,
  recordedCalls,
  type SeededSupporterCampaign,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// Where people post now: Bluesky, Threads, Mastodon (server remembered on the device),
// Telegram, Reddit and email, logged, tracked and counted like the rest; X named X.

const CAPTION = 'Our river is swimmable again. Help keep it that way!';
const toast = (page: Page) => page.getByTestId('toast').filter({ visible: true });

const seedCaptioned = (request: Parameters<typeof seedSupporterCampaign>[0]) =>
  seedSupporterCampaign(request, { assets: [{ type: 'image', title: 'River banner', shareText: CAPTION }] });

/** The n-th window.open and the share log after it: the URL, its target and the tracked link. */
async function nthShare(page: Page, seeded: SeededSupporterCampaign, n: number) {
  let calls = await recordedCalls(page);
  const logsOf = () =>
    calls.filter((c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'));
  await expect
    .poll(async () => {
      calls = await recordedCalls(page);
      return Math.min(calls.filter((c) => c.kind === 'open').length, logsOf().length);
    })
    .toBeGreaterThanOrEqual(n);
  const open = calls.filter((c) => c.kind === 'open')[n - 1];
  const logs = logsOf();
  const body = JSON.parse(logs[n - 1]?.body ?? '{}');
  const tracked = `${new URL(page.url()).origin}/supporter/${seeded.campaignId}?ref=${body.ref}&a=${body.assetId}`;
  return { url: open.url as string, features: open.features, platform: body.platform as string, tracked };
}

test.describe('the new platforms on a desktop', () => {
  test.use(DESKTOP);

  test('each gets the exact words and the tracked link, is logged and counted', async ({ page, request }) => {
    const seeded = await seedCaptioned(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Share Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Twitter' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'X', exact: true })).toBeVisible();

    // Previews with a recognisable card: the caption, and the link card (the asset's: its words too).
    for (const tab of ['Bluesky', 'Threads', 'Mastodon', 'Telegram']) {
      await dialog.getByRole('tab', { name: tab, exact: true }).click();
      const panel = dialog.getByRole('tabpanel');
      await expect(panel.getByText(CAPTION).first()).toBeVisible();
      await expect(panel.getByText(seeded.name, { exact: true })).toBeVisible();
    }
    await dialog.getByRole('tab', { name: 'Reddit', exact: true }).click();
    await expect(dialog.getByRole('tabpanel').getByText(CAPTION).first()).toBeVisible();

    const post = (tracked: string) => `${CAPTION}\n\n${tracked}`;
    await dialog.getByRole('button', { name: 'Bluesky', exact: true }).click();
    let s = await nthShare(page, seeded, 1);
    expect(s.platform).toBe('bluesky');
    let u = new URL(s.url);
    expect(u.origin + u.pathname).toBe('https://bsky.app/intent/compose');
    expect(u.searchParams.get('text')).toBe(post(s.tracked));
    await expect(toast(page)).toContainText('Bluesky opened');
    await expect(toast(page)).toContainText('Finish posting in the Bluesky window.');

    await dialog.getByRole('button', { name: 'Threads', exact: true }).click();
    s = await nthShare(page, seeded, 2);
    u = new URL(s.url);
    expect([s.platform, u.origin + u.pathname]).toEqual(['threads', 'https://www.threads.net/intent/post']);
    expect(u.searchParams.get('text')).toBe(post(s.tracked));

    await dialog.getByRole('button', { name: 'Telegram', exact: true }).click();
    s = await nthShare(page, seeded, 3);
    u = new URL(s.url);
    expect([s.platform, u.origin + u.pathname]).toEqual(['telegram', 'https://t.me/share/url']);
    expect([u.searchParams.get('url'), u.searchParams.get('text')]).toEqual([s.tracked, CAPTION]);

    await dialog.getByRole('button', { name: 'Reddit', exact: true }).click();
    s = await nthShare(page, seeded, 4);
    u = new URL(s.url);
    expect([s.platform, u.origin + u.pathname]).toEqual(['reddit', 'https://www.reddit.com/submit']);
    expect([u.searchParams.get('url'), u.searchParams.get('title')]).toEqual([s.tracked, CAPTION]);

    await dialog.getByRole('button', { name: 'Email', exact: true }).click();
    s = await nthShare(page, seeded, 5);
    expect(s.platform).toBe('email');
    expect(s.features).toBeUndefined();
    expect(s.url).toBe(
      `mailto:?subject=${encodeURIComponent(seeded.name)}&body=${encodeURIComponent(post(s.tracked))}`,
    );
    await expect(toast(page)).toContainText('Email opened');

    // Mastodon asks for the server once: a host name only.
    await dialog.getByRole('button', { name: 'Mastodon', exact: true }).click();
    const server = dialog.getByLabel('Your Mastodon server');
    await server.fill('mastodon.social/@me');
    await dialog.getByRole('button', { name: 'Post on Mastodon' }).click();
    await expect(dialog.getByText("Enter your server's name, like mastodon.social")).toBeVisible();
    expect((await recordedCalls(page)).filter((c) => c.kind === 'open')).toHaveLength(5);
    await server.fill('https://Mastodon.Social/');
    await dialog.getByRole('button', { name: 'Post on Mastodon' }).click();
    s = await nthShare(page, seeded, 6);
    u = new URL(s.url);
    expect([s.platform, u.origin + u.pathname]).toEqual(['mastodon', 'https://mastodon.social/share']);
    expect(u.searchParams.get('text')).toBe(post(s.tracked));
    expect(await page.evaluate(() => localStorage.getItem('rally:mastodon-server'))).toBe('mastodon.social');
    await expect(dialog.getByText('Mastodon posts go to mastodon.social.')).toBeVisible();

    // Counted like the rest, under their own names: windows opened, not shares.
    await expect
      .poll(async () => (await campaignStats(request, seeded)).openedBreakdown)
      .toEqual({ bluesky: 1, threads: 1, telegram: 1, reddit: 1, email: 1, mastodon: 1 });
  });
});

test.describe('the new platforms on a phone', () => {
  test.use(PHONE);

  test('from the phone view, with the Mastodon server remembered after a reload', async ({
    page,
    request,
  }) => {
    const seeded = await seedCaptioned(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const more = page.getByRole('button', { name: 'Previews and more platforms' });
    await more.tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Bluesky', exact: true }).tap();
    const s = await nthShare(page, seeded, 1);
    expect(new URL(s.url).searchParams.get('text')).toBe(`${CAPTION}\n\n${s.tracked}`);
    await dialog.getByRole('button', { name: 'Mastodon', exact: true }).tap();
    await dialog.getByLabel('Your Mastodon server').fill('fosstodon.org');
    await dialog.getByRole('button', { name: 'Post on Mastodon' }).tap();
    expect(new URL((await nthShare(page, seeded, 2)).url).host).toBe('fosstodon.org');

    await page.reload();
    await page.getByRole('button', { name: 'Previews and more platforms' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Mastodon', exact: true }).tap();
    await expect(page.getByRole('dialog').getByLabel('Your Mastodon server')).toHaveCount(0);
    const again = await nthShare(page, seeded, 1);
    const url = new URL(again.url);
    expect(url.origin + url.pathname).toBe('https://fosstodon.org/share');
    expect(url.searchParams.get('text')).toBe(`${CAPTION}\n\n${again.tracked}`);
  });
});
