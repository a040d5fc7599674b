import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import Database from 'better-sqlite3';
import type { TestSmtp } from '../../src/server/test/smtp.ts';
import { listenForMail } from '../support/e2e-mail.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  icsProp,
  installShareRecorder,
  PHONE,
  recordedCalls,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// Issue 28's "Done when": a campaign with Spanish text serves Spanish share text, .ics,
// reminder mail and link-preview tags to a Spanish browser (a phone whose
// Accept-Language is es), and the English text to an English one.

const ENGLISH = 'Join us on Saturday to clean the river #CleanRivers';
const SPANISH = 'Únete a nosotros el sábado para limpiar el río #CleanRivers';
const SPANISH_CAPTION = 'Un río limpio';

const dbFile = () => path.resolve('.tmp', `e2e-${process.env.E2E_PORT ?? '4173'}`, 'data', 'rally.db');

/** Makes the reminder of `email` due now; the server's runner sends it within its next tick. */
function makeDue(email: string): void {
  const db = new Database(dbFile());
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update reminders set dueAt = ? where email = ?').run(new Date().toISOString(), email);
  } finally {
    db.close();
  }
}

/** The first mail to `to` with this subject, once it arrives. */
async function mailWith(smtp: TestSmtp, to: string, subject: string): Promise<ParsedMail> {
  const find = () =>
    smtp.messages.find(
      (m) =>
        m.subject === subject &&
        [m.to]
          .flat()
          .flatMap((a) => a?.value ?? [])
          .some((v) => v.address?.toLowerCase() === to.toLowerCase()),
    );
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find() as ParsedMail;
}

/** A campaign in English (default) and Spanish whose image asset has Spanish words. */
async function seedSpanishCampaign(request: APIRequestContext) {
  const seeded = await seedSupporterCampaign(request, {
    assets: [{ type: 'image', title: 'Poster', description: 'A clean river', shareText: ENGLISH }],
  });
  const headers = { authorization: `Bearer ${seeded.account.token}` };
  const campaign = await request.put(`/api/campaigns/${seeded.campaignId}`, {
    headers,
    data: { defaultLanguage: 'en', languages: ['en', 'es'] },
  });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const asset = await request.put(`/api/assets/${seeded.assets[0].id}`, {
    headers,
    data: { translations: { es: { shareText: SPANISH, description: SPANISH_CAPTION } } },
  });
  expect(asset.status(), await asset.text()).toBe(200);
  return seeded;
}

const meta = async (page: Page, property: string) =>
  page
    .locator(`meta[property="${property}"]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('content')));

test.describe('a Spanish phone', () => {
  test.use({ ...PHONE, locale: 'es-ES' });
  // The e2e mail port has one listener at a time.
  test.describe.configure({ mode: 'serial' });

  test('sees and shares the Spanish text: page, previews, X intent', async ({ page, request }) => {
    const seeded = await seedSpanishCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Programe sus publicaciones' })).toBeVisible();
    await expect(page.getByText(SPANISH).first()).toBeVisible();
    await expect(page.getByText(ENGLISH)).toHaveCount(0);

    await page
      .getByRole('region', { name: `Compartir rápido ${SPANISH}` })
      .getByRole('button', { name: 'Vistas previas y más plataformas' })
      .tap();
    const dialog = page.getByRole('dialog');
    for (const tab of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
      await dialog.getByRole('tab', { name: tab, exact: true }).tap();
      await expect(dialog.getByRole('tabpanel').getByText(SPANISH).first(), tab).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'X', exact: true }).tap();
    await expect.poll(async () => (await recordedCalls(page)).some((c) => c.kind === 'open')).toBe(true);
    const opened = (await recordedCalls(page)).find((c) => c.kind === 'open');
    const intent = new URL(opened?.url ?? '');
    expect(intent.searchParams.get('text') ?? '').toContain(SPANISH);
    expect(intent.searchParams.get('text') ?? '').not.toContain(ENGLISH);
  });

  test('the .ics, the confirmation mail and the reminder mail are in Spanish', async ({ page, request }) => {
    const seeded = await seedSpanishCampaign(request);
    const email = `${seeded.account.username}-es@example.org`;
    const smtp = await listenForMail();
    try {
      await page.goto(`/supporter/${seeded.campaignId}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await page.getByRole('listitem', { name: SPANISH }).getByRole('button', { name: 'Programar' }).tap();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Ir al mes siguiente' }).click();
      await pickNextMonthDayIn(page);
      const reminder = dialog.getByRole('group', { name: 'Reciba un recordatorio a esa hora (opcional)' });
      await reminder.getByLabel('Enviarme un recordatorio por correo electrónico').fill(email);
      await reminder.getByLabel(/me envíe este único recordatorio/).check();
      const posted = page.waitForRequest(
        (r) => r.url().endsWith('/api/shares/schedule') && r.method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Programar publicación' }).click();
      expect((await posted).postDataJSON()).toMatchObject({ language: 'es' });

      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Añadir al calendario' }).click();
      const ics = fs.readFileSync(await (await downloading).path(), 'utf8');
      const summary = icsProp(ics, 'SUMMARY') ?? '';
      const description = icsProp(ics, 'DESCRIPTION') ?? '';
      // RFC 5545 escapes commas and semicolons in text; the Spanish words are there as written.
      expect(summary.replace(/\\([,;\\])/g, '$1')).toContain(SPANISH.slice(0, 30));
      expect(description.replace(/\\([,;\\])/g, '$1')).toContain(SPANISH.slice(0, 30));
      expect(`${summary}${description}`).not.toContain('Join us');
      await dialog.getByRole('button', { name: 'Listo' }).click();

      // The confirmation mail, then the reminder, both worded in Spanish.
      const confirmation = await mailWith(smtp, email, 'Confirme su correo para recibir recordatorios');
      expect(confirmation.text ?? '').toContain('confirme su dirección');
      const link = (confirmation.text ?? '').match(/https?:\/\/\S+\/reminders\/confirm\/[A-Za-z0-9_-]+/)?.[0];
      expect(link, confirmation.text).toBeTruthy();
      await page.goto(new URL(link as string).pathname);
      await page.getByRole('button', { name: 'Confirmar mi correo' }).tap();
      await expect(page.getByRole('heading', { name: 'Su correo está confirmado' })).toBeVisible();

      makeDue(email);
      const mail = await mailWith(smtp, email, 'Su recordatorio para compartir');
      const text = mail.text ?? '';
      expect(text).toContain('Es hora de compartir');
      expect(text).toContain(SPANISH.slice(0, 30));
      expect(text).not.toContain('Join us');
    } finally {
      await smtp.close();
    }
  });
});

