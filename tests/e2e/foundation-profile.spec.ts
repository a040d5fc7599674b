import { listenForMail } from '../support/e2e-mail.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// Profile and settings screens.

const toast = (page: import('@playwright/test').Page) => page.getByTestId('toast');

test('the profile summary shows the account', async ({ page, signedIn }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  const summary = page.getByRole('heading', { level: 2, name: signedIn.username }).locator('xpath=../..');
  await expect(summary).toContainText(`${signedIn.username}@example.org`);
  await expect(summary).toContainText('Member Since');
  await expect(summary).toContainText('Last Updated');
  // The organisation creator is its admin.
  await expect(summary).toContainText('Admin');
  await expect(summary).toContainText(signedIn.username.slice(0, 2).toUpperCase());
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  // Initials are drawn locally: no request leaves for an avatar service.
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  expect(external).toEqual([]);
});

test('saving personal information survives a reload', async ({ page, signedIn }) => {
  await page.goto('/profile');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill("O'Lovelace <b>");
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  // The email stays as it is, so no password is asked for.
  const info = page.getByRole('form', { name: 'Personal Information' });
  await expect(info.getByLabel('Current Password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Profile Updated');
  await expect(page.getByRole('heading', { level: 2, name: "Ada O'Lovelace <b>" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('AO');

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue("O'Lovelace <b>");
  await expect(page.getByLabel('Email')).toHaveValue(`${signedIn.username}@example.org`);
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
  await expect(page.getByRole('heading', { level: 2, name: "Ada O'Lovelace <b>" })).toBeVisible();
  expect(signedIn.userId).toBeGreaterThan(0);
});

test('a rejected profile update says Update Failed with the server message', async ({ page, signedIn }) => {
  await page.goto('/profile');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Update Failed');
  await expect(toast(page)).toContainText('Please enter a valid email address');
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(`${signedIn.username}@example.org`);
});

test('a failed profile update without a message falls back', async ({ page, signedIn }) => {
  await page.route('**/api/user/profile', (route) => route.fulfill({ status: 400, json: {} }));
  await page.goto('/profile');
  await page.getByLabel('First Name').fill('Grace');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Update Failed');
  await expect(toast(page)).toContainText('Failed to update profile');
  // A server failure says so in plain words instead.
  await page.unroute('**/api/user/profile');
  await page.route('**/api/user/profile', (route) => route.fulfill({ status: 500, json: {} }));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Something went wrong on our side. Please try again in a moment.');
  expect(signedIn.token).toBeTruthy();
});

test('the password form checks the confirmation before sending anything', async ({ page, signedIn }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user/password')) sent.push(r.method());
  });
  await page.goto('/profile');
  await page.getByLabel('Current Password').fill(signedIn.password);
  await page.getByLabel('New Password', { exact: true }).fill('newsecret1');
  await page.getByLabel('Confirm New Password').fill('newsecret2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('form', { name: 'Password' }).getByRole('alert')).toHaveText(
    'Passwords do not match',
  );
  expect(sent).toEqual([]);
  await page.getByLabel('Confirm New Password').fill('newsecret1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page)).toContainText('Password Updated');
  expect(sent).toEqual(['PUT']);
});

test('signed out, the profile asks to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please log in to view your profile.')).toBeVisible();
});

test('settings show their tabs (Integrations and Guardrails for an admin) and a new organisation’s defaults', async ({
  page,
  signedIn,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('tab')).toHaveText([
    'General',
    'Notifications',
    'Branding',
    'Permissions',
    'Embed',
    'Privacy',
    'Integrations',
    'Guardrails',
  ]);
  await expect(page.getByLabel('Organization Name')).toHaveValue(signedIn.orgName);

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Campaign Updates' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'New Supporters' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Milestones' })).toBeChecked();
  const digest = page.getByRole('switch', { name: 'Weekly Digest' });
  await expect(digest).not.toBeChecked();

  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page.getByText('512x512 px')).toBeVisible();
  await expect(page.getByLabel('Primary Color', { exact: true })).toHaveValue('#1d4ed8');
  await expect(page.getByLabel('Accent Color', { exact: true })).toHaveValue('#f59e0b');

  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('switch', { name: 'Collect Supporter Information' })).toBeChecked();
  // The real team: the creator alone, as its admin.
  const row = page.getByTestId('member-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`@${signedIn.username}`);
  await expect(page.getByLabel(`Role of ${signedIn.username}`)).toHaveValue('admin');
  await expect(page.getByRole('button', { name: 'Invite Team Member' })).toBeVisible();
  // API keys: none yet, and no sample key is shown.
  await expect(page.getByText('API Access', { exact: true })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API Key' })).toBeVisible();
  await expect(page.getByText(/rk_[A-Za-z0-9_-]{20,}/)).toHaveCount(0);

  // No site may frame the share card until an admin lists one.
  await page.getByRole('tab', { name: 'Embed' }).click();
  await expect(page.getByLabel('Allowed sites')).toHaveValue('');

  // Raw events keep their personal fields 13 months until an admin says otherwise.
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByLabel('Keep personal fields of raw events for (months)')).toHaveValue('13');
});

