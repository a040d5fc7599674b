import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, installShareRecorder, recordedCalls, seedSupporterCampaign } from '../support/supporter.ts';

// Right to left (issue 28): a campaign offering Arabic, opened by an Arabic browser, is
// served rtl, its layout mirrored, its Arabic share text shown and shared as written,
// with the English hashtag and the link inside it kept left to right.

const ARABIC = 'انضموا إلينا يوم السبت #CleanRivers';

test.use({ ...DESKTOP, locale: 'ar' });

test('an Arabic browser gets the page right to left, and shares the Arabic text as it is', async ({
  page,
  request,
}) => {
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
