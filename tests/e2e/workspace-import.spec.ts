import { expect, signInAs, test } from '../support/fixtures.ts';
import { addMember, axeProblems } from '../support/teams.ts';
import { campaignRow, toastEl } from '../support/workspace.ts';

// Campaigns > Import (issue 29): an editor downloads the template, chooses a CSV with a
// mistake, sees the dry run's preview with the error in its row and column (and no
// Import button to press), chooses the fixed file, imports, and finds the campaigns.

const HEADER = 'external_id,campaign_external_id,campaign_name,campaign_status,asset_type,title,share_text';

const csvFile = (rows: string[]) => ({
  name: 'campaigns.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n')),
});

test('an editor imports campaigns from a CSV after fixing the row the dry run refused', async ({
  page,
  request,
  account,
}) => {
  const editor = await addMember(request, account, 'editor');
  await signInAs(page, editor);
  await page.goto('/');

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import campaigns' });
  await expect(dialog).toBeVisible();

  // The template is a download of the documented columns.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rally-import-template.csv');

  const file = dialog.getByLabel('CSV or JSON file');
  await file.setInputFiles(
    csvFile([
      'rivers-1,rivers,Clean rivers,draft,text,River post,Help us clean the river',
      'parks-1,parks,Green parks,draft,text,ab,Plant a tree with us',
    ]),
  );
  const rows = dialog.getByTestId('import-row');
  await expect(rows).toHaveCount(2);
  await expect(dialog.getByText('File: campaigns.csv')).toBeVisible();
  await expect(rows.nth(1)).toContainText('title: Title must be at least 3 characters');
  await expect(dialog.getByText('1 rows have errors')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  expect(await axeProblems(page)).toEqual([]);

  await file.setInputFiles(
    csvFile([
      'rivers-1,rivers,Clean rivers,draft,text,River post,Help us clean the river',
      'parks-1,parks,Green parks,draft,text,Park post,Plant a tree with us',
    ]),
  );
  await expect(dialog.getByText('Every row is valid')).toBeVisible();
  await expect(rows.first()).toContainText('Create');
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();

  await expect(toastEl(page)).toContainText('2 rows imported: 2 campaigns created, 0 updated.');
  await expect(dialog).toBeHidden();
  await expect(campaignRow(page, /Clean rivers/)).toBeVisible();
  await expect(campaignRow(page, /Green parks/)).toBeVisible();
});

test("a reader in French gets a cell's problem in French", async ({ page, request, account, baseURL }) => {
  await page.context().addCookies([{ name: 'rally_lang', value: 'fr', url: baseURL as string }]);
  const editor = await addMember(request, account, 'editor');
  await signInAs(page, editor);
  await page.goto('/');

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des campagnes' });
  await dialog
    .getByLabel('Fichier CSV ou JSON')
    .setInputFiles(csvFile(['parks-1,parks,Green parks,draft,text,ab,Plant a tree with us']));
  const row = dialog.getByTestId('import-row');
  // The row schema's rule and bound, worded from the catalog (the server's message is English).
  await expect(row).toContainText('title: Saisissez au moins 3 caractères.');
  await expect(row).not.toContainText('Title must be at least 3 characters');
});
