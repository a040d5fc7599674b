import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, installShareRecorder, recordedCalls, seedSupporterCampaign } from '../support/supporter.ts';

// Right to left (issue 28): a campaign offering Arabic, opened by an Arabic browser, is
// served rtl, its layout mirrored, its Arabic share text shown and shared as written,
// with the English hashtag and the link inside it kept left to right.

const ARABIC = 'انضموا إلينا يوم السبت #CleanRivers';

test.use({ ...DESKTOP, locale: 'ar' });

/** A campaign in English and Arabic whose one image asset has Arabic share text. */
async function seedArabicCampaign(request: APIRequestContext) {
  const seeded = await seedSupporterCampaign(request, {
    assets: [
      {
        type: 'image',
        title: 'Poster',
        description: 'A river',
        shareText: 'Join us on Saturday #CleanRivers',
      },
    ],
  });
  const headers = { authorization: `Bearer ${seeded.account.token}` };
  const campaign = await request.put(`/api/campaigns/${seeded.campaignId}`, {
    headers,
    data: { defaultLanguage: 'en', languages: ['en', 'ar'] },
  });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const asset = await request.put(`/api/assets/${seeded.assets[0].id}`, {
    headers,
    data: { translations: { ar: { shareText: ARABIC, description: 'نهر' } } },
  });
  expect(asset.status(), await asset.text()).toBe(200);
  return { seeded, headers };
}

test('an Arabic browser gets the page right to left, and shares the Arabic text as it is', async ({
  page,
  request,
}) => {
  const { seeded, headers } = await seedArabicCampaign(request);

  await installShareRecorder(page);
  await page.goto(`/supporter/${seeded.campaignId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // Mirrored: the tab list reads from the right, Share (مشاركة) first.
  const share = page.getByRole('tab', { name: 'مشاركة' });
  const personalize = page.getByRole('tab', { name: 'تخصيص' });
  await expect(share).toBeVisible();
  const [a, b] = [await share.boundingBox(), await personalize.boundingBox()];
  expect(a && b && a.x > b.x).toBe(true);

  // The share dialog: the Arabic text shown right to left, shared unchanged to X.
  // "Share Now" on the asset's card.
  await page.getByRole('button', { name: 'شارك الآن' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const text = dialog.getByText(ARABIC, { exact: false }).first();
  await expect(text).toBeVisible();
  expect(await text.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await dialog.getByRole('button', { name: 'X', exact: true }).click();
  await expect.poll(async () => (await recordedCalls(page)).some((c) => c.kind === 'open')).toBe(true);
  const opened = (await recordedCalls(page)).find((c) => c.kind === 'open');
  const intent = new URL(opened?.url ?? '');
  expect(intent.searchParams.get('text') ?? '').toContain(ARABIC);

  // The share window opened is counted under Arabic, the language the page was in.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/campaigns/${seeded.campaignId}/analytics`, { headers });
      const rows = ((await res.json()).languages ?? []) as {
        language: string | null;
        openedIntents: number;
      }[];
      return rows.find((r) => r.language === 'ar')?.openedIntents ?? 0;
    })
    .toBe(1);
});

test('mixed Arabic and English: each preview isolates the text, the link stays left to right, X weighs it as X does', async ({
  page,
  request,
}) => {
  const { seeded } = await seedArabicCampaign(request);
  const { default: twitter } = await import('twitter-text');
  await page.goto(`/supporter/${seeded.campaignId}`);
  await page.getByRole('button', { name: 'شارك الآن' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'تخصيص' }).click();
  // An Arabic sentence that starts with an English hashtag and holds a number and a URL.
  const message = '#RiversDay نحن ٣٠٠ متطوع، انضموا https://example.org/rivers';
  await dialog.getByLabel('أضيفوا رسالتكم الشخصية').fill(message);

  // X weighs Arabic letters as 2 and the link as 23; the tracked link adds a space and 23.
  const weighted = twitter.parseTweet(`${message}\n\n${ARABIC}`).weightedLength + 24;
  const arabicNumber = new Intl.NumberFormat('ar').format(weighted);
  const counter = dialog.getByTestId('tweet-length');
  await expect(counter).toContainText(`${arabicNumber}/${new Intl.NumberFormat('ar').format(280)}`);
  // The figure is isolated, so "length/limit" reads in order inside the Arabic sentence.
  expect(await counter.locator('bdi').count()).toBe(1);

  // The post's text block (the link card above it has the asset's text alone).
  const post = (panel: Locator) =>
    panel.locator('[dir="auto"]').filter({ hasText: ARABIC }).filter({ hasText: '#RiversDay' }).first();
  // Every platform's preview takes the post's direction from its first strong letter
  // (dir="auto"), as the platforms do: a post that starts with an English hashtag
  // reads left to right, one that starts in Arabic right to left.
  for (const tab of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
    await dialog.getByRole('tab', { name: tab, exact: true }).click();
    const panel = dialog.getByRole('tabpanel');
    const block = post(panel);
    await expect(block).toBeVisible();
    expect(await block.evaluate((el) => getComputedStyle(el).direction), `${tab} preview`).toBe('ltr');
  }
  await dialog.getByLabel('أضيفوا رسالتكم الشخصية').fill('انضموا إلينا #RiversDay');
  let linksChecked = 0;
  for (const tab of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
    await dialog.getByRole('tab', { name: tab, exact: true }).click();
    const block = post(dialog.getByRole('tabpanel'));
    await expect(block).toBeVisible();
    expect(await block.evaluate((el) => getComputedStyle(el).direction), `${tab} preview`).toBe('rtl');
    // The tracked link inside the Arabic post stays left to right.
    const link = dialog
      .getByRole('tabpanel')
      .locator('bdi', { hasText: /^https?:\/\// })
      .first();
    if ((await link.count()) > 0) {
      expect(await link.evaluate((el) => getComputedStyle(el).direction), `${tab} link`).toBe('ltr');
      linksChecked++;
    }
  }
  expect(linksChecked).toBeGreaterThan(0);
});
