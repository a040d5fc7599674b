import type { Page } from '@playwright/test';
import { api, expect, test } from '../support/fixtures.ts';
import { installShareRecorder, PHONE, seedSupporterCampaign } from '../support/supporter.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// A campaign goal (docs/api.md "Momentum"): the supporter page shows its progress from
// the campaign's stats, moves without a reload when someone else shares (the page asks
// every 5 s, the server's figures are at most 2 s old), and celebrates once it is reached.
// Staff set the goal in the campaign form and see it on the campaign page.

/** A share sheet that went through (Instagram Story on a phone): a share that counts. */
async function shareOnce(page: Page, label: string) {
  const quick = page.getByRole('region', { name: `Quick Share ${label}` });
  await quick.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
  await expect(page.getByTestId('toast')).toContainText('Shared successfully');
}

test.describe('a goal on a phone', () => {
  test.use(PHONE);

  test('shows the progress, moves when another browser shares, and celebrates when reached', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const seeded = await seedSupporterCampaign(request);
    const put = await api(request, seeded.account.token).put(`/api/campaigns/${seeded.campaignId}`, {
      goal: { metric: 'shares', target: 2 },
    });
    expect(put.status()).toBe(200);

    await page.goto(`/supporter/${seeded.campaignId}`);
    const goal = page.getByRole('region', { name: 'Campaign goal' });
    await expect(goal.getByTestId('goal-words')).toHaveText('0 of 2 shares');
    await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(goal.getByTestId('goal-celebration')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Another supporter, in a browser of their own.
    const other = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await installShareRecorder(otherPage, { webShare: true });
    await otherPage.goto(`/supporter/${seeded.campaignId}`);
    await shareOnce(otherPage, seeded.assets[0].label);

    // Without a reload: the next ask (at most 5 s, the figures at most 2 s old).
    await expect(goal.getByTestId('goal-words')).toHaveText('1 of 2 shares', { timeout: 15_000 });
    await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    await expect(goal.getByTestId('goal-celebration')).toHaveCount(0);

    await shareOnce(otherPage, seeded.assets[0].label);
    await expect(goal.getByTestId('goal-words')).toHaveText('2 of 2 shares', { timeout: 15_000 });
    const celebration = goal.getByTestId('goal-celebration');
    await expect(celebration).toBeVisible();
    await expect(celebration).toHaveText(/Goal reached! Thank you/);
    await expect(celebration).toHaveAttribute('role', 'status');
    // The sharer's page saw it reached too.
    await expect(
      otherPage.getByRole('region', { name: 'Campaign goal' }).getByText('Goal reached! Thank you'),
    ).toBeVisible({ timeout: 15_000 });
    await other.close();
  });
});

test('staff set a goal in the campaign form and see its progress on the campaign page', async ({
  page,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Goal Rivers' });
  await seedAsset(request, signedIn, c, { title: 'River post' });
  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByRole('heading', { name: 'Goal Rivers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Goal' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
  await dialog.getByLabel('Goal figure').selectOption('supporters');
  await dialog.getByLabel('Target').fill('0');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Enter a whole number from 1 to 10000000')).toBeVisible();
  await dialog.getByLabel('Target').fill('250');
  await dialog.getByLabel('Goal date (optional)').fill('2031-06-30');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  const goal = page.getByRole('region', { name: 'Goal' });
  await expect(goal.getByTestId('goal-words')).toHaveText('0 of 250 supporters');
  await expect(goal.getByText('Goal by 30 June 2031')).toBeVisible();
  const saved = await (await api(request, signedIn.token).get(`/api/campaigns/${c.id}`)).json();
  expect(saved.goal).toEqual({ metric: 'supporters', target: 250, deadline: '2031-06-30' });

  // No goal again: the card goes.
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  await dialog.getByLabel('Goal figure').selectOption('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Goal' })).toHaveCount(0);
});
