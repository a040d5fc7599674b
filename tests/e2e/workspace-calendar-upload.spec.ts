import { addMonths, format } from 'date-fns';
import { expect, test } from '../support/fixtures.ts';
import { pickCalendarDay, seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';
import { pngBytes } from '../support/png.ts';

test('the calendar page shows today’s campaigns, assets and scheduled shares', async ({
  page,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Calendar Page Campaign' });
  const a = await seedAsset(request, signedIn, c, { title: 'Calendar Page Asset' });
  // A share scheduled for tomorrow at 10:00 local time (the browser and this process share a zone).
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(10, 0, 0, 0);
  const scheduled = await request.post('/api/shares/schedule', {
    data: {
      assetId: a.id,
      campaignId: c.id,
      organizationId: signedIn.orgId,
      platform: 'all',
      scheduledFor: tomorrow.toISOString(),
      status: 'pending',
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: format(new Date(), 'MMMM yyyy') })).toBeVisible();
  const today = page.locator(`td[data-date="${format(new Date(), 'yyyy-MM-dd')}"]`);
  await expect(today.getByText('Calendar Page Campaign')).toBeVisible();
  await expect(today.getByText('Calendar Page Asset')).toBeVisible();

  // Today is selected: its list links to the campaign.
  const dayList = page.getByRole('list', { name: 'Events on the selected day' });
  await expect(dayList.getByRole('link', { name: 'Calendar Page Campaign' })).toHaveAttribute(
    'href',
    `/campaigns/${c.id}`,
  );

  await pickCalendarDay(page, tomorrow);
  await expect(
    dayList.getByText('Scheduled share (all platforms) for Calendar Page Campaign at 10:00 AM'),
  ).toBeVisible();

  // An empty month and day.
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const later = addMonths(new Date(), 2);
  await expect(page.getByRole('heading', { name: format(later, 'MMMM yyyy') })).toBeVisible();
  await page
    .getByRole('button', {
      name: format(new Date(later.getFullYear(), later.getMonth(), 15), 'EEEE, MMMM d, yyyy'),
    })
    .click();
  await expect(page.getByText('No events scheduled')).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { name: format(new Date(), 'MMMM yyyy') })).toBeVisible();
  await expect(dayList.getByText('Calendar Page Asset')).toBeVisible();

  // Week and Day views are built from the same events (staff-dev-tools.spec.ts covers them).
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByText('coming soon')).toHaveCount(0);
});

test('the upload test page: messages out of order, then both steps, then reset', async ({
  page,
  signedIn,
}) => {
  await page.goto('/upload-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Test File Upload' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('No campaign');

  await page.getByLabel('Campaign name').fill('Upload Test Run');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByTestId('upload-test-campaign')).toContainText('Upload Test Run');

  await page.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('No file uploaded');

  await page
    .getByLabel('File')
    .setInputFiles({ name: 'test.png', mimeType: 'image/png', buffer: pngBytes(10, 10) });
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(toastEl(page)).toContainText('Upload successful');
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText(/Uploaded to \/uploads\//)).toBeVisible();

  await page.getByLabel('Asset title').fill('Upload test poster');
  await page.getByRole('button', { name: 'Create Asset' }).click();
  await expect(page.getByTestId('upload-test-asset')).toContainText('Upload test poster');
  const href = await page.getByRole('link', { name: 'View campaign' }).getAttribute('href');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('upload-test-campaign')).toHaveCount(0);
  await expect(page.getByTestId('upload-test-asset')).toHaveCount(0);
  await expect(page.getByText(/Uploaded to/)).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByLabel('Campaign name')).toHaveValue('Upload Test Campaign');
  await expect(page.getByLabel('File')).toHaveValue('');
  await page.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('No campaign');

  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Test Run' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Upload test poster' })).toBeVisible();
  expect(signedIn.orgId).toBeGreaterThan(0);
});
