import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PageSizes } from 'pdf-lib';
import { type Account, api, expect, signInAs, test } from '../support/fixtures.ts';
import { pngBytes } from '../support/png.ts';
import { decodeQrPng, loadPdf, pdfFontNames, pdfImages, pdfPageText } from '../support/qr-files.ts';
import { PHONE } from '../support/supporter.ts';
import { addMember, axeProblems } from '../support/teams.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// The campaign page's 'QR code' dialog: a preview of the code, and the files a team
// prints, checked the way a scanner and a PDF reader would read them.

async function downloadFile(page: Page, name: string): Promise<Buffer> {
  const waiting = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('link', { name }).click();
  const file = await waiting;
  return fs.readFileSync((await file.path()) as string);
}

async function openQrDialog(page: Page, campaignId: number) {
  await page.goto(`/campaigns/${campaignId}`);
  await page
    .getByRole('group', { name: 'Campaign actions' })
    .getByRole('button', { name: 'QR code' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'QR code' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('staff preview the code and download the poster and the PNG', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, {
    name: 'Riverside Cleanup',
    description: 'Bring gloves and a friend',
  });
  await seedAsset(request, signedIn, c, { title: 'Cleanup text' });
  const dialog = await openQrDialog(page, c.id);
  const codeUrl = `${new URL(page.url()).origin}/supporter/${c.id}?src=qr`;

  // The preview is the SVG, drawn: a broken or malformed file would not load.
  const preview = dialog.getByRole('img', { name: 'QR code for the supporter page of Riverside Cleanup' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(
    await page.evaluate(async (id) => {
      const svg = await (await fetch(`/api/campaigns/${id}/qr.svg`)).text();
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      return doc.querySelector('parsererror') === null && doc.documentElement.nodeName === 'svg';
    }, c.id),
  ).toBe(true);
  expect(await axeProblems(page)).toEqual([]);

  // The poster's line starts as the description and can be changed.
  const line = dialog.getByRole('textbox', { name: 'Poster text' });
  await expect(line).toHaveValue('Bring gloves and a friend');
  await line.fill('Saturday 10:00 at the old bridge');
  const pdf = await downloadFile(page, 'Download poster (PDF)');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const doc = await loadPdf(pdf);
  expect(doc.getPageCount()).toBe(1);
  const { width, height } = doc.getPage(0).getSize();
  expect([width, height]).toEqual(PageSizes.A4);
  const text = pdfPageText(doc);
  expect(text.slice(0, 3)).toEqual([
    signedIn.orgName,
    'Riverside Cleanup',
    'Saturday 10:00 at the old bridge',
  ]);
  expect(text.at(-1)).toBe(`${new URL(page.url()).host}/supporter/${c.id}`);

  const png = await downloadFile(page, 'Download PNG');
  expect(decodeQrPng(png)).toEqual({ text: codeUrl, width: 1024, height: 1024 });

  const svg = (await downloadFile(page, 'Download SVG')).toString('utf8');
  expect(svg).toContain(`<title>${codeUrl}</title>`);
});

test("the poster opens with the organisation's logo and name", async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Logo Walk' });
  await seedAsset(request, signedIn, c, { title: 'Walk text' });
  const dialog = await openQrDialog(page, c.id);
  const heading = dialog.getByRole('region', { name: 'Poster heading' });
  await expect(heading).toContainText(signedIn.orgName);
  await expect(heading).toContainText('Add a logo in Settings, Branding, to print it on the poster.');
  expect(pdfImages(await loadPdf(await downloadFile(page, 'Download poster (PDF)')))).toEqual([]);

  const upload = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${signedIn.token}` },
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: pngBytes(48, 24) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const logoUrl = (await upload.json()).file.url;
  const saved = await api(request, signedIn.token).put('/api/organization/settings', {
    branding: { logoUrl },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.reload();
  const again = await openQrDialog(page, c.id);
  const logo = again.getByRole('img', { name: `${signedIn.orgName} logo` });
  await expect(logo).toHaveAttribute('src', logoUrl);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  const doc = await loadPdf(await downloadFile(page, 'Download poster (PDF)'));
  expect(pdfImages(doc)).toEqual([{ width: 48, height: 24 }]);
  expect(pdfPageText(doc).slice(0, 2)).toEqual([signedIn.orgName, 'Logo Walk']);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a viewer gets the dialog, fitting 390 px, and the note about letters the poster cannot print', async ({
    page,
    request,
    account,
  }) => {
    const c = await seedCampaign(request, account, { name: 'Neighbourhood Walk' });
    const viewer: Account = await addMember(request, account, 'viewer');
    await signInAs(page, viewer);
    const dialog = await openQrDialog(page, c.id);
    // Viewers change nothing: the QR code is the one control they get here.
    await expect(page.getByRole('button', { name: 'Edit campaign' })).toHaveCount(0);
    await expect(dialog.getByRole('img', { name: /QR code for the supporter page/ })).toBeVisible();
    // Focus starts on a download, not in the text field (which would open the keyboard).
    await expect(dialog.getByRole('link', { name: 'Download SVG' })).toBeFocused();

    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    for (const name of ['Download SVG', 'Download PNG', 'Download poster (PDF)']) {
      const link = dialog.getByRole('link', { name });
      await link.scrollIntoViewIfNeeded();
      const b = await link.boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= 390, name).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const line = dialog.getByRole('textbox', { name: 'Poster text' });
    await expect(line).toHaveValue('Scan to share');
    await expect(line).toHaveAccessibleDescription(/up to 120 characters\.$/);
    // Arabic prints as written (the poster embeds an Arabic font): no note.
    await line.fill('انضموا إلينا يوم السبت');
    await expect(line).toHaveAccessibleDescription(/up to 120 characters\.$/);
    const arabicPoster = await loadPdf(await downloadFile(page, 'Download poster (PDF)'));
    expect(pdfFontNames(arabicPoster).some((f) => /NotoSansArabic/.test(f))).toBe(true);
    const russian = 'Встречаемся у моста';
    await line.fill(russian);
    await expect(line).toHaveAccessibleDescription(/other characters print as "\?"/);
    const pdf = await downloadFile(page, 'Download poster (PDF)');
    // Each Cyrillic letter prints as '?': the words stay visible as missing.
    expect(pdfPageText(await loadPdf(pdf))[2]).toBe(russian.replace(/\S/g, '?'));
  });
});
