import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { REF_CODE_PATTERN } from '#shared/constants.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  copiedText,
  campaignStats,
  DESKTOP,
  installShareRecorder,
  nativeDialogs,
  PHONE,
  type RecordedCall,
  recordedCalls,
  type SeededSupporterCampaign,
  seedSupporterCampaign,
  trackedLink,
} from '../support/supporter.ts';

const TWITTER_NOTICE =
  "For best results with the image, we've copied the content to your clipboard. You can paste it directly in the X compose box.";
const LINKEDIN_NOTICE =
  'Image link and text copied to clipboard. Please paste it into your LinkedIn post for best results.';

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const toast = (page: Page) => page.getByTestId('toast');

/**
 * The window and its share log: the window opened first (nothing is logged for one that
 * did not), then the log, an `opened` share whose ref is the URL's.
 */
async function expectOpenedThenLogged(
  page: Page,
  seeded: SeededSupporterCampaign,
  platform: string,
  assetId: number,
) {
  let calls: RecordedCall[] = [];
  const isLog = (c: RecordedCall) =>
    c.kind === 'fetch' && c.method === 'POST' && Boolean(c.url?.endsWith('/api/shares'));
  await expect
    .poll(async () => {
      calls = await recordedCalls(page);
      return [calls.filter((c) => c.kind === 'open').length, calls.filter(isLog).length];
    })
    .toEqual([1, 1]);
  const openAt = calls.findIndex((c) => c.kind === 'open');
  const postAt = calls.findIndex(isLog);
  expect(postAt, 'POST /api/shares is sent once the share window opened').toBeGreaterThan(openAt);
  const open = calls[openAt];
  expect(open.features).toBe('width=520,height=570');
  const body = JSON.parse(calls[postAt].body ?? '{}');
  expect(body).toMatchObject({
    assetId,
    platform,
    status: 'opened',
    supporterInfo: '',
    campaignId: seeded.campaignId,
    organizationId: seeded.account.orgId,
  });
  expect(body.ref).toMatch(REF_CODE_PATTERN);
  expect(body.ref).toHaveLength(12);
  // The link names the shared asset, so it previews that asset.
  const tracked = trackedLink(page, seeded, body);
  return { url: new URL(open.url as string), tracked, ref: body.ref as string };
}