/** pickNextMonthDay without its own month step (the dialog is already on next month). */
async function pickNextMonthDayIn(page: Page): Promise<void> {
  const iso = await page.evaluate(() => {
    const n = new Date();
    const d = new Date(n.getFullYear(), n.getMonth() + 1, 15);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-15`;
  });
  await page.getByRole('dialog').locator(`[data-day="${iso}"] button`).click();
}

test('link previews: a crawler with ?lang=es gets the Spanish tags; an English browser the English text', async ({
  request,
  browser,
}) => {
  const seeded = await seedSpanishCampaign(request);
  // A crawler: no cookie, no Accept-Language, the link's ?lang= decides.
  const crawler = await browser.newContext({ locale: 'en-US' });
  try {
    const res = await crawler.request.get(
      `/supporter/${seeded.campaignId}?lang=es&a=${seeded.assets[0].id}`,
      {
        headers: { 'accept-language': '', 'user-agent': 'facebookexternalhit/1.1' },
      },
    );
    expect(res.status()).toBe(200);
    const html = await res.text();
    const page = await crawler.newPage();
    await page.setContent(html.replace(/<script\b[\s\S]*?<\/script>/gi, ''));
    expect(html).toMatch(/<html[^>]*\blang="es"/);
    expect(await meta(page, 'og:locale')).toEqual(['es_ES']);
    expect(await meta(page, 'og:locale:alternate')).toEqual(['en_US']);
    expect(await meta(page, 'og:description')).toEqual([expect.stringContaining(SPANISH.slice(0, 30))]);
    const hreflang = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('hreflang'), e.getAttribute('href')]));
    const href = (lang: string) => hreflang.find(([l]) => l === lang)?.[1] ?? '';
    // The page's own address (the asset's link) in each language, and without ?lang=.
    const address = `/supporter/${seeded.campaignId}\\?a=${seeded.assets[0].id}`;
    expect(href('es')).toMatch(new RegExp(`${address}&lang=es$`));
    expect(href('en')).toMatch(new RegExp(`${address}&lang=en$`));
    expect(href('x-default')).toMatch(new RegExp(`${address}$`));
    await page.close();

    // An English browser: the English text and tags.
    const english = await crawler.newPage();
    await english.goto(`/supporter/${seeded.campaignId}`);
    await expect(english.locator('html')).toHaveAttribute('lang', 'en');
    await expect(english.getByText(ENGLISH).first()).toBeVisible();
    await expect(english.getByText(SPANISH)).toHaveCount(0);
    expect(await meta(english, 'og:locale')).toEqual(['en_US']);
    // The English link preview of the asset (a link shared with ?a=).
    const en = await crawler.request.get(`/supporter/${seeded.campaignId}?a=${seeded.assets[0].id}`, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    await english.setContent((await en.text()).replace(/<script\b[\s\S]*?<\/script>/gi, ''));
    expect(await meta(english, 'og:locale')).toEqual(['en_US']);
    expect(await meta(english, 'og:description')).toEqual([expect.stringContaining(ENGLISH.slice(0, 30))]);
  } finally {
    await crawler.close();
  }
});
