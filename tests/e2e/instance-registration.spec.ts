import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// The sign-up page under each sign-up policy. The policy is the server's answer to
// GET /api/auth-status (`registration`); the e2e server is shared by every spec, whose
// accounts must keep signing up, so the answer is given here rather than the server's
// policy closed for all.

async function withPolicy(page: Page, registration: 'open' | 'invite-only' | 'closed') {
  await page.route('**/api/auth-status', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), registration } });
  });
}

test('says plainly that sign-up is closed, before anyone types', async ({ page }) => {
  await withPolicy(page, 'closed');
  await page.goto('/auth?tab=register');
  await expect(page.getByText('Sign-up is closed', { exact: true })).toBeVisible();
  await expect(page.getByText('its operators create accounts')).toBeVisible();
  await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
});

test('says sign-up is by invitation, and an operator link opens the form', async ({ page }) => {
  await withPolicy(page, 'invite-only');
  await page.goto('/auth?tab=register');
  await expect(page.getByText('Sign-up is by invitation only', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Confirm Password')).toHaveCount(0);

  await page.goto('/auth?tab=register&invite=some-token');
  await expect(page.getByText('Sign-up is by invitation only', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
});

test('open sign-up shows the form and no notice', async ({ page }) => {
  await withPolicy(page, 'open');
  await page.goto('/auth?tab=register');
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await expect(page.getByText('Sign-up is closed', { exact: true })).toHaveCount(0);
});
