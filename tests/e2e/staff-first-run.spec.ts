import type { Page } from '@playwright/test';
import { api, createAccount, expect, signInAs, test, uniqueName } from '../support/fixtures.ts';
import { PHONE } from '../support/supporter.ts';
import { axeProblems } from '../support/teams.ts';
import { campaignRow, seedAsset } from '../support/workspace.ts';

// A first run that guides: the empty dashboard explains and offers the button, a
// checklist follows real progress, and onboarding suggests the organisation username.

const checklist = (page: Page) => page.getByRole('region', { name: 'Get your first campaign shared' });
const step = (page: Page, id: string) => checklist(page).locator(`li[data-step="${id}"]`);

test('an empty dashboard guides through the four steps; the checklist leaves when they are done', async ({
  page,
  browser,
  context,
  request,
  signedIn,
}) => {
  test.slow(); // two browsers
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const guide = page.getByTestId('first-campaign');
  await expect(guide.getByText('Create your first campaign to get started')).toBeVisible();
  await expect(guide.getByText(/A campaign holds the images, videos and texts/)).toBeVisible();
  await expect(checklist(page).getByText('0 of 4 done')).toBeVisible();
  for (const id of ['campaign', 'asset', 'link', 'open']) {
    await expect(step(page, id)).toHaveAttribute('data-done', 'false');
  }
  await expect(step(page, 'open')).toContainText('Publish a campaign first');
  expect(await axeProblems(page)).toEqual([]);

  // 1. The empty state's own button opens the create dialog.
  await guide.getByRole('button', { name: 'Create your first campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new campaign' });
  await dialog.getByLabel('Campaign Name').fill('First Steps Campaign');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(campaignRow(page, /^First Steps Campaign/)).toBeVisible();
  await expect(step(page, 'campaign')).toHaveAttribute('data-done', 'true');
  await expect(checklist(page).getByText('1 of 4 done')).toBeVisible();
  await expect(page.getByTestId('first-campaign')).toHaveCount(0);

  // 2. An asset (made elsewhere): the step reads the organisation's data.
  const campaignId = Number(
    (await campaignRow(page, /^First Steps Campaign/)
      .getByRole('link', { name: 'View details' })
      .getAttribute('href'))!
      .split('/')
      .at(-1),
  );
  await seedAsset(request, signedIn, { id: campaignId }, { title: 'First text' });
  // A new campaign is a draft: with its asset it can be published, and then opened.
  const published = await api(request, signedIn.token).put(`/api/campaigns/${campaignId}`, {
    status: 'active',
  });
  expect(published.status()).toBe(200);
  await page.reload();
  await expect(step(page, 'asset')).toHaveAttribute('data-done', 'true');

  // 3. Copying the link.
  const kept = (step: string) => page.waitForResponse((r) => r.url().endsWith(`/api/user/first-run/${step}`));
  const linkKept = kept('linkCopied');
  await campaignRow(page, /^First Steps Campaign/)
    .getByRole('button', { name: 'Copy Share Link' })
    .click();
  expect((await linkKept).status()).toBe(204);
  await expect(step(page, 'link')).toHaveAttribute('data-done', 'true');
  await expect(checklist(page).getByText('3 of 4 done')).toBeVisible();
  // Remembered by the server: signed in on another device, the step is still done.
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const there = await elsewhere.newPage();
  await signInAs(there, signedIn);
  await there.goto('/');
  // A cold browser on a busy machine: its first load may take a while.
  await expect(checklist(there).getByText('3 of 4 done')).toBeVisible({ timeout: 20_000 });
  await expect(step(there, 'link')).toHaveAttribute('data-done', 'true');
  await elsewhere.close();

  // 4. Opening the supporter page (a new tab) finishes it: the checklist goes, and stays gone.
  const opened = context.waitForEvent('page');
  const openKept = kept('supporterOpened');
  await step(page, 'open')
    .getByRole('link', { name: /Open the supporter page of First Steps Campaign/ })
    .click();
  const supporter = await opened;
  await expect(supporter).toHaveURL(new RegExp(`/supporter/${campaignId}$`));
  await expect(checklist(page)).toHaveCount(0);
  expect((await openKept).status()).toBe(204);
  await page.reload();
  await expect(campaignRow(page, /^First Steps Campaign/)).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});

test('hiding the checklist lasts, after signing in again too, for that organisation only', async ({
  page,
  request,
  signedIn,
}) => {
  await page.goto('/');
  const hidden = page.waitForResponse((r) => r.url().endsWith('/api/user/first-run/dismissed'));
  await checklist(page).getByRole('button', { name: 'Hide the getting started checklist' }).click();
  await expect(checklist(page)).toHaveCount(0);
  expect((await hidden).status()).toBe(204);
  await page.reload();
  await expect(page.getByTestId('first-campaign')).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  // Nothing kept in this browser: cleared and signed in again, it stays hidden.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, signedIn);
  await page.goto('/');
  await expect(page.getByTestId('first-campaign')).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);

  // Another organisation in the same browser still sees its own.
  const other = await createAccount(request);
  await page.evaluate((token) => localStorage.setItem('token', token), other.token);
  await page.reload();
  await expect(checklist(page).getByText('0 of 4 done')).toBeVisible();
});

test('onboarding suggests the username from the organisation name until one is typed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { org: false });
  await signInAs(page, account);
  await page.goto('/onboarding');
  const form = page.getByRole('form', { name: 'Create organization' });
  const username = form.getByLabel('Username');
  await form.getByLabel('Organization Name').fill('Friends of the Río Verde!');
  await expect(username).toHaveValue('friends-of-the-rio-verde');
  await expect(username).toHaveAccessibleDescription(/Suggested from the name/);
  await form.getByLabel('Organization Name').fill('Friends of Clean Air');
  await expect(username).toHaveValue('friends-of-clean-air');

  // Typed by the person: it stays whatever the name becomes.
  const own = uniqueName('air');
  await username.fill(own);
  await form.getByLabel('Organization Name').fill('Friends of Clean Air and Water');
  await expect(username).toHaveValue(own);
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the empty dashboard and checklist fit and pass axe', async ({ page, signedIn }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Create your first campaign' })).toBeVisible();
    await expect(checklist(page).getByText('0 of 4 done')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeProblems(page)).toEqual([]);
    expect(signedIn.orgId).toBeGreaterThan(0);
  });
});
