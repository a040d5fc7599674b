import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type Account, createAccount, expect, signInAs, test } from '../support/fixtures.ts';
import { withE2eDb } from '../support/e2e-db.ts';
import { INSTANCE_SERVER_PORT, INSTANCE_SERVER_URL } from '../support/instance-server.ts';
import { seedSupporterCampaign } from '../support/supporter.ts';

// The operator's walk through the Instance area, on a server of its own
// (tests/support/instance-server.ts): closing sign-up and suspending an organisation
// change the whole instance, which the other specs must not meet.

test.use({ baseURL: INSTANCE_SERVER_URL });
test.describe.configure({ mode: 'serial' });

/** Makes the account an operator of the instance server, as `npm run admin -- grant-operator` does. */
function makeOperator(account: Account) {
  withE2eDb(
    (db) => db.prepare('update users set "isOperator" = 1 where id = ?').run(account.userId),
    INSTANCE_SERVER_PORT,
  );
}

test('an operator finds every organisation and the instance health from the user menu', async ({
  page,
  request,
}) => {
  const operator = await createAccount(request);
  makeOperator(operator);
  const seeded = await seedSupporterCampaign(request, { name: 'Clean Canals' });

  await signInAs(page, operator);
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Instance' }).click();
  await expect(page).toHaveURL(/\/instance$/);
  await expect(page.getByRole('heading', { name: 'Instance', level: 1 })).toBeVisible();

  const table = page.getByRole('table').first();
  const row = page.getByTestId(`instance-org-${seeded.account.orgId}`);
  await expect(row).toContainText(seeded.account.orgName);
  await expect(row).toContainText(`@org-${seeded.account.username}`);
  await expect(row).toContainText('Active');

  // Search by username; sort by name both ways.
  await page.getByLabel('Search').fill(seeded.account.username);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  await page.getByLabel('Search').fill('');
  const byName = page.getByRole('columnheader', { name: 'Organization' });
  await byName.getByRole('button').click();
  await expect(byName).toHaveAttribute('aria-sort', 'ascending');
  await byName.getByRole('button').click();
  await expect(byName).toHaveAttribute('aria-sort', 'descending');

  await expect(page.getByRole('heading', { name: 'Instance health' })).toBeVisible();
  await expect(page.getByText('Migrations applied')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'rollups', exact: true })).toBeVisible();
});

test('a member who is no operator has no Instance link, and no such page', async ({ page, request }) => {
  const member = await createAccount(request);
  await signInAs(page, member);
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Instance' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/instance');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  const refused = await request.get('/api/instance/organizations', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(refused.status()).toBe(403);
});

/** What a suspended organisation's public addresses show: the neutral page, 410, no organisation text. */
async function expectNeutral(page: Page, url: string, orgText: string[]) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(410);
  await expect(page.getByText('This campaign is not available')).toBeVisible();
  for (const text of orgText) await expect(page.getByText(text)).toHaveCount(0);
}

/** Chooses who may sign up in the console's Sign-up card and saves it. */
async function savePolicy(page: Page, policy: 'open' | 'closed') {
  await page.getByLabel('Who may sign up').selectOption(policy);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/instance/settings') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save sign-up policy' }).click();
  expect((await saved).status()).toBe(200);
}