test.describe('sharing from the desktop page', () => {
  test.use({ ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });

  test('the share dialog previews every platform with the campaign link card', async ({ page, request }) => {
    const longWords = 'A very long share text that goes past thirty characters';
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        { type: 'image', title: 'poster_v3_final', description: 'Poster', shareText: longWords },
        { type: 'image', title: 'Second image' },
      ],
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: `Share "${longWords.slice(0, 30)}..." on Social Media` }),
    ).toBeVisible();
    await expect(dialog.getByText('Preview', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Results may vary on actual platforms')).toBeVisible();
    const origin = new URL(page.url()).origin;
    const firstImage = `${origin}${seeded.assets[0].content}`;
    for (const tab of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
      await dialog.getByRole('tab', { name: tab, exact: true }).click();
      const panel = dialog.getByRole('tabpanel');
      await expect(panel.getByText(seeded.name).first()).toBeVisible();
      await expect(panel.locator(`img[src="${firstImage}"]`)).toBeVisible();
    }
    await dialog.getByRole('tab', { name: 'WhatsApp' }).click();
    // The card is the shared asset's link preview: its words, not the campaign's.
    await expect(dialog.getByRole('tabpanel').getByText(longWords).last()).toBeVisible();
    await dialog.getByRole('tab', { name: 'Instagram Story' }).click();
    await expect(dialog.getByRole('tabpanel').getByText('Your story')).toBeVisible();
    await expect(
      dialog.getByRole('tabpanel').locator(`img[src="${seeded.assets[0].content}"]`),
    ).toBeVisible();
  });

  for (const platform of ['twitter', 'facebook', 'linkedin', 'whatsapp'] as const) {
    test(`${platform}: opens the platform with the tracked link, then logs an opened share`, async ({
      page,
      request,
    }) => {
      const seeded = await seedSupporterCampaign(request);
      const image = seeded.assets[0];
      await installShareRecorder(page);
      await page.goto(`/supporter/${seeded.campaignId}`);
      await page.getByRole('button', { name: 'Share Now' }).first().click();
      const names = { twitter: 'X', facebook: 'Facebook', linkedin: 'LinkedIn', whatsapp: 'WhatsApp' };
      await page.getByRole('dialog').getByRole('button', { name: names[platform], exact: true }).click();
      const { url, tracked } = await expectOpenedThenLogged(page, seeded, platform, image.id);
      const origin = new URL(page.url()).origin;
      if (platform === 'twitter') {
        expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
        expect(url.searchParams.get('text')).toBe(image.label);
        expect(url.searchParams.get('url')).toBe(tracked);
        await expect(toast(page)).toContainText('X opened');
        await expect(toast(page)).toContainText('Finish posting in the X window.');
        await expect(toast(page)).toContainText(TWITTER_NOTICE);
        expect(await clipboard(page)).toBe(`${image.label}\n\n${origin}${image.content}\n\n${tracked}`);
      } else if (platform === 'facebook') {
        expect(url.origin + url.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
        expect(url.searchParams.get('u')).toBe(tracked);
        await expect(toast(page)).toHaveText(/Facebook opened/);
      } else if (platform === 'linkedin') {
        expect(url.origin + url.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
        expect(url.searchParams.get('url')).toBe(tracked);
        await expect(toast(page)).toContainText(LINKEDIN_NOTICE);
        expect(await clipboard(page)).toBe(`${image.label}\n\n${origin}${image.content}\n\n${tracked}`);
      } else {
        expect(url.origin + url.pathname).toBe('https://wa.me/');
        expect(url.searchParams.get('text')).toBe(`${image.label}\n\n${tracked}`);
        await expect(toast(page)).toHaveText(/WhatsApp opened/);
      }
      // A window that opened is not a post yet: never called a success, nor counted as a share.
      await expect(toast(page)).not.toContainText('Shared successfully');
      await expect.poll(async () => (await campaignStats(request, seeded)).openedBreakdown[platform]).toBe(1);
      expect((await campaignStats(request, seeded)).totalShares).toBe(0);
    });
  }

  test('a text asset shares its content; a blocked popup is said in the page and logs nothing', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    const text = seeded.assets[1];
    const dialogs = nativeDialogs(page);
    await installShareRecorder(page, { blockPopups: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Share Now' }).nth(1).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Facebook', exact: true }).click();
    await expect(toast(page)).toContainText('The share window was blocked');
    await expect(toast(page)).toContainText('Please allow popups for this site and try again.');
    const calls = await recordedCalls(page);
    const open = calls.find((c) => c.kind === 'open');
    expect(new URL(open?.url as string).searchParams.get('quote')).toBe(text.content);
    expect(calls.filter((c) => c.kind === 'fetch' && c.url?.endsWith('/api/shares'))).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test('personalize: a blank message is refused, a message goes first with a blank line', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('tab', { name: 'Personalize' }).click();
    await page.getByRole('button', { name: new RegExp(seeded.assets[1].label) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    await expect(toast(page)).toContainText('Message required');
    await expect(toast(page)).toContainText('Please add a personal message or select a template');
    expect((await recordedCalls(page)).some((c) => c.kind === 'open')).toBe(false);

    const box = dialog.getByLabel('Add your personal message');
    await expect(box).toHaveAttribute('placeholder', 'Share why this matters to you...');
    await expect(
      dialog.getByText("Your message comes first in the post, before the campaign's text."),
    ).toBeVisible();
    await box.fill('This matters to me');
    await expect(dialog.getByRole('tabpanel')).toContainText('This matters to me');
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    const { url } = await expectOpenedThenLogged(page, seeded, 'twitter', seeded.assets[1].id);
    expect(url.searchParams.get('text')).toBe(`This matters to me\n\n${seeded.assets[1].content}`);
  });

  test('the X preview counts weighted length and warns past 280', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    const { default: twitter } = await import('twitter-text');
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Personalize' }).click();
    const message = `${'🌊'.repeat(100)} https://example.org/a/very/long/link/${'x'.repeat(80)} ${'a'.repeat(40)}`;
    await dialog.getByLabel('Add your personal message').fill(message);
    // The text weighed by X, then a space and the tracked link, which X counts as 23.
    const expected = {
      weightedLength: twitter.parseTweet(`${message}\n\n${seeded.assets[0].label}`).weightedLength + 24,
    };
    expect(expected.weightedLength).toBeGreaterThan(280);
    const counter = dialog.getByTestId('tweet-length');
    await expect(counter).toContainText(`${expected.weightedLength}/280`);
    await expect(counter).toContainText(`${expected.weightedLength - 280} over the limit`);
    await dialog.getByLabel('Add your personal message').fill('Short');
    await expect(counter).not.toContainText('over the limit');
  });

  test('Copy Text, Save Image and their failures', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: `Copy text of ${seeded.assets[1].label}` }).click();
    await expect(toast(page)).toContainText('Text copied!');
    expect(await copiedText(page, seeded.assets[1].id)).toBe(seeded.assets[1].content);

    await page.getByRole('button', { name: 'Share Now' }).first().click();
    const dialog = page.getByRole('dialog');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Save Image' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expect(fs.readFileSync(await download.path())).toEqual(seeded.assets[0].bytes);
    await expect(toast(page)).toContainText('Image downloaded');

    await dialog.getByRole('button', { name: 'Copy Text' }).click();
    expect(await copiedText(page, seeded.assets[0].id)).toBe(seeded.assets[0].label);
  });

  test('Save Image failure toast', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.route('**/uploads/**', (route) =>
      route.request().resourceType() === 'fetch'
        ? route.fulfill({ status: 500, body: 'no' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Image' }).click();
    await expect(toast(page)).toContainText('Download failed');
    await expect(toast(page)).toContainText('Please try again or right-click the image to save');
  });

  test('Copy failure and share failure toasts', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
        configurable: true,
      });
      document.execCommand = () => false;
      window.open = () => {
        throw new Error('boom');
      };
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: `Copy text of ${seeded.assets[1].label}` }).click();
    await expect(toast(page)).toContainText('Copy failed');
    await expect(toast(page)).toContainText('Please try manually selecting the text');
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Facebook', exact: true }).click();
    await expect(toast(page)).toContainText('Sharing failed');
    await expect(toast(page)).toContainText('Please try again or try a different platform');
    // 'Copy Text' words the same failure its own way.
    await page.getByRole('dialog').getByRole('button', { name: 'Copy Text' }).click();
    await expect(toast(page)).toContainText('Please try manually selecting and copying the text');
  });

  test('My Impact is refreshed after a share', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    // A share sheet that resolves: a share (an opened window would not be one).
    await installShareRecorder(page, { webShare: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('tab', { name: 'My Impact' }).click();
    await expect(page.getByTestId('impact-Your Shares')).toHaveText('0');
    await page.getByRole('tab', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Instagram', exact: true }).click();
    await expect(toast(page)).toContainText('Shared successfully');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('tab', { name: 'My Impact' }).click();
    await expect(page.getByTestId('impact-Your Shares')).toHaveText('1');
    await expect(page.getByTestId('impact-Influence Score')).toHaveText('10');

    // A visit through that share's link, from someone else's browser (the page confirms it
    // with its visitor cookie), is a click this supporter generated.
    const log = (await recordedCalls(page)).find(
      (c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'),
    );
    const { ref, status } = JSON.parse(log?.body ?? '{}');
    expect(status).toBe('shared');
    const friend = await page.context().browser()!.newContext();
    const friendPage = await friend.newPage();
    const confirmed = friendPage.waitForResponse((r) => r.url().endsWith('/api/clicks'));
    await friendPage.goto(`/supporter/${seeded.campaignId}?ref=${ref}`);
    expect((await confirmed).status()).toBe(204);
    await friend.close();
    await page.reload();
    await page.getByRole('tab', { name: 'My Impact' }).click();
    await expect(page.getByTestId('impact-Clicks Generated')).toHaveText('1');
    await expect(page.getByTestId('impact-Influence Score')).toHaveText('15');
  });
});

test.describe('sharing from a phone', () => {
  test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

  test('Quick Share Twitter logs first, then opens the intent with the ref', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    await quick.getByRole('button', { name: 'X', exact: true }).tap();
    const { url, tracked } = await expectOpenedThenLogged(page, seeded, 'twitter', seeded.assets[0].id);
    expect(url.searchParams.get('url')).toBe(tracked);
    expect(url.searchParams.get('text')).toBe(seeded.assets[0].label);
  });

  test('Instagram Story hands the image file to the share sheet', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page, { webShare: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    await quick.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
    await expect(toast(page)).toContainText('Shared successfully');
    const calls = await recordedCalls(page);
    const share = calls.find((c) => c.kind === 'share');
    expect(share?.files).toEqual([
      {
        name: expect.stringMatching(/\.png$/),
        type: 'image/png',
        size: seeded.assets[0].bytes?.length,
        isFile: true,
      },
    ]);
    const post = calls.find(
      (c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'),
    );
    const ref = JSON.parse(post?.body ?? '{}').ref;
    expect(share?.text).toBe(
      `${seeded.assets[0].label}\n\n${trackedLink(page, seeded, { ref, assetId: seeded.assets[0].id, platform: 'instagram_story' })}`,
    );
    await expect
      .poll(async () => (await campaignStats(request, seeded)).platformBreakdown.instagram_story)
      .toBe(1);
  });

  test('Instagram Story without file sharing saves the image, copies the caption and explains', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    const dialogs = nativeDialogs(page);
    await installShareRecorder(page, { webShare: false });
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    const downloading = page.waitForEvent('download');
    await quick.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
    const download = await downloading;
    expect(fs.readFileSync(await download.path())).toEqual(seeded.assets[0].bytes);
    await expect(toast(page)).toContainText(
      'Open Instagram, add the saved image to your story and paste the caption.',
    );
    expect(dialogs).toEqual([]);
    expect(await clipboard(page)).toContain(`/supporter/${seeded.campaignId}?ref=`);
  });

  test('Instagram Story of a text asset is refused without logging', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page, { webShare: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[1].label}` });
    const dialogs = nativeDialogs(page);
    await quick.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
    await expect(toast(page)).toContainText('Cannot share to Instagram Story without an image');
    expect(dialogs).toEqual([]);
    // Nothing logged: the only POST is the page's visit confirmation.
    const posts = (await recordedCalls(page)).filter((c) => c.kind === 'fetch' && c.method === 'POST');
    expect(posts.map((c) => new URL(c.url as string, page.url()).pathname)).toEqual([
      `/api/supporter/campaigns/${seeded.campaignId}/visits`,
    ]);
  });

  test('personal touch: required, then the template text goes first', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const touch = page.getByRole('region', { name: 'Add Your Personal Touch' });
    await touch.getByRole('button', { name: 'WhatsApp', exact: true }).tap();
    await expect(toast(page)).toContainText('Message required');
    await touch.getByRole('button', { name: 'Join Me' }).tap();
    const message = await touch.getByLabel('Add your personal message').inputValue();
    expect(message).toContain(seeded.name);
    await touch.getByRole('button', { name: 'WhatsApp', exact: true }).tap();
    const { url, tracked } = await expectOpenedThenLogged(page, seeded, 'whatsapp', seeded.assets[0].id);
    expect(url.searchParams.get('text')).toBe(`${message}\n\n${seeded.assets[0].label}\n\n${tracked}`);
  });

  test('Save Image downloads the asset and Copy Text copies it', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    const downloading = page.waitForEvent('download');
    await quick.getByRole('button', { name: 'Save Image' }).tap();
    expect(fs.readFileSync(await (await downloading).path())).toEqual(seeded.assets[0].bytes);
    await expect(toast(page)).toContainText('Image downloaded');
    const textQuick = page.getByRole('region', { name: `Quick Share ${seeded.assets[1].label}` });
    await textQuick.getByRole('button', { name: 'Copy Text' }).tap();
    await expect(toast(page)).toContainText('Text copied!');
    expect(await copiedText(page, seeded.assets[1].id)).toBe(seeded.assets[1].content);
  });
});
