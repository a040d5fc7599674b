import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';

// The staff header, its user menu and the phone side menu.

test('header links reach every staff screen', async ({ page, signedIn }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, url] of [
    ['Templates', /\/templates$/],
    ['Calendar', /\/calendar$/],
    ['Campaigns', /\/campaigns$/],
    ['Dashboard', /\/$/],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('the user menu offers Profile, Settings, the activity log (admins), Test File Upload and Sign out', async ({
  page,
  signedIn,
}) => {
  await page.goto('/');
  const open = async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    return page.getByRole('menu');
  };
  let menu = await open();
  await expect(menu).toContainText(signedIn.orgName);
  // The organisation's creator is its admin: the activity log is theirs.
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profile',
    'Settings',
    'Activity Log',
    'Test File Upload',
    'Sign out',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  // Keyboard: Escape closes it and gives focus back to the trigger.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeFocused();

  for (const [label, url] of [
    ['Profile', /\/profile$/],
    ['Settings', /\/settings$/],
    ['Test File Upload', /\/upload-test$/],
  ] as const) {
    menu = await open();
    await menu.getByRole('menuitem', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the side menu shows Main Menu, the organisation and the member's role", async ({
    page,
    signedIn,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open main menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Main Menu' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(signedIn.orgName);
    // The creator of an organisation is its admin.
    await expect(sheet).toContainText('Admin');
    await expect(sheet).not.toContainText('Administrator');
    for (const label of [
      'Dashboard',
      'Campaigns',
      'Templates',
      'Calendar',
      'Profile',
      'Settings',
      'Sign out',
    ]) {
      await expect(sheet.getByRole('link', { name: label })).toBeVisible();
    }
    await sheet.getByRole('link', { name: 'Templates' }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Open main menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Main Menu' })).toBeHidden();
  });

  test('the auth page fits the screen', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('no serious accessibility problems on the auth, profile and settings screens', async ({
  page,
  account,
}) => {
  test.slow(); // several full axe scans on a small machine
  const scan = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  expect(await scan()).toEqual([]);

  await page.getByRole('tab', { name: 'Register' }).click();
  expect(await scan()).toEqual([]);

  await page.evaluate((t) => localStorage.setItem('token', t), account.token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  expect(await scan()).toEqual([]);

  await page.goto('/settings');
  for (const tab of ['General', 'Notifications', 'Branding', 'Permissions']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(await scan(), tab).toEqual([]);
  }

  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await scan()).toEqual([]);
});
