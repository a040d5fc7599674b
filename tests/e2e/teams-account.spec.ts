import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, api, createAccount, expect, signInAs, test } from '../support/fixtures.ts';
import { DESKTOP, installShareRecorder, seedSupporterCampaign, uploadFile } from '../support/supporter.ts';
import { pngBytes } from '../support/png.ts';
import { listenForMail } from '../support/e2e-mail.ts';
import { toastEl } from '../support/workspace.ts';

// Account security (password, sessions, activity, reset by mail) and the
// organisation's branding on the public supporter page.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A second session of the account, as another device would open it; returns its token. */
async function loginElsewhere(request: APIRequestContext, account: Account, userAgent = IPHONE_UA) {
  const res = await request.post('/api/login', {
    data: { username: account.username, password: account.password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.json()).token as string;
  // A session records its browser when it is used.
  const used = await request.get('/api/user', {
    headers: { authorization: `Bearer ${token}`, 'user-agent': userAgent },
  });
  expect(used.status()).toBe(200);
  return token;
}

async function loginThroughUi(page: Page, username: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test.describe('account security', () => {
  test('changing the password: the current one is checked, other sessions end, only the new one signs in', async ({
    page,
    browser,
    request,
    signedIn,
  }) => {
    // Another browser signed in to the same account.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInAs(otherPage, { ...signedIn, token: await loginElsewhere(request, signedIn) });
    await otherPage.goto('/profile');
    await expect(otherPage.getByRole('heading', { name: 'Personal Information' })).toBeVisible();

    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByLabel('New Password', { exact: true }).fill('brand-new-pw');
    await form.getByLabel('Confirm New Password').fill('brand-new-pw');
    await form.getByRole('button', { name: 'Update Password' }).click();
    // The server's refusal sits on the field it is about.
    await expect(form.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');

    await form.getByLabel('Current Password').fill(signedIn.password);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(toastEl(page)).toContainText('Password Updated');
    await expect(form.getByLabel('Current Password')).toHaveValue('');
    // This session carries on.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();

    // The other browser has been signed out.
    await otherPage.goto('/');
    await expect(otherPage).toHaveURL(/\/auth/);
    await other.close();

    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    await loginThroughUi(freshPage, signedIn.username, signedIn.password);
    await expect(toastEl(freshPage)).toContainText('Login failed');
    await expect(freshPage).toHaveURL(/\/auth/);
    await loginThroughUi(freshPage, signedIn.username, 'brand-new-pw');
    await expect(freshPage).toHaveURL(/\/$/);
    await fresh.close();
  });

  test('active sessions: this device is marked, another one is signed out from here; activity shows it', async ({
    page,
    request,
    signedIn,
  }) => {
    const phoneToken = await loginElsewhere(request, signedIn);
    await page.goto('/profile');
    const sessions = page.getByRole('list', { name: 'Active Sessions' });
    const rows = sessions.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const current = rows.filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
    const phone = rows.filter({ hasText: 'Safari on iOS' });
    await expect(phone).toContainText('Last seen');

    const activity = page.getByRole('list', { name: 'Recent Activity' });
    await expect(activity.getByText('Signed in', { exact: true })).toBeVisible();

    await phone.getByRole('button', { name: /Sign out Safari on iOS/ }).click();
    await expect(toastEl(page)).toContainText('Session Signed Out');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('This device');
    // The phone's token no longer works.
    expect((await api(request, phoneToken).get('/api/user')).status()).toBe(401);
    await expect(activity.getByText('Signed out another session')).toBeVisible();
  });

  test('Recent Activity names what was done', async ({ page, request, signedIn }) => {
    const res = await api(request, signedIn.token).post('/api/campaigns', {
      name: 'Clean Air Week',
      status: 'draft',
      organizationId: signedIn.orgId,
    });
    expect(res.status()).toBe(201);
    await page.goto('/profile');
    const activity = page.getByRole('list', { name: 'Recent Activity' });
    await expect(activity.getByText('Created campaign Clean Air Week')).toBeVisible();
    await expect(activity.getByText(`Created the organization ${signedIn.orgName}`)).toBeVisible();
  });

  test('a new account without activity says so', async ({ page, request }) => {
    const account = await createAccount(request, { org: false });
    await signInAs(page, account);
    await page.goto('/profile');
    await expect(page.getByText('No activity yet.')).toBeVisible();
  });
});

test.describe('forgotten password', () => {
  // One SMTP listener on the e2e server's mail port: these tests take turns.
  test.describe.configure({ mode: 'serial' });

  test('the mailed link sets a new password once; the answer never reveals whether an account exists', async ({
    page,
    request,
  }) => {
    const smtp = await listenForMail();
    try {
      const account = await createAccount(request);
      const email = `${account.username}@example.org`;

      await page.goto('/auth');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const form = page.getByRole('form', { name: 'Reset password' });
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status')).toHaveText(
        "If an account uses that email, we've sent a reset link.",
      );

      const mail = await smtp.waitFor(email, 10_000);
      const link = mail.text?.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
      expect(link, mail.text).toBeTruthy();
      const resetUrl = new URL(link as string);
      expect(resetUrl.origin).toBe(new URL(page.url()).origin);

      // An unknown address reads exactly the same.
      await page.reload();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill('nobody-here@example.org');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status')).toHaveText(
        "If an account uses that email, we've sent a reset link.",
      );

      await page.goto(resetUrl.pathname);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

      // The confirmation must match before anything is sent.
      await page.getByLabel('New Password', { exact: true }).fill('reset-pw-1');
      await page.getByLabel('Confirm New Password').fill('reset-pw-2');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
      await page.getByLabel('Confirm New Password').fill('reset-pw-1');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('status')).toContainText('Your password has been changed');
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await expect(page).toHaveURL(/\/auth$/);

      await loginThroughUi(page, account.username, 'reset-pw-1');
      await expect(page).toHaveURL(/\/$/);

      // The link is single use.
      const again = await page.context().browser()?.newPage();
      if (!again) throw new Error('no browser');
      await again.goto(resetUrl.pathname);
      await again.getByLabel('New Password', { exact: true }).fill('reset-pw-3');
      await again.getByLabel('Confirm New Password').fill('reset-pw-3');
      await again.getByRole('button', { name: 'Set new password' }).click();
      await expect(again.getByRole('alert')).toHaveText('This reset link is invalid, used or expired');
      await again.close();
    } finally {
      await smtp.close();
    }
  });

  test('a made-up reset link is refused', async ({ page }) => {
    await page.goto(`/reset-password/${'x'.repeat(43)}`);
    await page.getByLabel('New Password', { exact: true }).fill('whatever1');
    await page.getByLabel('Confirm New Password').fill('whatever1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This reset link is invalid, used or expired');
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  });
});

test.describe('branding on the supporter page', () => {
  test.use(DESKTOP);

  test('the page names the organisation, shows its logo and colours, and the link preview names it', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: 'Write to your council today!' }],
    });
    const a = api(request, seeded.account.token);
    const logoUrl = await uploadFile(request, seeded.account.token, {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngBytes(64, 64, [200, 40, 40]),
    });
    const saved = await a.put('/api/organization/settings', {
      general: { name: 'River Trust' },
      branding: { logoUrl, primaryColor: '#7c2d12', accentColor: '#84cc16' },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByTestId('organization-ask')).toHaveText('River Trust asks you to share');
    const logo = page.getByRole('img', { name: 'River Trust logo' });
    await expect(logo).toHaveAttribute('src', logoUrl);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    const share = page.getByRole('button', { name: 'Share Now' }).first();
    await expect(share).toHaveCSS('background-color', 'rgb(124, 45, 18)');
    await expect(share).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(page.locator('header')).toHaveCSS('border-top-color', 'rgb(132, 204, 22)');

    // The preview crawlers read: the organisation's name and, with no campaign image, its logo.
    const html = await (await request.get(`/supporter/${seeded.campaignId}`)).text();
    expect(html).toContain('<meta property="og:site_name" content="River Trust" />');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${logoUrl}" />`));
  });

  test('the optional name is offered only while the organisation collects supporter information, and sent only with consent', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    const a = api(request, seeded.account.token);
    const orgName = seeded.account.orgName;
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);

    const openDialog = async () => {
      await page.getByRole('button', { name: 'Share Now' }).first().click();
      return page.getByRole('dialog');
    };
    const shareOnTwitter = async (dialog: ReturnType<Page['getByRole']>) => {
      const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/shares'));
      await dialog.getByRole('button', { name: 'X', exact: true }).click();
      return (await posted).postDataJSON() as { supporterName?: string };
    };

    // On by default: a name without the tick stays on this device.
    let dialog = await openDialog();
    const consent = dialog.getByLabel(`Share my name with ${orgName} so they can see who shared`);
    await expect(consent).not.toBeChecked();
    await dialog.getByLabel('Your name').fill('Ada Lovelace');
    // Not dropped silently: the dialog says the name stays unless the box is ticked.
    const notSent = dialog.getByText(`Your name is not sent to ${orgName} unless you tick the box.`);
    await expect(notSent).toBeVisible();
    expect((await shareOnTwitter(dialog)).supporterName).toBeUndefined();

    await consent.check();
    await expect(notSent).toHaveCount(0);
    expect((await shareOnTwitter(dialog)).supporterName).toBe('Ada Lovelace');
    await page.keyboard.press('Escape');

    const off = await a.put('/api/organization/settings', { supporters: { collectInfo: false } });
    expect(off.status(), await off.text()).toBe(200);
    await page.reload();
    dialog = await openDialog();
    await expect(dialog.getByRole('heading', { name: /^Share/ })).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toHaveCount(0);
    await expect(dialog.getByText(/Share my name with/)).toHaveCount(0);
  });
});
