import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, PHONE, seedSupporterCampaign } from '../support/supporter.ts';

// Each test runs axe over several screens and dialogs: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** No serious or critical axe violation (WCAG 2.1 AA and best practices). */
async function expectAccessible(page: Page, label: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

const ASSETS = [
  { type: 'image' as const, title: 'River poster', description: 'A poster of a clean river' },
  { type: 'text' as const, title: 'Call to action', content: 'Write to your council today: rivers need us!' },
  { type: 'video' as const, title: 'River film', content: 'https://cdn.example.org/river.mp4' },
];

test.describe('accessibility on a desktop', () => {
  test.use(DESKTOP);

  test('page, every tab, the share dialog and the schedule dialog', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request, { assets: ASSETS });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'share tab');
    for (const tab of ['Personalize', 'My Impact', 'Schedule']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      if (tab === 'My Impact') await expect(page.getByTestId('impact-Your Shares')).toBeVisible();
      await expectAccessible(page, `${tab} tab`);
    }

    await page.getByRole('tab', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'share dialog');
    await dialog.getByRole('button', { name: 'Personalize' }).click();
    await expect(dialog.getByTestId('tweet-length')).toBeVisible();
    for (const tab of ['Facebook', 'LinkedIn', 'WhatsApp', 'Instagram Story']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expectAccessible(page, `share dialog, ${tab} preview`);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.getByRole('button', { name: 'Schedule a Share' }).click();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await expectAccessible(page, 'schedule dialog');
  });

  test('the not-found state', async ({ page }) => {
    await page.goto('/supporter/987654');
    await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
    await expectAccessible(page, 'not found');
  });
});

test.describe('accessibility on a phone', () => {
  test.use(PHONE);

  test('the mobile view and its dialogs', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request, { assets: ASSETS });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page).toHaveURL(/mobile=true/);
    await expect(page.getByRole('heading', { name: 'Add Your Personal Touch' })).toBeVisible();
    await expectAccessible(page, 'mobile view');
    await page.getByRole('button', { name: 'Schedule a Share' }).tap();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await expectAccessible(page, 'mobile schedule dialog');
  });
});

test.describe('accessibility in Arabic, right to left, on a phone', () => {
  test.use(PHONE);

  test('the mobile view and its schedule dialog', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request, { assets: ASSETS });
    const headers = { authorization: `Bearer ${seeded.account.token}` };
    const campaign = await request.put(`/api/campaigns/${seeded.campaignId}`, {
      headers,
      data: { defaultLanguage: 'en', languages: ['en', 'ar'] },
    });
    expect(campaign.status(), await campaign.text()).toBe(200);
    const asset = await request.put(`/api/assets/${seeded.assets[0].id}`, {
      headers,
      data: {
        translations: {
          ar: { title: 'ملصق النهر', altText: 'ملصق لنهر نظيف', shareText: 'انضموا إلينا #CleanRivers' },
        },
      },
    });
    expect(asset.status(), await asset.text()).toBe(200);

    await page.goto(`/supporter/${seeded.campaignId}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'أضف لمستك الشخصية' })).toBeVisible();
    await expectAccessible(page, 'mobile view in Arabic');
    await page.getByRole('button', { name: 'جدولة مشاركة' }).tap();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await expectAccessible(page, 'mobile schedule dialog in Arabic');
  });
});
