import fs from 'node:fs';
import { api, expect, signInAs, test } from '../support/fixtures.ts';
import { addMember } from '../support/teams.ts';

// A member's own data (docs/api.md "Privacy"): the download of the account's data and
// the account's deletion, with the password, after which they are signed out.

test('a member downloads their data and deletes their account', async ({ page, request, account }) => {
  const member = await addMember(request, account, 'editor');
  await signInAs(page, member);
  await page.goto('/profile');
  await expect(page.getByText('Your data', { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  const data = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8'));
  expect(data.profile.username).toBe(member.username);
  expect(data.memberships[0].organization.name).toBe(account.orgName);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');

  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/auth/);

  // Gone: the old session and the password no longer work; the team no longer lists them.
  expect((await api(request, member.token).get('/api/user')).status()).toBe(401);
  const login = await request.post('/api/login', {
    data: { username: member.username, password: member.password },
  });
  expect(login.status()).toBe(401);
  const members = await (await api(request, account.token).get('/api/organization/members')).json();
  expect(members.map((m: { username: string }) => m.username)).not.toContain(member.username);
});
