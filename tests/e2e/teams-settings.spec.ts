import { expect, signInAs, test } from '../support/fixtures.ts';
import { addMember, axeProblems, turnOnWeeklyDigest } from '../support/teams.ts';
import { toastEl } from '../support/workspace.ts';
import { pngBytes } from '../support/png.ts';

// Organisation settings are saved for real (admin) and read back after a reload.

test('general settings are saved and shown after a reload; bad input is named on its field', async ({
  page,
  signedIn,
}) => {
  await page.goto('/settings');
  const name = page.getByLabel('Organization Name');
  await expect(name).toHaveValue(signedIn.orgName);
  await page.getByLabel('Website').fill('not a link');
  await page.getByRole('button', { name: 'Save General Settings' }).click();
  await expect(toastEl(page)).toContainText('Settings not saved');
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription(
    'Website must start with http:// or https://',
  );

  await name.fill(`${signedIn.orgName} Renamed`);
  await page.getByLabel('Website').fill('https://example.org/us');
  await page.getByLabel('Description').fill('We plant trees.');
  await page.getByLabel('Contact Email').fill('hello@example.org');
  await page.getByRole('button', { name: 'Save General Settings' }).click();
  await expect(toastEl(page)).toContainText('Settings saved');
  // The header follows the new name at once.
  await expect(page.getByRole('banner')).toContainText(`${signedIn.orgName} Renamed`);

  await page.reload();
  await expect(name).toHaveValue(`${signedIn.orgName} Renamed`);
  await expect(page.getByLabel('Website')).toHaveValue('https://example.org/us');
  await expect(page.getByLabel('Description')).toHaveValue('We plant trees.');
  await expect(page.getByLabel('Contact Email')).toHaveValue('hello@example.org');
});

test('notification and supporter-information switches save as they are flipped', async ({
  page,
  signedIn,
}) => {
  const digest = await turnOnWeeklyDigest(page);
  await page.getByRole('switch', { name: 'Milestones' }).click();
  await expect(page.getByRole('switch', { name: 'Milestones' })).not.toBeChecked();
  await expect(toastEl(page)).toContainText('Settings saved');

  await page.getByRole('tab', { name: 'Permissions' }).click();
  const collect = page.getByRole('switch', { name: 'Collect Supporter Information' });
  await expect(collect).toBeChecked();
  await collect.click();
  await expect(toastEl(page)).toContainText('Settings saved');

  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(digest).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Milestones' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Campaign Updates' })).toBeChecked();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(collect).not.toBeChecked();
  const saved = await page.request.get('/api/organization/settings', {
    headers: { authorization: `Bearer ${signedIn.token}` },
  });
  expect(await saved.json()).toMatchObject({
    notifications: { weeklyDigest: true, milestones: false },
    supporters: { collectInfo: false },
  });
});

test('branding: a low-contrast primary colour is refused on its field; a logo and colours are saved', async ({
  page,
  signedIn,
}) => {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Branding' }).click();
  const primary = page.getByLabel('Primary Color', { exact: true });
  await expect(primary).toHaveValue('#1d4ed8');
  await primary.fill('#ffeb3b');
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(primary).toHaveAccessibleDescription(
    /too light for white text \(contrast 1\.\d+:1, needs at least 4\.5:1\)/,
  );
  await expect(toastEl(page)).toContainText('Primary colour #ffeb3b is too light');

  await primary.fill('#0f766e');
  await page.getByLabel('Accent Color', { exact: true }).fill('#e11d48');
  // One limit, said once: the logo's 2 MB, never the general 5 MB.
  const logoCard = page.getByRole('form', { name: 'Branding settings' });
  await expect(logoCard.getByText('Files up to 2 MB.')).toBeVisible();
  await expect(logoCard.getByText(/5 MB|Max 2 MB/)).toHaveCount(0);
  // A 2.8 MB logo is refused at once, on the field.
  const picker = page.getByLabel('Logo image');
  await picker.setInputFiles({
    name: 'huge-logo.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([pngBytes(16, 16, [15, 118, 110]), Buffer.alloc(Math.round(2.8 * 1024 * 1024))]),
  });
  await expect(picker).toHaveAccessibleDescription(/huge-logo\.png is 2\.8 MB; files can be at most 2 MB/);
  // The chosen file goes with Save Branding: no separate upload step.
  await picker.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngBytes(16, 16, [15, 118, 110]),
  });
  await expect(page.getByRole('button', { name: /Upload/ })).toHaveCount(0);
  const saved = page.waitForRequest(
    (r) => r.url().endsWith('/api/organization/settings') && r.method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save Branding' }).click();
  expect((await saved).postDataJSON().branding.logoUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  await expect(toastEl(page)).toContainText('Settings saved');
  const logo = page.getByRole('img', { name: 'Organization logo' });
  await expect(logo).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
  await expect(primary).not.toHaveAttribute('aria-invalid');

  await page.reload();
  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(primary).toHaveValue('#0f766e');
  await expect(page.getByLabel('Accent Color', { exact: true })).toHaveValue('#e11d48');
  await expect(logo).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('an editor reads the settings but cannot change them, and sees no member management', async ({
  page,
  request,
  account: admin,
}) => {
  const editor = await addMember(request, admin, 'editor');
  await signInAs(page, editor);
  await page.goto('/settings');
  await expect(page.getByText('Only admins can change these settings.')).toBeVisible();
  await expect(page.getByLabel('Organization Name')).toHaveValue(admin.orgName);
  await expect(page.getByLabel('Organization Name')).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page.getByLabel('Primary Color', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Logo image')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('switch', { name: 'Collect Supporter Information' })).toBeDisabled();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Invite Team Member' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${admin.username}` })).toHaveCount(0);
  await expect(page.getByText('Pending Invitations')).toHaveCount(0);
  // An editor may leave, though.
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  // And the phone menu says what they are.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Main Menu' })).toContainText('Editor');
});

test('a member leaves the organisation after confirming and goes to onboarding', async ({
  page,
  request,
  account: admin,
}) => {
  const viewer = await addMember(request, admin, 'viewer');
  await signInAs(page, viewer);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await page.getByRole('button', { name: 'Leave' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Leave this organization?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Leave' }).click();
  await confirm.getByRole('button', { name: 'Leave Organization' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const members = await request.get('/api/organization/members', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect((await members.json()).map((m: { username: string }) => m.username)).toEqual([admin.username]);
});

test('no serious accessibility problems on the settings tabs, with a field error shown', async ({
  page,
  signedIn,
}) => {
  test.slow(); // four full axe scans
  await page.goto('/settings');
  await expect(page.getByLabel('Organization Name')).toHaveValue(signedIn.orgName);
  expect(await axeProblems(page), 'General').toEqual([]);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Weekly Digest' })).toBeVisible();
  expect(await axeProblems(page), 'Notifications').toEqual([]);
  await page.getByRole('tab', { name: 'Branding' }).click();
  await page.getByLabel('Primary Color', { exact: true }).fill('#ffffff');
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText(/too light for white text/).first()).toBeVisible();
  expect(await axeProblems(page), 'Branding').toEqual([]);
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  expect(await axeProblems(page), 'Permissions').toEqual([]);
});
