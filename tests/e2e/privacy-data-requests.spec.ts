import fs from 'node:fs';
import { expect, signInAs, test } from '../support/fixtures.ts';
import { seedSupporterCampaign } from '../support/supporter.ts';
import { toastEl } from '../support/workspace.ts';

// An admin's data request (docs/api.md "Privacy"): the supporter found by the name they
// gave, their data downloaded as CSV, erased with a reason, the request in the activity log.

test('an admin finds a supporter by name, downloads the CSV, erases with a reason and sees it in the log', async ({
  page,
  browser,
  request,
}) => {
  const seeded = await seedSupporterCampaign(request);
  const name = `Grace ${Date.now().toString(36)}`;
  // A supporter's browser: the page gives it its visitor cookie, then it shares with its name.
  const visitor = await browser.newContext();
  const supporterPage = await visitor.newPage();
  await supporterPage.goto(`/supporter/${seeded.campaignId}`);
  const share = await supporterPage.request.post('/api/shares', {
    data: {
      assetId: seeded.assets[0].id,
      platform: 'twitter',
      campaignId: seeded.campaignId,
      organizationId: seeded.account.orgId,
      supporterName: name,
    },
  });
  expect(share.status(), await share.text()).toBe(201);
  await visitor.close();

  await signInAs(page, seeded.account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  const finder = page.getByRole('form', { name: 'Find a supporter' });
  await finder.getByLabel('Find by').selectOption('name');
  await finder.getByLabel('Name they gave').fill(name.toUpperCase());
  await finder.getByRole('button', { name: 'Find' }).click();

  const match = page.getByRole('list', { name: 'Matching supporters' }).getByRole('listitem');
  await expect(match).toHaveCount(1);
  await expect(match).toContainText('1 share in 1 campaign');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    match.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('section,item,field,value');
  expect(csv).toContain(name);

  await match.getByRole('button', { name: 'Erase' }).click();
  const dialog = page.getByRole('alertdialog', { name: /Erase Supporter 1/ });
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(dialog.getByRole('alert')).toContainText('reason');
  await dialog.getByLabel('Reason').fill('Erasure asked by mail on Monday');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(toastEl(page)).toContainText('Supporter data erased');
  await expect(page.getByText('No supporter of your organization matches.')).toBeVisible();

  await page.goto('/activity');
  const log = page.getByRole('main');
  await expect(log.getByText("Erased a supporter's data:").first()).toBeVisible();
  await expect(log.getByText(/Erasure asked by mail on Monday/)).toBeVisible();
  await expect(log.getByText(/Exported a supporter's data: CSV export/)).toBeVisible();
  await expect(log.getByText(name)).toHaveCount(0);
});
