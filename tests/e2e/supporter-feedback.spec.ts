import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  DESKTOP,
  installShareRecorder,
  PHONE,
  recordedCalls,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// The page says what happened: a platform window that opened is not a post yet, a
// share sheet that completed is, and a share the server did not record is never a success.

const toast = (page: Page) => page.getByTestId('toast').filter({ visible: true });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const opens = async (page: Page) => (await recordedCalls(page)).filter((c) => c.kind === 'open').length;

/** The share log answers 409 with the server's reason, as for a campaign paused meanwhile. */
const refuseShareLog = (page: Page) =>
  page.route('**/api/shares', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'CAMPAIGN_NOT_OPEN', message: 'Sharing is paused for this campaign' }),
        })
      : route.fallback(),
  );

test.describe('feedback on a desktop', () => {
  test.use({ ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });

  test('a platform window opened: finish posting there; a text asset gets no image notice', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    // The text asset.
    await page.getByRole('button', { name: 'Share Now' }).nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    await expect(toast(page)).toContainText('X opened');
    await expect(toast(page)).toContainText('Finish posting in the X window.');
    await expect(toast(page)).not.toContainText('Shared successfully');
    await expect(toast(page)).not.toContainText('image');
    // The intent carries the whole text: nothing was put on the clipboard.
    expect(await clipboard(page)).toBe('untouched');

    await dialog.getByRole('button', { name: 'LinkedIn', exact: true }).click();
    await expect(toast(page)).toContainText('LinkedIn opened');
    await expect(toast(page)).toContainText(
      'Text copied to clipboard. Please paste it into your LinkedIn post.',
    );
    await expect(toast(page)).not.toContainText('image');
    expect(await clipboard(page)).toContain(seeded.assets[1].content);
  });

  test('a failed share log never claims success', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await refuseShareLog(page);
    await page.getByRole('button', { name: 'Share Now' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Facebook', exact: true }).click();
    await expect.poll(() => opens(page)).toBe(1);
    await expect(toast(page)).toContainText('Share not recorded');
    await expect(toast(page)).toContainText(
      'The Facebook window opened, but your share could not be recorded: Sharing is paused for this campaign',
    );
    await expect(toast(page)).not.toContainText(/Shared successfully|Facebook opened/);
  });
});

/** Whether two boxes overlap. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClearOf(toastEl: Locator, buttons: Locator) {
  const box = (await toastEl.boundingBox())!;
  for (const button of await buttons.all()) {
    const b = await button.boundingBox();
    if (b) expect(overlaps(box, b), `the toast covers "${await button.textContent()}"`).toBe(false);
  }
}

test.describe('feedback on a phone', () => {
  test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

  test('the toast after a Quick Share leaves the action buttons uncovered', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    // The buttons where a thumb reaches them, at the bottom of the screen.
    await quick.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await quick.getByRole('button', { name: 'WhatsApp', exact: true }).tap();
    await expect(toast(page)).toContainText('WhatsApp opened');
    await expectClearOf(toast(page), quick.getByRole('button'));
    // And with the buttons in the middle of the screen.
    await quick.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectClearOf(toast(page), quick.getByRole('button'));
  });

  test('a completed share sheet says Shared successfully, unless the log failed', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    await installShareRecorder(page, { webShare: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    await quick.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
    await expect(toast(page)).toContainText('Shared successfully');

    await refuseShareLog(page);
    await quick.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
    await expect(toast(page)).toContainText('Share not recorded');
    await expect(toast(page)).toContainText('Your post went out, but your share could not be recorded');
    await expect(toast(page)).not.toContainText('Shared successfully');
  });
});
