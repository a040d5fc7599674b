import { api, expect, test } from '../support/fixtures.ts';
import { campaignRow, rowToggle, seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

test('every built-in category and template is listed', async ({ page, signedIn }) => {
  await page.goto('/templates');
  const expected: Record<string, string[]> = {
    'Social Media': ['Follower Growth', 'Content Series', 'Viral Challenge'],
    Awareness: ['Issue Spotlight', 'Educational Series'],
    Fundraising: ['Donation Drive', 'Matching Campaign'],
    Advocacy: ['Legislative Action', 'Volunteer Recruitment'],
  };
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    ...Object.keys(expected),
    'My Templates',
  ]);
  for (const [category, names] of Object.entries(expected)) {
    const section = page.getByRole('region', { name: category });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(names);
    await expect(section.getByRole('button', { name: /^Use this template/ })).toHaveCount(names.length);
  }
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('Use this template creates the campaign with starter assets and lands on the refreshed list', async ({
  page,
  signedIn,
}) => {
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Use this template: Donation Drive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastEl(page)).toContainText('Campaign created');
  // After 1.5 s + 100 ms: the dashboard, refreshed, with the hash query removed again.
  await expect(toastEl(page)).toContainText('Campaigns Updated');
  await expect(page).toHaveURL(/\/#campaigns$/);
  await expect(rowToggle(page, 'Donation Drive')).toHaveAttribute('aria-expanded', 'true');
  const row = campaignRow(page, /^Donation Drive/);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByTestId('asset-card').first()).toBeVisible();
  await expect(row.getByTestId('asset-card').filter({ hasText: /donat/i }).first()).toBeVisible();
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('a custom template saved from a campaign is listed under My Templates and can be used', async ({
  page,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Spring Cleanup' });
  await seedAsset(request, signedIn, c, { title: 'Cleanup invite', content: 'Join the spring cleanup!' });
  await page.goto('/templates');
  await expect(page.getByText('No custom templates yet', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Create Custom Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Template' });
  await expect(dialog.getByLabel('Campaign', { exact: true })).toHaveValue(String(c.id));
  await dialog.getByLabel('Template name').fill('Cl');
  await dialog.getByRole('button', { name: 'Save Template' }).click();
  await expect(dialog.getByText('Template name must be at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Template name').fill('Cleanup Kit');
  await dialog.getByRole('button', { name: 'Save Template' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Template saved');

  const mine = page.getByRole('region', { name: 'My Templates' });
  await expect(mine.getByRole('heading', { level: 3 })).toHaveText(['Cleanup Kit']);
  await expect(mine.getByText('Cleanup invite')).toBeVisible();

  await mine.getByRole('button', { name: 'Use this template: Cleanup Kit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/#campaigns$/);
  await expect(rowToggle(page, 'Cleanup Kit')).toHaveAttribute('aria-expanded', 'true');
  await expect(campaignRow(page, /^Cleanup Kit/).getByText('Join the spring cleanup!')).toBeVisible();
});

test('a member whose profile language is Spanish sees the templates in Spanish, and one makes a Spanish campaign', async ({
  page,
  request,
  signedIn,
}) => {
  const me = api(request, signedIn.token);
  expect((await me.put('/api/user/profile', { language: 'es' })).status()).toBe(200);
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de campaña' })).toBeVisible();
  // Category labels from the catalog; names, descriptions and starter assets from the API.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Redes sociales',
    'Concienciación',
    'Recaudación de fondos',
    'Incidencia',
    'Mis plantillas',
  ]);
  const fundraising = page.getByRole('region', { name: 'Recaudación de fondos' });
  await expect(fundraising.getByRole('heading', { level: 3 })).toHaveText([
    'Campaña de donaciones',
    'Campaña de donaciones igualadas',
  ]);
  const drive = fundraising.getByTestId('template-card').first();
  await expect(
    drive.getByText('Recaude fondos con una petición clara y una meta que sus simpatizantes puedan apoyar.'),
  ).toBeVisible();
  await expect(drive.getByText('Dona hoy')).toBeVisible();

  await page.getByRole('button', { name: 'Usar esta plantilla: Campaña de donaciones', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Crear campaña' }).click();
  await expect(toastEl(page)).toContainText('Campaña creada');
  await expect(page).toHaveURL(/\/#campaigns$/);
  const row = campaignRow(page, /^Campaña de donaciones/);
  await expect(row.getByTestId('asset-card').filter({ hasText: 'Cada aporte cuenta.' })).toBeVisible();
  // Its supporter page speaks Spanish by default.
  const created = (await (await me.get('/api/campaigns')).json()).find(
    (c: { name: string }) => c.name === 'Campaña de donaciones',
  );
  expect(created).toMatchObject({ defaultLanguage: 'es', languages: ['es'] });
});
