import { api, expect, test } from '../support/fixtures.ts';
import { seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

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

test('staff set the disclosure line and let supporters edit an asset’s words', async ({
  page,
  request,
  signedIn,
}) => {
  const campaign = await seedCampaign(request, signedIn, { name: 'Park Day' });
  await seedAsset(request, signedIn, campaign, { title: 'Call to act' });
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
  await dialog.getByLabel('Disclosure line (optional)').fill('  #ad  ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Edit Call to act' }).click();
  const asset = page.getByRole('dialog', { name: 'Edit asset' });
  // Its length on X counts the line every post carries: "Text of Call to act" (19), a
  // blank line and "#ad" (5), a space and the link (24).
  await expect(asset.getByTestId('length-twitter').first()).toHaveText('X 48/280');
  const editable = asset.getByRole('checkbox', { name: 'Supporters may edit the words' });
  await expect(editable).not.toBeChecked();
  await editable.click();
  await asset.getByRole('button', { name: 'Save changes' }).click();
  await expect(asset).toBeHidden();

  const stored = await (await api(request, signedIn.token).get(`/api/campaigns/${campaign.id}`)).json();
  expect(stored.disclosure).toBe('#ad');
  expect(stored.assets[0].textEditable).toBe(true);
});
