import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { api, createAccount } from '../support/fixtures.ts';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, seedSupporterCampaign } from '../support/supporter.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// The supporter page's language, one test per rule of docs/api.md "Which language a
// request gets", in order of precedence, each seen as the person sees it: the page's
// `<html lang>`, a word of the interface (the Share tab) and the asset's share text.

const ENGLISH = 'Join us on Saturday to clean the river';
const SPANISH = 'Únete a nosotros el sábado para limpiar el río';

test.use(DESKTOP);

/**
 * A campaign offering `languages` (the default first) whose image asset has English and
 * Spanish share text: the default language's words are the asset's own fields, the
 * other's its translation.
 */
async function seedCampaignIn(request: APIRequestContext, languages: ['en', 'es'] | ['es', 'en']) {
  const [first, other] = languages;
  const words = { en: ENGLISH, es: SPANISH };
  const seeded = await seedSupporterCampaign(request, {
    assets: [{ type: 'image', title: 'Poster', description: 'A river', shareText: ENGLISH }],
  });
  const headers = { authorization: `Bearer ${seeded.account.token}` };
  const campaign = await request.put(`/api/campaigns/${seeded.campaignId}`, {
    headers,
    data: { defaultLanguage: first, languages },
  });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const asset = await request.put(`/api/assets/${seeded.assets[0].id}`, {
    headers,
    data: { shareText: words[first], translations: { [other]: { shareText: words[other] } } },
  });
  expect(asset.status(), await asset.text()).toBe(200);
  return { seeded, headers };
}

/** What the person sees in Spanish or in English: html lang, the Share tab, the share text. */
async function expectSeen(page: Page, language: 'en' | 'es') {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const [tab, text, other] =
    language === 'es' ? ['Compartir', SPANISH, ENGLISH] : ['Share', ENGLISH, SPANISH];
  await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await expect(page.getByText(text).first()).toBeVisible();
  await expect(page.getByText(other)).toHaveCount(0);
}

/**
 * A browser whose Accept-Language is exactly `header` (Chromium sends its locale alone
 * and overrides extraHTTPHeaders' Accept-Language, so each request is rewritten).
 */
async function browserWith(browser: Browser, locale: string, header: string) {
  const context = await browser.newContext({ ...DESKTOP, locale });
  await context.route('**/*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'accept-language': header } }),
  );
  return { context, page: await context.newPage() };
}

const dbFile = () => path.resolve('.tmp', `e2e-${process.env.E2E_PORT ?? '4173'}`, 'data', 'rally.db');

/** The variant views the e2e server's database holds for the campaign. */
function variantViews(campaignId: number): number {
  const db = new Database(dbFile(), { readonly: true });
  try {
    const row = db.prepare('select count(*) as n from variantViews where campaignId = ?').get(campaignId);
    return (row as { n: number }).n;
  } finally {
    db.close();
  }
}

test('1. the language menu choice is remembered across reloads and beats ?lang= and Accept-Language', async ({
  browser,
  request,
}) => {
  const { seeded } = await seedCampaignIn(request, ['en', 'es']);
  const { context, page } = await browserWith(browser, 'es-ES', 'es-ES,es;q=0.9');
  try {
    await page.goto(`/supporter/${seeded.campaignId}?lang=es`);
    await expectSeen(page, 'es');
    // "Idioma": the menu, in Spanish; choosing English reloads without ?lang=.
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page).toHaveURL(new RegExp(`/supporter/${seeded.campaignId}$`));
    await expectSeen(page, 'en');
    expect((await context.cookies()).find((c) => c.name === 'rally_lang')?.value).toBe('en');
    await page.reload();
    await expectSeen(page, 'en');
    // A Spanish link and a Spanish browser: the choice still wins.
    await page.goto(`/supporter/${seeded.campaignId}?lang=es`);
    await expectSeen(page, 'en');
    await expect(page.getByLabel('Language')).toHaveValue('en');
  } finally {
    await context.close();
  }
});

test('2. ?lang= in the link beats Accept-Language, and the visit counts in that language', async ({
  browser,
  request,
}) => {
  const { seeded, headers } = await seedCampaignIn(request, ['en', 'es']);
  // A/B variants of the English text: a page shown in English shows one and counts its view.
  const variants = await request.put(`/api/assets/${seeded.assets[0].id}`, {
    headers,
    data: { variants: [{ text: `${ENGLISH} today` }, { text: `${ENGLISH}, friends` }] },
  });
  expect(variants.status(), await variants.text()).toBe(200);
  const { context, page } = await browserWith(browser, 'es-ES', 'es-ES,es;q=0.9');
  try {
    const visit = page.waitForRequest((r) => r.url().endsWith(`/campaigns/${seeded.campaignId}/visits`));
    await page.goto(`/supporter/${seeded.campaignId}?lang=en`);
    await expectSeen(page, 'en');
    // The visit names the link's language, so the server counts the English variant shown.
    expect((await visit).postDataJSON()).toMatchObject({ lang: 'en' });
    await expect.poll(() => variantViews(seeded.campaignId)).toBe(1);
    // Without it, the same browser gets Spanish (no variant: none is counted).
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expectSeen(page, 'es');
    expect(variantViews(seeded.campaignId)).toBe(1);
  } finally {
    await context.close();
  }
});

test('3. Accept-Language is negotiated against the campaign languages, by weight', async ({
  browser,
  request,
}) => {
  const { seeded } = await seedCampaignIn(request, ['en', 'es']);
  // French is first but not offered; Spanish is the best the campaign has.
  const { context, page } = await browserWith(browser, 'fr-CA', 'fr-CA, es;q=0.8, en;q=0.5');
  try {
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expectSeen(page, 'es');
  } finally {
    await context.close();
  }
});

test("4. a browser whose languages the campaign does not offer gets the campaign's default", async ({
  browser,
  request,
}) => {
  const { seeded } = await seedCampaignIn(request, ['es', 'en']);
  const { context, page } = await browserWith(browser, 'de-DE', 'de-DE,de;q=0.9,fr;q=0.5');
  try {
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expectSeen(page, 'es');
  } finally {
    await context.close();
  }
});

test("5. a new campaign that names no language takes the organisation's default, and serves it", async ({
  browser,
  request,
}) => {
  const account = await createAccount(request);
  const settings = await api(request, account.token).put('/api/organization/settings', {
    general: { defaultLanguage: 'es' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const campaign = await seedCampaign(request, account, { name: `Ríos ${account.username.slice(-6)}` });
  const read = await (await api(request, account.token).get(`/api/campaigns/${campaign.id}`)).json();
  expect(read).toMatchObject({ defaultLanguage: 'es', languages: ['es'] });
  await seedAsset(request, account, campaign, { title: 'Cartel', type: 'text', content: SPANISH });

  const { context, page } = await browserWith(browser, 'en-US', 'en-US,en;q=0.9');
  try {
    await page.goto(`/supporter/${campaign.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('tab', { name: 'Compartir', exact: true })).toBeVisible();
    await expect(page.getByText(SPANISH).first()).toBeVisible();
    // One language: no menu to offer.
    await expect(page.getByTestId('language-menu')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
