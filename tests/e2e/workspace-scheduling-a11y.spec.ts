import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { SCHEDULE_LAST_SLOT_MINUTES } from '#shared/constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { campaignRow, pickCalendarDay, seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

// Each test runs axe over several screens and dialogs: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('Schedule Share from a campaign row lands on the calendar', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Scheduled Campaign' });
  await seedAsset(request, signedIn, c, { title: 'First post' });
  await seedAsset(request, signedIn, c, { title: 'Second post' });
  await page.goto('/');
  const row = campaignRow(page, /^Scheduled Campaign/);
  await row.getByRole('button', { name: 'More share options' }).click();
  await page.getByRole('menuitem', { name: 'Schedule Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Your Share' });
  await expect(dialog.getByLabel('Time')).toHaveValue('9:00 AM');
  await expect(dialog.getByLabel('Time').locator('option')).toHaveCount(28); // 7:00 AM .. 8:30 PM
  await dialog.getByRole('button', { name: 'Schedule Share' }).click();
  await expect(toastEl(page)).toContainText('Please select a date');

  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  // Today is offered while one of its slots is ahead; after the last one, tomorrow is the first day.
  const lastSlotToday = new Date();
  lastSlotToday.setHours(0, SCHEDULE_LAST_SLOT_MINUTES, 0, 0);
  const firstDay = new Date() < lastSlotToday ? new Date() : tomorrow;
  await expect(dialog.getByLabel('Date')).toHaveAttribute('min', format(firstDay, 'yyyy-MM-dd'));
  await dialog.getByLabel('Asset').selectOption({ label: 'Second post' });
  await dialog.getByLabel('Date').fill(format(tomorrow, 'yyyy-MM-dd'));
  await dialog.getByLabel('Time').selectOption({ label: '6:30 PM' });
  await dialog.getByRole('button', { name: 'Schedule Share' }).click();
  await expect(toastEl(page)).toContainText('Share Scheduled!');
  await expect(dialog).toBeHidden();

  await page.goto('/calendar');
  await pickCalendarDay(page, tomorrow);
  await expect(
    page
      .getByRole('list', { name: 'Events on the selected day' })
      .getByText('Scheduled share (all platforms) for Scheduled Campaign at 6:30 PM'),
  ).toBeVisible();
});

test('workspace pages and dialogs have no serious accessibility problems', async ({
  page,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Accessible Campaign', description: 'For axe' });
  await seedAsset(request, signedIn, c, { title: 'Readable text' });
  await seedAsset(request, signedIn, c, {
    title: 'A video',
    type: 'video',
    content: 'https://cdn.example.org/a.mp4',
  });

  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByRole('heading', { name: 'Organize Assets' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Add Asset' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Asset' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');

  await page.goto('/templates');
  await expect(page.getByRole('heading', { name: 'Fundraising' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/calendar');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/#calendar');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/upload-test');
  await expect(page.getByRole('heading', { name: 'Test File Upload' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
