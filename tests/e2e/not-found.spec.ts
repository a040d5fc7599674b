import { expect, test } from '../support/fixtures.ts';

test('the 404 page shows the current path and goes back to the dashboard', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  // Signed out: the dashboard is protected, so we land on /auth.
  await expect(page).toHaveURL(/\/auth$/);
});

test('signed in, Back to Dashboard reaches the dashboard', async ({ page, signedIn }) => {
  await page.goto('/campaigns/1/not-a-page?x=1');
  await expect(page.getByText('/campaigns/1/not-a-page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/definitely-not-here');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/application\/json/);
});

test('a supporter page that is not found goes back to the previous page', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.goto('/supporter/999999999');
  await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});
