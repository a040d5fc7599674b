import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '../support/fixtures.ts';

// Logout and session expiry, end to end.

const dbFile = () => path.resolve('.tmp', `e2e-${process.env.E2E_PORT ?? '4173'}`, 'data', 'rally.db');

test('logout shows progress, clears the token and ends on /auth', async ({ page, signedIn, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: /Signing you out|You are signed out/ })).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Logged out');
  await expect(page.getByTestId('toast')).toContainText('You have been successfully logged out.');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
  // The server forgot the session as well.
  const me = await request.get('/api/user', { headers: { authorization: `Bearer ${signedIn.token}` } });
  expect(me.status()).toBe(401);
});

test('logout clears the session even when the server call fails', async ({ page, signedIn }) => {
  await page.route('**/api/logout', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/logout');
  await expect(page.getByTestId('toast')).toContainText('Logout error');
  await expect(page.getByTestId('toast')).toContainText(
    'You have been logged out, but there was an error on the server.',
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
  expect(signedIn.token).toBeTruthy();
});

test('the user menu signs out through /logout', async ({ page, signedIn }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(signedIn.username).toBeTruthy();
});

test('an expired session sends the browser to /auth?expired=true', async ({ page, signedIn }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  // Leave the open dashboard before the session expires: its own refetch would also
  // redirect, racing the navigation under test.
  await page.goto('about:blank');

  const db = new Database(dbFile());
  try {
    const hash = createHash('sha256').update(signedIn.token).digest('hex');
    const changed = db
      .prepare('UPDATE sessions SET "expiresAt" = ? WHERE "tokenHash" = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), hash);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }

  // signInAs's init script only stores a token when none is, so the browser keeps
  // presenting the expired one on every load. The redirect may be a full navigation (the
  // API client's) before the load ends: wait only for the commit.
  await page.goto('/campaigns', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/auth\?expired=true$/);
  await expect(page.getByRole('alert').filter({ hasText: 'session has expired' })).toBeVisible();
  // The client dropped the expired token once the server called it expired.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Any page that reads the user sends the browser the same way (here via the API client).
  await page.goto('/profile', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/auth\?expired=true$/);
});
