import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, icsProp, PHONE, seedSupporterCampaign } from '../support/supporter.ts';

const toast = (page: Page) => page.getByTestId('toast');

/** The 15th of next month: always in the future, always one click away. */
async function pickNextMonthDay(page: Page): Promise<{ y: number; m: number; d: number }> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  // In the browser's time zone, which is what the picker shows.
  const next = await page.evaluate(() => {
    const now = new Date();
    const n = new Date(now.getFullYear(), now.getMonth() + 1, 15);
    return { y: n.getFullYear(), m: n.getMonth(), d: 15 };
  });
  const iso = `${next.y}-${String(next.m + 1).padStart(2, '0')}-15`;
  await dialog.locator(`[data-day="${iso}"] button`).click();
  return next;
}

test.describe('scheduling on a desktop', () => {
  test.use({ ...DESKTOP, timezoneId: 'America/New_York' });

  test('the dialog: past days disabled, slots, hint, date required, scheduled, calendar file', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    const first = page.getByRole('listitem', { name: seeded.assets[0].label });
    await expect(first.getByText('Not scheduled')).toBeVisible();
    await first.getByRole('button', { name: 'Schedule' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Schedule Your Share' })).toBeVisible();
    const time = dialog.getByLabel('Time');
    await expect(time).toHaveValue('9:00 AM');
    const options = await time.locator('option').allTextContents();
    expect(options).toHaveLength(28);
    expect(options[0]).toBe('7:00 AM');
    expect(options.at(-1)).toBe('8:30 PM');
    await expect(time.locator('optgroup[label="Morning"] option')).toHaveCount(10);
    await expect(time.locator('optgroup[label="Afternoon & Evening"] option')).toHaveCount(18);
    await expect(dialog.getByText(/weekday mornings 9:00-10:30 AM/)).toBeVisible();
    await expect(dialog.getByText(/Sunday evenings 7:00-9:00 PM/)).toBeVisible();

    const yesterday = await page.evaluate(() => {
      const t = new Date();
      if (t.getDate() === 1) return null; // yesterday is not on this month's page
      const y = new Date(t.getFullYear(), t.getMonth(), t.getDate() - 1);
      return `${y.getFullYear()}-${String(y.getMonth() + 1).padStart(2, '0')}-${String(y.getDate()).padStart(2, '0')}`;
    });
    if (yesterday) await expect(dialog.locator(`[data-day="${yesterday}"] button`)).toBeDisabled();

    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    await expect(toast(page)).toContainText('Please select a date');
    await expect(toast(page)).toHaveClass(/bg-destructive/);

    const day = await pickNextMonthDay(page);
    await time.selectOption('6:30 PM');
    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/api/shares/schedule') && r.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    const body = (await posted).postDataJSON();
    const expectedIso = await page.evaluate(({ y, m, d }) => new Date(y, m, d, 18, 30).toISOString(), day);
    expect(body).toMatchObject({
      assetId: seeded.assets[0].id,
      campaignId: seeded.campaignId,
      organizationId: seeded.account.orgId,
      platform: 'all',
      status: 'pending',
    });
    expect(new Date(body.scheduledFor).toISOString()).toBe(expectedIso);
    await expect(toast(page)).toContainText('Share Scheduled!');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = fs.readFileSync(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(icsProp(ics, 'DTSTART')).toBe(expectedIso.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    const url = icsProp(ics, 'URL');
    expect(url).toMatch(
      new RegExp(
        `^http://[^/]+/supporter/${seeded.campaignId}\\?ref=[A-Za-z0-9_-]{12}&a=${seeded.assets[0].id}$`,
      ),
    );
    // The reminder's link carries the code the server stored with the scheduled share.
    expect(body.ref).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(url).toContain(`ref=${body.ref}`);
    const description = icsProp(ics, 'DESCRIPTION') ?? '';
    expect(description).toContain(seeded.assets[0].label);
    expect(description).toContain(url);
    expect(icsProp(ics, 'SUMMARY')).toContain(seeded.assets[0].label);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const when = new Date(day.y, day.m, day.d);
    const label = `${when.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })} at 6:30 PM`;
    await expect(first.getByText(`Scheduled for ${label}`)).toBeVisible();
    await expect(first.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    const second = page.getByRole('listitem', { name: seeded.assets[1].label });
    await expect(second.getByText('Not scheduled')).toBeVisible();
  });

  test('failures show the server message, or a generic one', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.getByRole('button', { name: 'Schedule a Share' }).click();
    await pickNextMonthDay(page);
    const dialog = page.getByRole('dialog');

    await page.route('**/api/shares/schedule', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'SCHEDULE_NOT_IN_FUTURE', message: 'Pick a later time' }),
      }),
    );
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    await expect(toast(page)).toContainText('Failed to schedule');
    await expect(toast(page)).toContainText('Pick a later time');

    // A server failure (with or without a body) reads in plain words, never its status.
    await page.unroute('**/api/shares/schedule');
    await page.route('**/api/shares/schedule', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    await expect(toast(page)).toContainText(
      'Something went wrong on our side. Please try again in a moment.',
    );

    await page.unroute('**/api/shares/schedule');
    await page.route('**/api/shares/schedule', (route) => route.fulfill({ status: 502, body: '' }));
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    await expect(toast(page)).toContainText(
      'Something went wrong on our side. Please try again in a moment.',
    );
    await expect(toast(page)).not.toContainText('502');
    await expect(dialog.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
  });

  test('a campaign without assets is never live, so there is nothing to schedule', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, { assets: [] });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Schedule' })).toHaveCount(0);
  });
});

test.describe('scheduling on a phone', () => {
  test.use({ ...PHONE, timezoneId: 'Europe/Berlin' });

  test('schedules the first asset from the mobile view', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Schedule a Share' }).tap();
    const day = await pickNextMonthDay(page);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/shares/schedule'));
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule Share' }).tap();
    const body = (await posted).postDataJSON();
    const expectedIso = await page.evaluate(({ y, m, d }) => new Date(y, m, d, 9, 0).toISOString(), day);
    expect(body).toMatchObject({ assetId: seeded.assets[0].id, platform: 'all', status: 'pending' });
    expect(new Date(body.scheduledFor).toISOString()).toBe(expectedIso);
    await expect(toast(page)).toContainText('Share Scheduled!');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  });
});
