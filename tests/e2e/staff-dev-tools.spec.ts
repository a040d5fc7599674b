import { addDays, format, startOfWeek } from 'date-fns';
import { api, expect, signInAs, test } from '../support/fixtures.ts';
import { PLAIN_SERVER_URL } from '../support/plain-server.ts';
import { axeProblems } from '../support/teams.ts';
import { PHONE } from '../support/supporter.ts';
import { campaignRow, seedAsset, seedCampaign } from '../support/workspace.ts';

// No debug or made-up screens in front of real users: these run against the second
// e2e server, which has the production defaults (DEV_TOOLS unset).

test.describe('a server without DEV_TOOLS', () => {
  test.use({ baseURL: PLAIN_SERVER_URL });

  test('the sign-in page has no Debug Session, and the server says dev tools are off', async ({
    page,
    request,
  }) => {
    const status = await request.get('/api/auth-status');
    expect(await status.json()).toMatchObject({ authenticated: false, devTools: false });
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Debug Session' })).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
  });

  test('the dashboard has no Debug button, the menu no Test File Upload; both routes are 404', async ({
    page,
    request,
    account,
  }) => {
    await signInAs(page, account);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Campaign' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Debug' })).toHaveCount(0);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Test File Upload' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/upload-test');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('No page at /upload-test')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Test File Upload' })).toHaveCount(0);

    const debug = await api(request, account.token).post('/api/debug/create-test-content');
    expect(debug.status()).toBe(404);
    const campaigns = await api(request, account.token).get('/api/campaigns');
    expect(await campaigns.json()).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use(PHONE);
    test('the side menu has no Test File Upload', async ({ page, account }) => {
      await signInAs(page, account);
      await page.goto('/');
      await page.getByRole('button', { name: 'Open main menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Main Menu' });
      await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Test File Upload' })).toHaveCount(0);
    });
  });
});

test('a campaign row shows its real supporter count, and nothing at 0', async ({
  page,
  request,
  signedIn,
}) => {
  const quiet = await seedCampaign(request, signedIn, { name: 'Quiet Campaign' });
  await seedAsset(request, signedIn, quiet, { title: 'Quiet text' });
  const shared = await seedCampaign(request, signedIn, { name: 'Shared Campaign' });
  const a = await seedAsset(request, signedIn, shared, { title: 'Shared text' });
  const share = await request.post('/api/shares', {
    data: { assetId: a.id, campaignId: shared.id, organizationId: signedIn.orgId, platform: 'twitter' },
  });
  expect(share.status(), await share.text()).toBe(201);
  const stats = await api(request, signedIn.token).get(`/api/campaigns/${shared.id}/stats`);
  const { uniqueSupporters } = await stats.json();
  expect(uniqueSupporters).toBe(1);

  await page.goto('/');
  const sharedRow = campaignRow(page, /^Shared Campaign/);
  await expect(sharedRow.getByTestId('supporter-count')).toHaveText('1 supporter');
  const quietRow = campaignRow(page, /^Quiet Campaign/);
  await expect(quietRow.getByText('Created')).toBeVisible();
  await expect(quietRow.getByTestId('supporter-count')).toHaveCount(0);
  await expect(quietRow.getByText(/^\+\d$/)).toHaveCount(0);
  expect(quiet.id).not.toBe(shared.id);
});

test('the calendar Week and Day views show the real events', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Week View Campaign' });
  const a = await seedAsset(request, signedIn, c, { title: 'Week View Asset' });
  // Scheduled two days from now at 10:00 local time (browser and test share a zone).
  const later = addDays(new Date(), 2);
  later.setHours(10, 0, 0, 0);
  const scheduled = await request.post('/api/shares/schedule', {
    data: {
      assetId: a.id,
      campaignId: c.id,
      organizationId: signedIn.orgId,
      platform: 'all',
      scheduledFor: later.toISOString(),
      status: 'pending',
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);

  await page.goto('/calendar');
  await page.getByRole('tab', { name: 'Week' }).click();
  const week = page.getByRole('list', { name: `Week of ${format(startOfWeek(new Date()), 'MMMM d, yyyy')}` });
  const today = week.locator(`li[data-date="${format(new Date(), 'yyyy-MM-dd')}"]`);
  await expect(today.getByRole('link', { name: 'Week View Campaign' })).toHaveAttribute(
    'href',
    `/campaigns/${c.id}`,
  );
  await expect(today.getByText('Week View Asset')).toBeVisible();
  await expect(page.getByText('coming soon')).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  // Two weeks on: nothing of ours (the share two days out can fall in next week).
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByText('Week View Campaign')).toHaveCount(0);
  await page.getByRole('button', { name: 'Today' }).click();

  // Day view: today, then step to the scheduled share's day.
  await page.getByRole('tab', { name: 'Day' }).click();
  await expect(page.getByRole('heading', { name: format(new Date(), 'EEEE, MMMM d, yyyy') })).toBeVisible();
  const dayList = page.getByRole('list', { name: 'Events on the selected day' });
  await expect(dayList.getByText('Week View Asset')).toBeVisible();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { name: format(later, 'EEEE, MMMM d, yyyy') })).toBeVisible();
  await expect(
    dayList.getByText('Scheduled share (all platforms) for Week View Campaign at 10:00 AM'),
  ).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});