test('an operator closes sign-up: the sign-up page says so, and opens it again', async ({
  page,
  browser,
  request,
}) => {
  const operator = await createAccount(request);
  makeOperator(operator);
  await signInAs(page, operator);
  await page.goto('/instance');
  await savePolicy(page, 'closed');

  const visitor = await browser.newPage({ baseURL: INSTANCE_SERVER_URL });
  await visitor.goto('/auth?tab=register');
  await expect(visitor.getByText('Sign-up is closed', { exact: true })).toBeVisible();
  const refused = await visitor.request.post('/api/register', {
    data: { username: 'latecomer', email: 'latecomer@example.org', password: 'secret123' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('REGISTRATION_CLOSED');

  // Open again: the next spec signs people up.
  await savePolicy(page, 'open');
  await visitor.reload();
  await expect(visitor.getByText('Sign-up is closed', { exact: true })).toHaveCount(0);
  await visitor.close();
});

test('an operator suspends an organisation and restores it: its pages go neutral and come back', async ({
  page,
  browser,
  request,
}) => {
  const operator = await createAccount(request);
  makeOperator(operator);
  const seeded = await seedSupporterCampaign(request, { name: 'Clean Harbours' });
  const ref = `e2e${randomUUID().replaceAll('-', '')}`;
  const share = await request.post('/api/shares', {
    data: {
      assetId: seeded.assets[0].id,
      campaignId: seeded.campaignId,
      organizationId: seeded.account.orgId,
      platform: 'twitter',
      ref,
    },
  });
  expect(share.status(), await share.text()).toBe(201);
  const addresses = {
    supporter: `/supporter/${seeded.campaignId}`,
    embed: `/embed/${seeded.campaignId}`,
    tracked: `/supporter/${seeded.campaignId}?ref=${ref}&a=${seeded.assets[0].id}`,
  };

  await signInAs(page, operator);
  await page.goto('/instance');
  await page.getByLabel('Search').fill(seeded.account.username);
  const row = page.getByTestId(`instance-org-${seeded.account.orgId}`);
  await row.getByRole('button', { name: `Suspend ${seeded.account.orgName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (its members see it)').fill('Sends mail nobody asked for');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('Sends mail nobody asked for');

  // A visitor's browser: the page, the embed card and the tracked link are the neutral page.
  const visitor = await browser.newPage({ baseURL: INSTANCE_SERVER_URL });
  const orgText = ['Clean Harbours', seeded.description];
  for (const url of Object.values(addresses)) await expectNeutral(visitor, url, orgText);

  // Its admin still signs in, reads, and is told why nothing can change.
  const member = await browser.newPage({ baseURL: INSTANCE_SERVER_URL });
  await signInAs(member, seeded.account);
  await member.goto('/campaigns');
  await expect(member.getByRole('alert').filter({ hasText: 'Sends mail nobody asked for' })).toBeVisible();
  await expect(member.getByText('Clean Harbours').first()).toBeVisible();
  await member.close();

  await row.getByRole('button', { name: `Restore ${seeded.account.orgName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(row).toContainText('Active');

  // All back.
  for (const url of [addresses.supporter, addresses.tracked]) {
    const res = await visitor.goto(url);
    expect(res?.status(), url).toBe(200);
    await expect(visitor.getByRole('heading', { name: 'Clean Harbours' })).toBeVisible();
  }
  const embed = await visitor.goto(addresses.embed);
  expect(embed?.status()).toBe(200);
  await expect(visitor.getByText('Clean Harbours').first()).toBeVisible();
  await visitor.close();
});

test("a new organisation's mail waits for the operator, who sees only its domain and releases it", async ({
  page,
  request,
}) => {
  const operator = await createAccount(request);
  makeOperator(operator);
  // A minutes-old organisation: its invitation mail is held (MAIL_HOLD_NEW_ORGS_HOURS, 24 h).
  const admin = await createAccount(request);
  const domain = `held-${randomUUID().slice(0, 8)}.example`;
  const invited = await request.post('/api/organization/invitations', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { email: `newcomer@${domain}`, role: 'viewer' },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  await signInAs(page, operator);
  await page.goto('/instance');
  const release = page.getByRole('button', { name: `Release the invitation mail to @${domain}` });
  await expect(release).toBeVisible();
  await expect(page.getByRole('row').filter({ has: release })).toContainText(admin.orgName);
  await expect(page.getByText(`newcomer@${domain}`)).toHaveCount(0);
  await release.click();
  await expect(release).toHaveCount(0);
  await expect(page.getByText('Released held mail').first()).toBeVisible();
});
