import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  campaignStats,
  installShareRecorder,
  nativeDialogs,
  PHONE,
  recordedCalls,
  type SeededSupporterCampaign,
  seedSupporterCampaign,
  trackedLink,
} from '../support/supporter.ts';

// On a phone, a share is counted only for what the page can know happened: a share
// sheet that resolved is a share, a platform window that opened is an opened share,
// a saved image with its caption copied is a prepared post, a cancelled sheet is
// nothing; and the page says each in its own words, never in a native dialog.

test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

const toast = (page: Page) => page.getByTestId('toast').filter({ visible: true });
const shareLogs = async (page: Page) =>
  (await recordedCalls(page))
    .filter((c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'))
    .map(
      (c) => JSON.parse(c.body ?? '{}') as { platform: string; status: string; ref: string; assetId: number },
    );
const quickShare = (page: Page, seeded: SeededSupporterCampaign) =>
  page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });

/** A new campaign's supporter page, with the share recorder installed. */
async function openSeeded(
  page: Page,
  request: Parameters<typeof campaignStats>[0],
  recorder?: Parameters<typeof installShareRecorder>[1],
): Promise<SeededSupporterCampaign> {
  const seeded = await seedSupporterCampaign(request);
  await installShareRecorder(page, recorder);
  await page.goto(`/supporter/${seeded.campaignId}`);
  return seeded;
}

/** The three figures of the campaign, apart. */
const figures = async (request: Parameters<typeof campaignStats>[0], seeded: SeededSupporterCampaign) => {
  const s = await campaignStats(request, seeded);
  return { shares: s.totalShares, opened: s.openedIntents, prepared: s.preparedPosts };
};

test('a share sheet the supporter cancels counts nothing and says nothing', async ({ page, request }) => {
  const dialogs = nativeDialogs(page);
  const seeded = await openSeeded(page, request, { webShare: 'cancel' });
  await quickShare(page, seeded).getByRole('button', { name: 'Instagram Story', exact: true }).tap();
  await expect.poll(async () => (await recordedCalls(page)).filter((c) => c.kind === 'share').length).toBe(1);
  // Long enough for a log that would follow the sheet to have been sent.
  await page.waitForTimeout(500);
  expect(await shareLogs(page)).toEqual([]);
  await expect(toast(page)).toHaveCount(0);
  expect(await figures(request, seeded)).toEqual({ shares: 0, opened: 0, prepared: 0 });
  expect(dialogs).toEqual([]);
});

test('a share sheet that resolves counts one share', async ({ page, request }) => {
  const seeded = await openSeeded(page, request, { webShare: true });
  await quickShare(page, seeded).getByRole('button', { name: 'Instagram Story', exact: true }).tap();
  await expect(toast(page)).toContainText('Shared successfully');
  expect(await shareLogs(page)).toMatchObject([{ platform: 'instagram_story', status: 'shared' }]);
  // The log goes out once the sheet resolved, not before.
  const calls = await recordedCalls(page);
  expect(calls.findIndex((c) => c.kind === 'share')).toBeLessThan(
    calls.findIndex((c) => c.kind === 'fetch' && c.url?.endsWith('/api/shares')),
  );
  await expect.poll(() => figures(request, seeded)).toEqual({ shares: 1, opened: 0, prepared: 0 });
});

test('a platform window that opened counts an opened share, not a share', async ({ page, request }) => {
  const seeded = await openSeeded(page, request);
  await quickShare(page, seeded).getByRole('button', { name: 'WhatsApp', exact: true }).tap();
  await expect(toast(page)).toContainText('WhatsApp opened');
  await expect(toast(page)).toContainText('Finish posting in the WhatsApp window.');
  expect(await shareLogs(page)).toMatchObject([{ platform: 'whatsapp', status: 'opened' }]);
  await expect.poll(() => figures(request, seeded)).toEqual({ shares: 0, opened: 1, prepared: 0 });
  expect((await campaignStats(request, seeded)).openedBreakdown).toEqual({ whatsapp: 1 });
});

test('Instagram without file sharing prepares the post and says the next step in the page', async ({
  page,
  request,
}) => {
  const dialogs = nativeDialogs(page);
  const seeded = await openSeeded(page, request, { webShare: false });
  await page.getByRole('button', { name: 'Previews and more platforms' }).first().tap();
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Instagram', exact: true }).tap();
  expect(fs.readFileSync(await (await downloading).path())).toEqual(seeded.assets[0].bytes);
  await expect(toast(page)).toContainText('Ready to post on Instagram');
  await expect(toast(page)).toContainText(
    'The image is saved and the caption copied. Open Instagram, start a new post with the saved image and paste the caption.',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `/supporter/${seeded.campaignId}?ref=`,
  );
  expect(await shareLogs(page)).toMatchObject([{ platform: 'instagram', status: 'prepared' }]);
  await expect.poll(() => figures(request, seeded)).toEqual({ shares: 0, opened: 0, prepared: 1 });
  expect(dialogs).toEqual([]);
});

test('Copy Text copies the share text with its tracked link and counts a prepared post', async ({
  page,
  request,
}) => {
  const seeded = await openSeeded(page, request);
  await quickShare(page, seeded).getByRole('button', { name: 'Copy Text' }).tap();
  await expect(toast(page)).toContainText('Text copied!');
  const [log] = await shareLogs(page);
  expect(log).toMatchObject({ platform: 'copy', status: 'prepared', assetId: seeded.assets[0].id });
  // The link a share would carry: this log's ref, the asset, the campaign's UTM tags (source 'copy').
  const link = trackedLink(page, seeded, { ref: log.ref, assetId: seeded.assets[0].id, platform: 'copy' });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`A poster of the river\n\n${link}`);
  await expect.poll(() => figures(request, seeded)).toEqual({ shares: 0, opened: 0, prepared: 1 });
  expect((await campaignStats(request, seeded)).preparedBreakdown).toEqual({ copy: 1 });
});
