import type { Browser } from '@playwright/test';
import { type AuditFinding, auditScreen } from '../support/catalog-audit.ts';
import { api, expect, test } from '../support/fixtures.ts';
import { pngBytes } from '../support/png.ts';
import { uploadFile } from '../support/supporter.ts';
import { seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

// Campaigns in several languages from the staff side (issue 28): staff offer a second
// language, see which asset still lacks its words in it, enter them in the asset form,
// and supporters whose browser asks for that language read them.

const ENGLISH = 'Join the river clean-up on Saturday';
const SPANISH = 'Únase a la limpieza del río el sábado';

/**
 * The supporter page as a browser of `locale` (its Accept-Language) is served it: in
 * `lang`, the asset headed by its share text `shown`, never by `notShown`.
 */
async function expectSupporterWords(
  browser: Browser,
  campaignId: number,
  locale: string,
  expected: { lang: string; shown: string; notShown: string },
) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
  const page = await context.newPage();
  await page.goto(`/supporter/${campaignId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
  await expect(page.getByRole('heading', { name: expected.shown, exact: true })).toBeVisible();
  await expect(page.getByText(expected.notShown)).toHaveCount(0);
  await context.close();
}

test('staff offer Spanish, translate the flagged asset, and a Spanish browser reads it', async ({
  page,
  request,
  browser,
  signedIn,
}) => {
  const campaign = await seedCampaign(request, signedIn, { name: 'River Campaign' });
  const image = await uploadFile(request, signedIn.token, {
    name: 'river.png',
    mimeType: 'image/png',
    buffer: pngBytes(40, 30, [30, 90, 160]),
  });
  await seedAsset(request, signedIn, campaign, {
    title: 'River poster',
    type: 'image',
    content: image,
    shareText: ENGLISH,
  });

  await page.goto(`/campaigns/${campaign.id}`);
  const card = page.getByTestId('asset-card').filter({ hasText: 'River poster' });
  await expect(card).toBeVisible();
  // One language: nothing to translate, nothing flagged.
  await expect(card.getByTestId('missing-translations')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit campaign' });
  await expect(edit.getByLabel('Default language')).toHaveValue('en');
  // The default is always offered: its box cannot be unticked.
  await expect(edit.getByRole('checkbox', { name: 'English' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'English' })).toBeDisabled();
  await expect(edit.getByRole('checkbox', { name: 'Spanish' })).not.toBeChecked();
  await edit.getByRole('checkbox', { name: 'Spanish' }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toastEl(page)).toContainText('Campaign updated');
  const saved = await (await api(request, signedIn.token).get(`/api/campaigns/${campaign.id}`)).json();
  expect([saved.defaultLanguage, saved.languages]).toEqual(['en', ['en', 'es']]);

  // The asset has a title and a share text in English and neither in Spanish.
  await expect(card.getByTestId('missing-translations')).toHaveText('Missing translations: Spanish');

  await card.getByRole('button', { name: 'Edit River poster' }).click();
  const assetDialog = page.getByRole('dialog', { name: 'Edit asset' });
  const others = assetDialog.getByRole('region', { name: 'Other languages' });
  await expect(others.getByRole('tab', { name: 'Spanish' })).toHaveAttribute('aria-selected', 'true');
  await expect(others.getByText('A field left blank here shows the English text.')).toBeVisible();
  await others.getByLabel('Share text in Spanish', { exact: true }).fill(SPANISH);
  await others.getByLabel('Title in Spanish', { exact: true }).fill('Cartel del río');
  // An image's alt text may be given per language too; a text field follows its text's direction.
  await expect(others.getByLabel('Alt text in Spanish', { exact: true })).toHaveAttribute('dir', 'auto');
  await assetDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(assetDialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Asset updated');
  await expect(card.getByTestId('missing-translations')).toHaveCount(0);

  // Opened again, the form holds the Spanish words as saved.
  await card.getByRole('button', { name: 'Edit River poster' }).click();
  const again = page.getByRole('dialog', { name: 'Edit asset' });
  await expect(again.getByLabel('Share text in Spanish', { exact: true })).toHaveValue(SPANISH);
  await expect(again.getByLabel('Title in Spanish', { exact: true })).toHaveValue('Cartel del río');
  await expect(again.getByLabel('Share text', { exact: true })).toHaveValue(ENGLISH);
  await page.keyboard.press('Escape');

  // A new asset takes its Spanish words in the same form (a text asset: its post is its content, asked for per language).
  await page.getByRole('button', { name: 'Add Asset' }).click();
  const add = page.getByRole('dialog', { name: 'Add Asset' });
  await add.getByLabel('Asset type').selectOption('text');
  await add.getByLabel('Title', { exact: true }).fill('Call the council');
  await add.getByLabel('Content', { exact: true }).fill('Call the council today.');
  await expect(add.getByLabel('Share text in Spanish', { exact: true })).toHaveCount(0);
  await add.getByLabel('Title in Spanish', { exact: true }).fill('Llame al ayuntamiento');
  await add.getByLabel('Content in Spanish', { exact: true }).fill('Llame hoy al ayuntamiento.');
  await add.getByRole('button', { name: 'Create Asset' }).click();
  await expect(add).toBeHidden();
  const added = page.getByTestId('asset-card').filter({ hasText: 'Call the council' });
  await expect(added).toBeVisible();
  await expect(added.getByTestId('missing-translations')).toHaveCount(0);
  const assets = await (await api(request, signedIn.token).get(`/api/campaigns/${campaign.id}`)).json();
  expect(assets.assets.find((a: { title: string }) => a.title === 'Call the council').translations).toEqual({
    es: { title: 'Llame al ayuntamiento', shareText: 'Llame hoy al ayuntamiento.' },
  });

  // Supporters: a Spanish browser (Accept-Language es-ES) reads the Spanish words, an English one the English.
  await expectSupporterWords(browser, campaign.id, 'es-ES', {
    lang: 'es',
    shown: SPANISH,
    notShown: ENGLISH,
  });
  await expectSupporterWords(browser, campaign.id, 'en-US', {
    lang: 'en',
    shown: ENGLISH,
    notShown: SPANISH,
  });
});

test('a new campaign in Spanish alone; a language refused by the server is said on the field', async ({
  page,
  request,
  signedIn,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const create = page.getByRole('dialog', { name: 'Create a new campaign' });
  await create.getByLabel('Campaign name').fill('Campaña del río');
  await expect(create.getByLabel('Default language')).toHaveValue('en');
  // A new default is offered at once and cannot be unticked; the old one can.
  await create.getByLabel('Default language').selectOption('es');
  await expect(create.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
  await expect(create.getByRole('checkbox', { name: 'Spanish' })).toBeDisabled();
  await create.getByRole('checkbox', { name: 'English' }).uncheck();
  await create.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(create).toBeHidden();
  const list = await (await api(request, signedIn.token).get('/api/campaigns?status=all')).json();
  const created = list.find((c: { name: string }) => c.name === 'Campaña del río');
  expect([created.defaultLanguage, created.languages]).toEqual(['es', ['es']]);

  // Offer English too, then, while the dialog is open, someone else makes English the
  // default: dropping English now would leave the default unoffered, which the server refuses.
  const put = await api(request, signedIn.token).put(`/api/campaigns/${created.id}`, {
    languages: ['es', 'en'],
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto(`/campaigns/${created.id}`);
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit campaign' });
  await expect(edit.getByRole('checkbox', { name: 'English' })).toBeChecked();
  const meanwhile = await api(request, signedIn.token).put(`/api/campaigns/${created.id}`, {
    defaultLanguage: 'en',
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);
  await edit.getByRole('checkbox', { name: 'English' }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('group', { name: 'Offered languages' }).getByRole('alert')).toHaveText(
    "The default language must be one of the campaign's languages",
  );
  await expect(edit).toBeVisible();
  const after = await (await api(request, signedIn.token).get(`/api/campaigns/${created.id}`)).json();
  expect([after.defaultLanguage, after.languages]).toEqual(['en', ['es', 'en']]);
});

test('in the pseudo-locale, the languages field, the badge and the words per language all come from the catalogs', async ({
  page,
  context,
  baseURL,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Ćàḿƥàĩĝń ōńē' });
  const image = await uploadFile(request, signedIn.token, {
    name: 'p.png',
    mimeType: 'image/png',
    buffer: pngBytes(20, 20),
  });
  await seedAsset(request, signedIn, c, {
    title: 'Ƥōśţ',
    type: 'image',
    content: image,
    shareText: 'Śĥàŕē ţĥĩś',
  });
  const put = await api(request, signedIn.token).put(`/api/campaigns/${c.id}`, {
    languages: ['en', 'es', 'ar'],
  });
  expect(put.status(), await put.text()).toBe(200);
  await context.addCookies([{ name: 'rally_lang', value: 'pseudo', url: baseURL as string }]);
  // The image URL field's placeholder is the start of an address ("https://"), not a word.
  const data = [signedIn.orgName, signedIn.username, 'https'];
  const report = (findings: AuditFinding[]) => findings.map((f) => `${f.kind}: ${f.text}`).join('\n');

  await page.goto(`/campaigns/${c.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pseudo');
  const card = page.getByTestId('asset-card');
  await expect(card.getByTestId('missing-translations')).toContainText('Spanish');
  expect(report(await auditScreen(page, data, '[data-testid="asset-card"]'))).toBe('');

  // The campaign's Edit (the pencil outside the asset cards): its Languages field.
  await page.locator('main button:has(svg.lucide-pencil):not([data-testid="asset-card"] *)').click();
  const campaignDialog = page.getByRole('dialog');
  await expect(campaignDialog.getByRole('checkbox')).toHaveCount(6);
  await expect(campaignDialog.locator('select').first()).toHaveValue('en');
  expect(report(await auditScreen(page, data, '[role="dialog"]'))).toBe('');
  await page.keyboard.press('Escape');
  await expect(campaignDialog).toBeHidden();

  await card.getByRole('button').filter({ hasText: 'Ƥōśţ' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab')).toHaveCount(2);
  // Arabic is written right to left in its fields.
  await dialog.getByRole('tab').nth(1).click();
  await expect(dialog.locator('textarea[lang="ar"]').first()).toHaveAttribute('dir', 'rtl');
  expect(report(await auditScreen(page, data, '[role="dialog"]'))).toBe('');
});