const RAW_EVENTS_MONTHS = 'Keep personal fields of raw events for (months)';
const AUDIT_MONTHS = "Keep former members' names in the activity log for (months)";

/** The settings' Privacy tab, freshly loaded, and its field labelled `label`. */
async function privacyField(page: Page, label: string) {
  if (!page.url().endsWith('/settings')) await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  return page.getByLabel(label);
}

test('an admin sets how long raw events keep personal fields; a month count out of range is refused on the field', async ({
  page,
  signedIn: _,
}) => {
  const months = await privacyField(page, RAW_EVENTS_MONTHS);
  await months.fill('0');
  await page.getByRole('button', { name: 'Save Privacy Settings' }).click();
  await expect(
    page.getByText('Keep personal fields for a whole number of months from 1 to 120').first(),
  ).toBeVisible();
  await months.fill('6');
  await page.getByRole('button', { name: 'Save Privacy Settings' }).click();
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await page.reload();
  await expect(await privacyField(page, RAW_EVENTS_MONTHS)).toHaveValue('6');
});

test("an admin sets how long the activity log keeps former members' names; 1 to 120 months, said on the field", async ({
  page,
  signedIn: _,
}) => {
  const months = await privacyField(page, AUDIT_MONTHS);
  await expect(months).toHaveValue('24');
  await months.fill('121');
  await page.getByRole('button', { name: 'Save Privacy Settings' }).click();
  const message = "Keep former members' names in the activity log for a whole number of months from 1 to 120";
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await months.fill('36');
  await page.getByRole('button', { name: 'Save Privacy Settings' }).click();
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);
  await page.reload();
  await expect(await privacyField(page, AUDIT_MONTHS)).toHaveValue('36');
  // The raw events' retention is its own and kept.
  await expect(page.getByLabel(RAW_EVENTS_MONTHS)).toHaveValue('13');
});

test('settings say so when the organisation cannot be loaded', async ({ page, signedIn }) => {
  await page.route('**/api/organization', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto('/settings');
  await expect(page.getByText('Failed to fetch organization', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Organization Username')).toHaveValue('');
  // The settings themselves come from their own call and still load.
  await expect(page.getByLabel('Organization Name')).toHaveValue(signedIn.orgName);
});

test('a new email asks for the password and is made when the mailed link is followed; the old address can undo it', async ({
  page,
  signedIn,
}) => {
  const smtp = await listenForMail();
  try {
    const oldEmail = `${signedIn.username}@example.org`;
    const newEmail = `new-${signedIn.username}@example.org`;
    await page.goto('/profile');
    const info = page.getByRole('form', { name: 'Personal Information' });
    await page.getByLabel('Email').fill(newEmail);
    await info.getByLabel('Current Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Current password is incorrect');

    await info.getByLabel('Current Password').fill('secret123');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText(`Check ${newEmail} to confirm the change`);
    await expect(info.getByRole('status')).toContainText(
      `Check ${newEmail} to confirm the change. Your email stays ${oldEmail} until then.`,
    );
    await expect(page.getByLabel('Email')).toHaveValue(oldEmail);

    const mail = await smtp.waitFor(newEmail, 10_000);
    const link = mail.text?.match(/https?:\/\/\S+(\/confirm-email\/[A-Za-z0-9_-]+)/)?.[1];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: 'Confirm your new email address' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(page.getByRole('status')).toHaveText(`Your email address is now ${newEmail}.`);

    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);
    await expect(page.getByText(`Changed your email: ${oldEmail} -> ${newEmail}`)).toBeVisible();

    // The old address is told, with a link that puts it back and signs every session out.
    const notice = await smtp.waitFor(oldEmail, 10_000);
    const undo = notice.text?.match(/https?:\/\/\S+(\/undo-email-change\/[A-Za-z0-9_-]+)/)?.[1];
    expect(undo, notice.text).toBeTruthy();
    await page.goto(undo as string);
    await page.getByRole('button', { name: 'Restore my old email' }).click();
    await expect(page.getByRole('status')).toContainText(`Your email address is ${oldEmail} again`);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  } finally {
    await smtp.close();
  }
});
