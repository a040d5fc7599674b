import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, test } from '../support/fixtures.ts';
import { installShareRecorder, PHONE, quickShare, seedSupporterCampaign } from '../support/supporter.ts';

// "My data" on a phone (docs/api.md "Privacy"): the supporter sees what Rally holds
// about this browser, downloads it as JSON, erases it; the figures stay.

/** A supporter on a fresh campaign's page who shared its first asset once. */
async function shareOnce(page: Page, request: APIRequestContext) {
  const seeded = await seedSupporterCampaign(request);
  await installShareRecorder(page);
  await page.goto(`/supporter/${seeded.campaignId}`);
  await quickShare(page, seeded.assets[0].label);
  return seeded;
}

/** Erases from the open dialog, closes it, and finds nothing held on opening it again. */
async function eraseAndReopen(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'My data' });
  await dialog.getByRole('button', { name: 'Erase my data' }).tap();
  await dialog.getByRole('button', { name: 'Yes, erase my data' }).tap();
  await expect(dialog.getByRole('status')).toContainText('Your data is erased');
  await dialog.getByRole('button', { name: 'Close' }).tap();

  await page.getByRole('button', { name: 'My data' }).tap();
  await expect(dialog).toContainText('Rally holds nothing about this browser');
}

test.describe('My data on a phone', () => {
  test.use(PHONE);

  test('shows the share, downloads it, erases it, and the share still counts', async ({ page, request }) => {
    const seeded = await shareOnce(page, request);
    const figures = async () =>
      (await api(request, seeded.account.token).get('/api/organization/stats')).json();
    await expect.poll(async () => (await figures()).openedIntents).toBe(1);
    const before = await figures();

    await page.getByRole('button', { name: 'My data' }).tap();
    const dialog = page.getByRole('dialog', { name: 'My data' });
    await expect(dialog.getByRole('heading', { name: 'Shares' })).toBeVisible();
    await expect(dialog).toContainText(`on whatsapp`);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download my data' }).tap();
    const file = await download;
    expect(file.suggestedFilename()).toBe('rally-my-data.json');
    const data = JSON.parse(await readFile((await file.path()) as string, 'utf8'));
    expect(data.shares).toHaveLength(1);
    expect(data.shares[0]).toMatchObject({ platform: 'whatsapp', campaign: { id: seeded.campaignId } });
    expect(data.visitorIds).toHaveLength(1);

    await eraseAndReopen(page);
    expect(await figures()).toEqual(before);
  });

  test('a browser that only visited sees that Rally holds its visit, and erases it', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    const visited = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/api/supporter/campaigns/${seeded.campaignId}/visits`),
    );
    await page.goto(`/supporter/${seeded.campaignId}`);
    expect((await visited).status()).toBe(204);

    await page.getByRole('button', { name: 'My data' }).tap();
    const dialog = page.getByRole('dialog', { name: 'My data' });
    const held = dialog.getByRole('region', { name: 'What Rally holds' });
    await expect(held).toContainText('1 campaign page visit');
    await expect(dialog).not.toContainText('Rally holds nothing');

    await eraseAndReopen(page);
  });

  test('without the cookie, the dialog says why it shows nothing', async ({ page, request }) => {
    await shareOnce(page, request);
    await page.getByTestId('privacy-notice').getByRole('button', { name: 'Share without a cookie' }).tap();
    await expect(page.getByTestId('privacy-notice')).toContainText('You share without a cookie');
    // The board under My Impact loads once it is on screen; tap after it has, not while it moves the page.
    await expect(page.getByRole('region', { name: 'Supporter board' })).toBeVisible();

    await page.getByRole('button', { name: 'My data' }).tap();
    const dialog = page.getByRole('dialog', { name: 'My data' });
    await expect(dialog).toContainText('Rally holds nothing about this browser');
    await expect(dialog).toContainText('This browser shares without a cookie');
    await expect(dialog).toContainText('ask the organisation');
    await expect(dialog.getByRole('button', { name: 'Erase my data' })).toHaveCount(0);
  });
});
