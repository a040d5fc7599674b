import type { Locator, Page } from '@playwright/test';
import { createAccount, expect, signInAs, test, uniqueName } from '../support/fixtures.ts';
import { PHONE } from '../support/supporter.ts';
import { axeProblems, inviteViaApi } from '../support/teams.ts';
import { campaignRow, seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';
import { pngBytes } from '../support/png.ts';

// Errors where they happen: on the field, in plain words with a Retry, never as zeros.

const NETWORK = 'Could not reach Rally. Check your internet connection and try again.';
const SERVER = 'Something went wrong on our side. Please try again in a moment.';

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message));
}

/** Neither the browser's nor the server's raw wording anywhere on the page. */
async function expectNoRawErrors(page: Page) {
  await expect(page.getByText(/Failed to fetch$|Internal Server Error|^\d{3}:/i)).toHaveCount(0);
}

test('a taken username is said on the field, at registration and for the organisation', async ({
  page,
  request,
}) => {
  const taken = await createAccount(request);
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(taken.username);
  await form.getByLabel('Email').fill(`${uniqueName()}@example.org`);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Register' }).click();
  await expectFieldError(form.getByLabel('Username'), 'Username already exists');
  await expect(form.getByText('Username already exists', { exact: true })).toBeVisible();
  await expect(toastEl(page)).toContainText('Registration failed');
  expect(await axeProblems(page)).toEqual([]);

  // Onboarding: another organisation has the username.
  const lone = await createAccount(request, { org: false });
  await signInAs(page, lone);
  await page.goto('/onboarding');
  const org = page.getByRole('form', { name: 'Create organization' });
  await org.getByLabel('Organization Name').fill('Taken Name Org');
  await org.getByLabel('Username').fill(`org-${taken.username}`);
  await org.getByRole('button', { name: 'Create Organization' }).click();
  await expectFieldError(org.getByLabel('Username'), 'Organization username already exists');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('no answer: plain words and a Retry that works', async ({ page, account }) => {
  await page.goto('/auth');
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(toastEl(page)).toContainText('Login failed');
  await expect(toastEl(page)).toContainText(NETWORK);
  await expectNoRawErrors(page);
  await page.unroute('**/api/login');
  await toastEl(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
});

test('a server failure while creating a campaign never shows the server’s words', async ({
  page,
  signedIn,
}) => {
  await page.goto('/');
  await page.route('**/api/campaigns', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new campaign' });
  await dialog.getByLabel('Campaign Name').fill('Doomed Campaign');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastEl(page)).toContainText('Campaign Creation Failed');
  await expect(toastEl(page)).toContainText(SERVER);
  await expectNoRawErrors(page);
  // The dialog keeps what was typed.
  await expect(dialog.getByLabel('Campaign Name')).toHaveValue('Doomed Campaign');
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('stats that failed to load say so with Retry, not zeros; so does the campaign list', async ({
  page,
  request,
  signedIn,
}) => {
  const listed = await seedCampaign(request, signedIn, { name: 'Listed Campaign' });
  await seedAsset(request, signedIn, listed, { title: 'Listed text' });
  let failStats = true;
  await page.route('**/api/organization/stats*', (route) =>
    failStats ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
  );
  let failList = true;
  await page.route('**/api/campaigns?*', (route) =>
    failList && route.request().url().includes('status=active') ? route.abort('failed') : route.continue(),
  );
  await page.goto('/');
  const stats = page.getByRole('region', { name: 'Organization statistics' });
  const alert = stats.getByRole('alert');
  await expect(alert).toContainText('Failed to fetch organization stats');
  await expect(alert).toContainText(SERVER);
  await expect(stats.getByText('Total Shares')).toHaveCount(0);
  await expect(stats.getByText('0', { exact: true })).toHaveCount(0);

  const list = page.getByRole('alert').filter({ hasText: 'Failed to fetch campaigns' });
  await expect(list).toContainText(NETWORK);
  await expectNoRawErrors(page);
  expect(await axeProblems(page)).toEqual([]);

  failStats = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(stats.getByText('Total Shares')).toBeVisible();
  await expect(stats.getByText('Active Campaigns').locator('xpath=..').getByRole('definition')).toHaveText(
    '1',
  );

  failList = false;
  await list.getByRole('button', { name: 'Retry' }).click();
  await expect(campaignRow(page, /^Listed Campaign/)).toBeVisible();
});

/**
 * GET `path` fails (a 500 with the server's words, or no answer at all) until the returned
 * function is called; other calls and methods go through.
 */
async function failReads(page: Page, path: string, how: 'server' | 'network') {
  let failing = true;
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (!failing || route.request().method() !== 'GET') return route.continue();
      return how === 'server'
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
        : route.abort('internetdisconnected');
    },
  );
  return () => {
    failing = false;
  };
}

/** The failure where the content would be, in plain words, with a Retry. */
async function expectLoadError(scope: Page | Locator, title: string, words: string) {
  const alert = scope.getByRole('alert').filter({ hasText: title });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(words);
  return alert;
}

test('settings, members, invitations and API keys that failed to load say so with Retry', async ({
  page,
  request,
  signedIn,
}) => {
  const invitation = await inviteViaApi(request, signedIn, 'viewer');
  const settings = await failReads(page, '/api/organization/settings', 'server');
  const organization = await failReads(page, '/api/organization', 'network');
  const members = await failReads(page, '/api/organization/members', 'server');
  const invitations = await failReads(page, '/api/organization/invitations', 'network');
  const keys = await failReads(page, '/api/organization/api-keys', 'server');

  await page.goto('/settings');
  const orgAlert = await expectLoadError(page, 'Failed to fetch organization', NETWORK);
  const settingsAlert = await expectLoadError(page, 'Failed to fetch settings', SERVER);
  await expectNoRawErrors(page);
  expect(await axeProblems(page)).toEqual([]);
  organization();
  await orgAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(orgAlert).toHaveCount(0);
  settings();
  await settingsAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Organization Name')).toHaveValue(signedIn.orgName);
  await expect(page.getByLabel('Organization Username')).not.toHaveValue('');

  await page.getByRole('tab', { name: 'Permissions' }).click();
  const membersAlert = await expectLoadError(page, 'Failed to fetch members', SERVER);
  const invitationsAlert = await expectLoadError(page, 'Failed to fetch invitations', NETWORK);
  const keysAlert = await expectLoadError(page, 'Failed to fetch API keys', SERVER);
  await expectNoRawErrors(page);
  expect(await axeProblems(page)).toEqual([]);

  members();
  await membersAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('member-row').filter({ hasText: `@${signedIn.username}` })).toBeVisible();
  invitations();
  await invitationsAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('invitation-row').filter({ hasText: invitation.email })).toBeVisible();
  keys();
  await keysAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('templates, and the campaigns a template is made from, that failed to load say so with Retry', async ({
  page,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Template Source Campaign' });
  const templates = await failReads(page, '/api/templates', 'server');
  const campaigns = await failReads(page, '/api/campaigns', 'network');

  await page.goto('/templates');
  const templatesAlert = await expectLoadError(page, 'Failed to fetch templates', SERVER);
  await expectNoRawErrors(page);
  expect(await axeProblems(page)).toEqual([]);
  templates();
  await templatesAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Use this template: Donation Drive' })).toBeVisible();
  await expect(templatesAlert).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Custom Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Template' });
  const campaignsAlert = await expectLoadError(dialog, 'Failed to fetch campaigns', NETWORK);
  await expectNoRawErrors(page);
  campaigns();
  await campaignsAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByLabel('Campaign', { exact: true })).toHaveValue(String(c.id));
});

test('sessions and activity on the profile that failed to load say so with Retry', async ({
  page,
  signedIn,
}) => {
  const sessions = await failReads(page, '/api/user/sessions', 'server');
  const activity = await failReads(page, '/api/user/activity', 'network');
  await page.goto('/profile');
  const sessionsAlert = await expectLoadError(page, 'Your sessions could not be loaded.', SERVER);
  const activityAlert = await expectLoadError(page, 'Your activity could not be loaded.', NETWORK);
  await expectNoRawErrors(page);
  expect(await axeProblems(page)).toEqual([]);

  sessions();
  await sessionsAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('session-row').filter({ hasText: 'This device' })).toBeVisible();
  activity();
  await activityAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByRole('list', { name: 'Recent Activity' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('a file over the server’s limit is refused before upload, saying the limit, and the dialog keeps its state', async ({
  page,
  request,
  signedIn,
}) => {
  await seedCampaign(request, signedIn, { name: 'Limit Campaign' });
  // The server's configured limit (UPLOAD_MAX_BYTES), here reported as 1 MB.
  await page.route('**/api/auth-status', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), uploadMaxBytes: 1024 * 1024 } });
  });
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/upload')) uploads++;
  });
  await page.goto('/');
  await campaignRow(page, /^Limit Campaign/)
    .getByRole('button', { name: 'Add Asset' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await dialog.getByLabel('Title').fill('Big poster');
  const file = dialog.getByLabel('Upload a file');
  await expect(file).toHaveAccessibleDescription(/Files up to 1 MB\./);

  await file.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([pngBytes(), Buffer.alloc(1536 * 1024)]),
  });
  await expect(toastEl(page)).toContainText('Maximum file size is 1MB');
  await expect(dialog.getByRole('alert')).toHaveText(
    'big.png is 1.5 MB; files can be at most 1 MB. Pick a smaller file.',
  );
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Big poster');
  await expect(dialog.getByLabel('Asset type')).toHaveValue('image');
  expect(uploads).toBe(0);

  // A file within the limit clears the message and uploads.
  await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: pngBytes(16, 9) });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/uploads\//);
  expect(uploads).toBe(1);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the calendars fit 390 px without sideways scrolling', async ({ page, request, signedIn }) => {
    const c = await seedCampaign(request, signedIn, { name: 'Phone Calendar Campaign' });
    await seedAsset(request, signedIn, c, { title: 'Phone Calendar Asset' });
    const noSideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto('/calendar');
    const today = page.locator('td[aria-current="date"]');
    await expect(today.getByText('2 entries')).toBeAttached();
    expect(await noSideways()).toBeLessThanOrEqual(0);
    const box = await page.locator('table').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(
      page.getByRole('list', { name: 'Events on the selected day' }).getByText('Phone Calendar Asset'),
    ).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Week' }).click();
    await expect(page.getByRole('link', { name: 'Phone Calendar Campaign' })).toBeVisible();
    expect(await noSideways()).toBeLessThanOrEqual(0);

    // The dashboard's calendar tab: the picked day's entries open the campaign.
    await page.goto('/#calendar');
    await expect(page.locator('td[aria-current="date"]').getByText('2 entries')).toBeAttached();
    expect(await noSideways()).toBeLessThanOrEqual(0);
    await page
      .getByRole('region', { name: /^Entries on / })
      .getByRole('button', { name: /Phone Calendar Asset/ })
      .click();
    await expect(page).toHaveURL(/#campaigns$/);
    await expect(page.getByTestId('asset-card').filter({ hasText: 'Phone Calendar Asset' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(await axeProblems(page)).toEqual([]);
  });
});

// A write whose answer never comes: after REQUEST_TIMEOUT_MS the toast says the server did
// not answer (creationFailure used to drop that and say only "Failed to create campaign").
test('a staff action the server never answers says so within seconds instead of spinning', async ({
  page,
  signedIn,
}) => {
  await page.goto('/');
  // The request goes out and no answer ever comes back.
  await page.route('**/api/campaigns', (route) =>
    route.request().method() === 'POST' ? undefined : route.fallback(),
  );
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new campaign' });
  await dialog.getByLabel('Campaign Name').fill('Never Answered');
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeVisible();
  await expect(toastEl(page)).toContainText(
    'Rally did not answer within 10 seconds. Check your internet connection and try again.',
    { timeout: 15_000 },
  );
  expect(Date.now() - started).toBeLessThan(15_000);
  // The form is usable again.
  await expect(dialog.getByRole('button', { name: 'Create Campaign' })).toBeEnabled();
  await expectNoRawErrors(page);
  expect(signedIn.orgId).toBeGreaterThan(0);
});
