import type { BrowserContext } from '@playwright/test';
import { api, expect, test } from '../support/fixtures.ts';
import {
  campaignStats,
  installShareRecorder,
  PHONE,
  quickShare,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// The supporter notice on a phone (docs/api.md "Privacy"): what the page keeps, the
// organisation's privacy policy, Global Privacy Control and sharing without the cookie.

const POLICY = 'https://river.example/privacy';

const visitorCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'rally_sid');

test.describe('the privacy notice on a phone', () => {
  test.use(PHONE);

  test('says what the page keeps, links to the policy, and lets the supporter share without the cookie', async ({
    page,
    context,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    const saved = await api(request, seeded.account.token).put('/api/organization/settings', {
      privacy: { policyUrl: POLICY },
    });
    expect(saved.status()).toBe(200);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const notice = page.getByTestId('privacy-notice');
    await expect(notice).toContainText('This page keeps a random id in a cookie on this device for a year');
    await expect(notice).toContainText(
      `What you type is kept only as long as ${seeded.account.orgName}'s privacy settings say.`,
    );
    const policy = notice.getByRole('link', { name: 'Privacy policy' });
    await expect(policy).toHaveAttribute('href', POLICY);
    await expect(policy).toHaveAttribute('target', '_blank');
    await expect(policy).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await visitorCookie(context)).toBeDefined();

    await notice.getByRole('button', { name: 'Share without a cookie' }).tap();
    await expect(notice).toContainText('You share without a cookie');
    await expect(notice.getByRole('button', { name: 'Use the cookie again' })).toBeVisible();
    expect(await visitorCookie(context)).toBeUndefined();

    // Gone it stays, after a reload and a share, and the share still counts.
    await page.reload();
    await expect(notice).toContainText('You share without a cookie');
    await quickShare(page, seeded.assets[0].label);
    expect(await visitorCookie(context)).toBeUndefined();
    await expect.poll(async () => (await campaignStats(request, seeded)).openedIntents).toBe(1);

    // And back on.
    await notice.getByRole('button', { name: 'Use the cookie again' }).tap();
    await expect(notice.getByRole('button', { name: 'Share without a cookie' })).toBeVisible();
    await page.reload();
    await expect(notice).toContainText('This page keeps a random id in a cookie');
    await expect.poll(() => visitorCookie(context)).toBeDefined();
  });
});

test.describe('a phone browser with Global Privacy Control', () => {
  test.use({ ...PHONE, extraHTTPHeaders: { 'Sec-GPC': '1' } });

  test('gets no visitor cookie, is told so, and its share counts as an anonymous one', async ({
    page,
    context,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true }),
    );
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const notice = page.getByTestId('privacy-notice');
    await expect(notice).toContainText('Your browser asks sites not to track you (Global Privacy Control)');
    await expect(notice).toContainText('your shares, visits and clicks still count, as anonymous ones');
    // Nothing to choose: the browser has.
    await expect(notice.getByRole('button')).toHaveCount(0);
    // No policy set: no link.
    await expect(notice.getByRole('link')).toHaveCount(0);

    await quickShare(page, seeded.assets[0].label);
    await expect.poll(async () => (await campaignStats(request, seeded)).openedIntents).toBe(1);
    // A share, and nobody the product could tell apart: no supporter more.
    expect((await campaignStats(request, seeded)).uniqueSupporters).toBe(0);
    expect(await visitorCookie(context)).toBeUndefined();
  });
});

test('an admin sets the privacy policy link in Settings > Privacy; a link that is not a web address is refused on the field', async ({
  page,
  request,
  signedIn,
}) => {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  const save = page.getByRole('button', { name: 'Save Privacy Settings' });
  const link = page.getByLabel('Privacy policy link');
  await expect(link).toHaveValue('');
  for (const [typed, said] of [
    [
      'javascript:alert(1)',
      'Privacy policy link must be an https:// or http:// address of at most 500 characters',
    ],
    [POLICY, 'Settings saved'],
  ]) {
    await link.fill(typed);
    await save.click();
    await expect(page.getByText(said).first()).toBeVisible();
  }
  const settings = await api(request, signedIn.token).get('/api/organization/settings');
  expect((await settings.json()).privacy.policyUrl).toBe(POLICY);
});
