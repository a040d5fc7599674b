import { expect, test } from '../support/fixtures.ts';

test('the 404 page shows the current path and goes back to the dashboard', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  // Signed out: the dashboard is protected, so we land on /auth.
  await expect(page).toHaveURL(/\/auth$/);
});
