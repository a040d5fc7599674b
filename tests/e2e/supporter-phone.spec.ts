import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, installShareRecorder, PHONE, seedSupporterCampaign } from '../support/supporter.ts';

// One phone experience: previews, the personal message, the scheduled shares and My
// Impact without switching to the Desktop View, which stays available.

const CAPTION = 'Our river is swimmable again. Help keep it that way!';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('the phone view', () => {
  test.use(PHONE);

  test('previews, personal message, schedule and My Impact are all on the phone view', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        { type: 'image', title: 'A long poster title that wraps on a phone screen', shareText: CAPTION },
        { type: 'text', title: 'Call to action', content: 'Write to your council today.' },
      ],
    });
    await installShareRecorder(page, { webShare: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page).toHaveURL(/mobile=true/);
    // The toggle stays.
    await expect(page.getByRole('button', { name: 'Desktop View' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    await expect(page.getByLabel('Add your personal message')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schedule your shares' })).toBeVisible();
    const impact = page.getByRole('region', { name: 'My Impact' });
    await expect(impact.getByTestId('impact-Your Shares')).toHaveText('0');

    // The previews, one tap away from each asset.
    await page
      .getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` })
      .getByRole('button', { name: 'Previews and more platforms' })
      .tap();
    const dialog = page.getByRole('dialog');
    for (const tab of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
      await dialog.getByRole('tab', { name: tab, exact: true }).tap();
      // The post's text, and the link card's description below it, both carry it.
      await expect(dialog.getByRole('tabpanel').getByText(CAPTION).first()).toBeVisible();
    }
    // The title wraps beside the close button, never under it.
    const title = await dialog.getByRole('heading').first().boundingBox();
    const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    expect(title && close).toBeTruthy();
    const overlap =
      title!.x < close!.x + close!.width &&
      close!.x < title!.x + title!.width &&
      title!.y < close!.y + close!.height &&
      close!.y < title!.y + title!.height;
    expect(overlap).toBe(false);
    expect(await noSidewaysScroll(page)).toBe(true);

    // A share from the dialog counts in My Impact on the phone view: one that went out
    // through the share sheet, not a platform window that only opened.
    await dialog.getByRole('button', { name: 'WhatsApp', exact: true }).tap();
    await expect(page.getByTestId('toast')).toContainText('WhatsApp opened');
    await dialog.getByRole('button', { name: 'Instagram', exact: true }).tap();
    await expect(page.getByTestId('toast')).toContainText('Shared successfully');
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(impact.getByTestId('impact-Your Shares')).toHaveText('1');
  });
});

test.describe('the phone view chosen on a desktop', () => {
  test.use(DESKTOP);

  test('Mobile View offers the same tools', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Mobile View' }).click();
    await expect(page).toHaveURL(/mobile=true/);
    await expect(page.getByRole('region', { name: 'My Impact' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schedule your shares' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previews and more platforms' }).first()).toBeVisible();
  });
});
