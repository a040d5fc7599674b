import { listenForMail } from '../support/e2e-mail.ts';
import { expect, signInAs, test, uniqueName } from '../support/fixtures.ts';
import { addMember, axeProblems, callFromPage, inviteViaApi } from '../support/teams.ts';
import { toastEl } from '../support/workspace.ts';

// The invitation journey: an admin invites, the colleague joins from the link with
// the role given, and what they may do follows their role as the admin changes it.

test('invite, join as a viewer, get promoted to editor, then be removed', async ({
  page,
  browser,
  signedIn: admin,
}) => {
  test.slow(); // two browsers and several reloads on a small machine
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `${uniqueName('colleague')}@example.org`;

  // The admin invites by email and role, and gets the link to copy; the mail leaves
  // through the outbox (the sender's next tick) and arrives with the same link.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await page.getByRole('button', { name: 'Invite Team Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('viewer');
  const smtp = await listenForMail();
  try {
    await dialog.getByRole('button', { name: 'Create Invitation' }).click();
    await expect(dialog.getByRole('status')).toContainText(`We emailed the invitation to ${email}`);
    const mail = await smtp.waitFor(email, 15_000);
    expect(mail.text).toContain(await dialog.getByLabel(/Invitation link/).inputValue());
  } finally {
    await smtp.close();
  }
  const link = dialog.getByLabel(/Invitation link/);
  const url = await link.inputValue();
  expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toContainText('Viewer');

  // The colleague, signed out in another browser, registers on the invitation page (the
  // invited address already filled in) and so joins: no organisation of their own to set up.
  const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const them = await theirs.newPage();
  await them.goto(new URL(url).pathname);
  await expect(them.getByRole('heading', { name: `Join ${admin.orgName}` })).toBeVisible();
  await expect(them.getByText('You are invited as Viewer')).toBeVisible();
  const username = uniqueName('joiner');
  const form = them.getByRole('form', { name: 'Register' });
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(them).toHaveURL(/\/$/);
  await expect(toastEl(them).filter({ hasText: `Welcome to ${admin.orgName}!` })).toBeVisible();
  await expect(them.getByText("Let's set up your organization")).toHaveCount(0);
  await expect(them.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  await expect(them.getByText(admin.orgName).first()).toBeVisible();

  // As a viewer: the create controls are locked and say why; the server refuses a forced call.
  const newCampaign = them.getByRole('button', { name: 'New Campaign' });
  await expect(newCampaign).toHaveAttribute('aria-disabled', 'true');
  await expect(newCampaign).toHaveAccessibleDescription('This needs the editor role');
  await newCampaign.focus();
  await expect(them.getByRole('tooltip')).toHaveText('This needs the editor role');
  await newCampaign.click({ force: true });
  await expect(them.getByRole('dialog')).toHaveCount(0);
  await expect(them.getByRole('button', { name: 'Debug' })).toHaveAttribute('aria-disabled', 'true');
  const forced = await callFromPage(them, 'POST', '/api/campaigns', {
    name: 'Forced by a viewer',
    organizationId: admin.orgId,
  });
  expect(forced).toEqual({
    status: 403,
    body: { code: 'ROLE_REQUIRED', message: 'This needs the editor role' },
  });
  // Settings are readable, not changeable; no member management for a viewer.
  await them.goto('/settings');
  await expect(them.getByText('Only admins can change these settings.')).toBeVisible();
  await expect(them.getByLabel('Organization Name')).toBeDisabled();
  await expect(them.getByRole('button', { name: 'Save General Settings' })).toHaveCount(0);
  await them.getByRole('tab', { name: 'Permissions' }).click();
  await expect(them.getByTestId('member-row')).toHaveCount(2);
  await expect(them.getByRole('button', { name: 'Invite Team Member' })).toHaveCount(0);
  await expect(them.getByRole('combobox')).toHaveCount(0);

  // The admin makes them an editor: after a reload their controls work.
  await page.reload();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByTestId('invitation-row')).toHaveCount(0);
  await page.getByLabel(`Role of ${username}`).selectOption('editor');
  await expect(toastEl(page)).toContainText('Role updated');
  await them.goto('/');
  await expect(them.getByRole('button', { name: 'New Campaign' })).not.toHaveAttribute('aria-disabled');
  await them.getByRole('button', { name: 'New Campaign' }).click();
  await expect(them.getByRole('dialog', { name: 'Create a new campaign' })).toBeVisible();
  await them.keyboard.press('Escape');

  // The admin removes them (after confirming): their session ends, so their next call is
  // refused and the app sends them to sign in; signed in again, they are outside the organisation.
  await page.getByRole('button', { name: `Remove ${username}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove Member' }).click();
  await expect(toastEl(page)).toContainText('Member removed');
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  const refused = await callFromPage(them, 'POST', '/api/campaigns', { name: 'After removal' });
  expect(refused.status).toBe(401);
  await them.reload();
  await expect(them).toHaveURL(/\/auth/);
  await theirs.close();
});

test('the invitation page says plainly when a link is dead, expired or the account is taken', async ({
  page,
  request,
  account,
}) => {
  await page.goto('/invite/not-a-real-token-at-all');
  await expect(page.getByRole('heading', { name: 'This invitation is no longer valid' })).toBeVisible();

  // Revoked: the same answer as unknown.
  const revoked = await inviteViaApi(request, account, 'editor');
  const del = await request.delete(`/api/organization/invitations/${revoked.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(del.status()).toBe(204);
  await page.goto(`/invite/${revoked.token}`);
  await expect(page.getByRole('heading', { name: 'This invitation is no longer valid' })).toBeVisible();

  // Expired: the server answers 410 (a week is too long to wait for here, so its answer is stood in for).
  await page.route('**/api/invitations/expired-token', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: '{"code":"INVITATION_EXPIRED","message":"This invitation has expired"}',
    }),
  );
  await page.goto('/invite/expired-token');
  await expect(page.getByRole('heading', { name: 'This invitation has expired' })).toBeVisible();

  // Signed in with an account that already has an organisation: said plainly, no Accept.
  const live = await inviteViaApi(request, account, 'viewer');
  await signInAs(page, account);
  await page.goto(`/invite/${live.token}`);
  await expect(page.getByRole('alert')).toContainText('already belongs to an organization');
  await expect(page.getByRole('button', { name: 'Accept Invitation' })).toHaveCount(0);
});

test('an existing account without an organisation logs in on the invitation page and joins as an editor', async ({
  page,
  request,
  account: admin,
}) => {
  const invite = await inviteViaApi(request, admin, 'editor');
  const reg = await request.post('/api/register', {
    data: { username: uniqueName('loner'), email: 'loner@example.org', password: 'secret123' },
  });
  const loner = await reg.json();
  await page.goto(`/invite/${invite.token}`);
  await page.getByRole('tab', { name: 'Login' }).click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(loner.username);
  await form.getByLabel('Password').fill('secret123');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Signed in as ${loner.username}`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Campaign' })).not.toHaveAttribute('aria-disabled');

  // The phone menu shows the real role.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Main Menu' })).toContainText('Editor');
  // The link is spent.
  const again = await request.get(`/api/invitations/${invite.token}`);
  expect(again.status()).toBe(404);
});

test('the last admin cannot be demoted or removed, and the page says why', async ({
  page,
  request,
  signedIn: admin,
}) => {
  const other = await addMember(request, admin, 'admin');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  // Two admins: every control is open.
  await expect(page.getByLabel(`Role of ${admin.username}`)).toBeEnabled();

  // Meanwhile the other admin becomes an editor: this page still offers the demotion, and the server refuses it.
  const demote = await request.put(`/api/organization/members/${other.userId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { role: 'editor' },
  });
  expect(demote.status()).toBe(200);
  await page.getByLabel(`Role of ${admin.username}`).selectOption('viewer');
  await expect(toastEl(page)).toContainText('An organization needs at least one admin');

  // Refetched: the last admin's controls are disabled, with the reason next to them.
  const mine = page.getByLabel(`Role of ${admin.username}`);
  await expect(mine).toBeDisabled();
  await expect(mine).toHaveValue('admin');
  await expect(mine).toHaveAccessibleDescription(/An organization needs at least one admin/);
  const leave = page.getByRole('button', { name: /^Leave/ });
  await expect(leave).toHaveAttribute('aria-disabled', 'true');
  await leave.hover();
  await expect(page.getByRole('tooltip')).toContainText('make another member an admin first');
  await expect(page.getByLabel(`Role of ${other.username}`)).toBeEnabled();
});

test('no serious accessibility problems on the invitation page and the team settings', async ({
  page,
  request,
  account: admin,
}) => {
  test.slow(); // several full axe scans
  const invite = await inviteViaApi(request, admin, 'viewer');
  await page.goto(`/invite/${invite.token}`);
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.goto('/invite/unknown-token');
  await expect(page.getByRole('heading', { name: 'This invitation is no longer valid' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  await addMember(request, admin, 'viewer');
  await signInAs(page, admin);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  await expect(page.getByTestId('invitation-row')).toHaveCount(1);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Invite Team Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill('someone@example.org');
  await dialog.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(dialog.getByLabel(/Invitation link/)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});
