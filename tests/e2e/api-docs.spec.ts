import { expect, test } from '@playwright/test';

// The interactive API reference runs in the browser under the app's CSP: a
// refused script or style would leave the page empty and log a violation.
test('the API reference at /api/docs lists the routes and expands one', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Rally API/ })).toBeVisible();
  const campaigns = page.locator('.opblock-summary-path', { hasText: /^\/api\/campaigns$/ }).first();
  await expect(campaigns).toBeVisible();
  await expect(
    page.locator('.opblock-summary-path[data-path="/api/supporter/campaigns/{id}"]').first(),
  ).toBeVisible();

  // Opening an operation shows its documented responses.
  await campaigns.click();
  await expect(page.locator('.opblock.is-open .responses-wrapper').first()).toBeVisible();

  expect(violations).toEqual([]);
  expect(failed).toEqual([]);
});
