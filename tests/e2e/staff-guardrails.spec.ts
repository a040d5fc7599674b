import { api, expect, test } from '../support/fixtures.ts';
import { toastEl } from '../support/workspace.ts';

// Settings > Guardrails (issue 30): an admin lists the words a supporter's message may
// not contain, one a line; the server keeps them trimmed and once each, for members only.

test('an admin saves the blocked words, one a line, and they are kept as the server reads them', async ({
  page,
  request,
  signedIn: admin,
}) => {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Guardrails' }).click();
  const field = page.getByLabel('Blocked words and phrases');
  await expect(field).toHaveValue('');
  await field.fill('scam\n  vote   for them  \n\nscam');
  await page.getByRole('button', { name: 'Save Blocked Words' }).click();
  await expect(toastEl(page)).toContainText('saved');
  const settings = await (await api(request, admin.token).get('/api/organization/settings')).json();
  expect(settings.guardrails.blockedWords).toEqual(['scam', 'vote for them']);
  await page.reload();
  await page.getByRole('tab', { name: 'Guardrails' }).click();
  await expect(page.getByLabel('Blocked words and phrases')).toHaveValue('scam\nvote for them');

  // An entry past 60 characters is refused on the field, nothing saved.
  await page.getByLabel('Blocked words and phrases').fill('x'.repeat(61));
  await page.getByRole('button', { name: 'Save Blocked Words' }).click();
  await expect(toastEl(page).filter({ hasText: 'Settings not saved' })).toBeVisible();
  const after = await (await api(request, admin.token).get('/api/organization/settings')).json();
  expect(after.guardrails.blockedWords).toEqual(['scam', 'vote for them']);
});
