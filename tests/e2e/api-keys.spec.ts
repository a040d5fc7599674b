import { expect, signInAs, test } from '../support/fixtures.ts';
import { addMember, axeProblems } from '../support/teams.ts';
import { toastEl } from '../support/workspace.ts';

// An admin makes an API key in Settings > Permissions, copies it (shown once), an
// integration calls the API with it, and revoking it cuts the integration off.

test('create a key, copy it, call the API with it, revoke it and see it refused', async ({
  page,
  request,
  signedIn: _admin,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  // A blank name is refused beside the field.
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create API Key' }).click();
  await expect(form.getByRole('alert')).toHaveText('Name is required');

  await form.getByLabel('Key name').fill('Newsletter sync');
  await form.getByLabel('Key role').selectOption('editor');
  await form.getByRole('button', { name: 'Create API Key' }).click();

  const shown = page.getByRole('region', { name: 'New API key' });
  await expect(shown.getByRole('status')).toContainText('you will not see it again');
  const key = await shown.getByLabel(/New key/).inputValue();
  expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(toastEl(page).filter({ hasText: 'API key copied!' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(key);

  // The integration: no cookies, only the key. It works with its role.
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Newsletter sync' });
  await expect(row).toContainText('Editor');
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText('Never');
  const headers = { authorization: `Bearer ${copied}` };
  const made = await request.post('/api/campaigns', { headers, data: { name: 'Made by the integration' } });
  expect(made.status(), await made.text()).toBe(201);
  expect((await request.get('/api/campaigns', { headers })).status()).toBe(200);
  // Not on the team's routes.
  expect((await request.get('/api/organization/members', { headers })).status()).toBe(403);

  // Dismissed, the key is gone from the page; the list now shows its use.
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'New API key' })).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(row).not.toContainText('Never');

  // Revoked through the confirmation: the next call with the key is 401.
  await row.getByRole('button', { name: 'Revoke the API key Newsletter sync' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke the API key “Newsletter sync”?' });
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toastEl(page).filter({ hasText: 'API key revoked' })).toBeVisible();
  await expect(page.getByTestId('api-key-row')).toHaveCount(0);
  const refused = await request.get('/api/campaigns', { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ code: 'INVALID_API_KEY', message: 'Invalid API key' });
});

test('members who are not admins see the area locked, and it passes axe', async ({
  page,
  request,
  account: admin,
}) => {
  const editor = await addMember(request, admin, 'editor');
  await signInAs(page, editor);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByText('Only admins can see and manage API keys.')).toBeVisible();
  const locked = page.getByRole('button', { name: 'Create API Key' });
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await expect(locked).toHaveAccessibleDescription('This needs the admin role');
  await expect(page.getByLabel('Key name')).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);
});
