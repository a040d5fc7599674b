import type { Page } from '@playwright/test';
import { api, expect, test } from '../support/fixtures.ts';
import {
  copiedText,
  DESKTOP,
  installShareRecorder,
  PHONE,
  recordedCalls,
  seedSupporterCampaign,
  trackedLink,
} from '../support/supporter.ts';
import { campaignRow, seedCampaign } from '../support/workspace.ts';

// Supporters share the words staff wrote for sharing (the caption), never the
// asset's internal title: on every platform, in Copy Text, the previews and the templates.

const CAPTION = 'Our river is swimmable again 🏊 Help keep it that way this summer.';
const TITLE = 'River banner';

/** The URL of the n-th window.open call (1-based), once it has happened. */
async function opened(page: Page, n: number): Promise<URL> {
  let url = '';
  await expect
    .poll(async () => {
      const opens = (await recordedCalls(page)).filter((c) => c.kind === 'open');
      url = opens[n - 1]?.url ?? '';
      return opens.length;
    })
    .toBeGreaterThanOrEqual(n);
  return new URL(url);
}

/** The ref the n-th share log carried, to rebuild the tracked link the platform got. */
async function loggedRef(page: Page, n: number): Promise<string> {
  const logs = (await recordedCalls(page)).filter(
    (c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'),
  );
  return JSON.parse(logs[n - 1]?.body ?? '{}').ref;
}

const seedCaptioned = (request: Parameters<typeof seedSupporterCampaign>[0]) =>
  seedSupporterCampaign(request, {
    assets: [
      { type: 'image', title: TITLE, shareText: CAPTION },
      { type: 'text', title: 'Call to action', content: 'Write to your council today.' },
    ],
  });

test.describe('the share text on a desktop', () => {
  test.use({ ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });

  test('staff write it with a live per-platform count, and the asset card shares it', async ({
    page,
    request,
    signedIn,
  }) => {
    const campaign = await seedCampaign(request, signedIn, { name: 'Caption Campaign' });
    await page.goto('/');
    const row = campaignRow(page, /^Caption Campaign/);
    await row.getByRole('button', { name: 'Add Asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Asset' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Image URL').fill('https://example.org/river.png');
    const field = dialog.getByRole('textbox', { name: 'Share text' });
    // X weighs an emoji 2 and any link 23: 10 + 2 + a space + 23.
    await field.fill(`${'a'.repeat(10)}🏊`);
    await expect(dialog.getByTestId('length-twitter')).toHaveText('X 36/280');
    const origin = new URL(page.url()).origin;
    const linkLength = `${origin}/supporter/1000?ref=XXXXXXXXXXXX&a=1000`.length;
    await expect(dialog.getByTestId('length-linkedin')).toHaveText(`LinkedIn ${11 + 2 + linkLength}/3,000`);
    await expect(dialog.getByTestId('length-whatsapp')).toHaveText(`WhatsApp ${11 + 2 + linkLength}/65,536`);
    await field.fill('a'.repeat(300));
    await expect(dialog.getByTestId('length-twitter')).toHaveText('X 324/280 (too long)');
    await expect(dialog.getByTestId('length-linkedin')).not.toContainText('too long');
    await field.fill(CAPTION);
    await dialog.getByRole('button', { name: 'Create Asset' }).click();
    await expect(dialog).toBeHidden();

    const card = row.getByTestId('asset-card').filter({ hasText: TITLE });
    const post = new URL((await card.getByRole('link', { name: 'Post on X' }).getAttribute('href'))!);
    expect(post.searchParams.get('text')).toBe(CAPTION);

    // Editing (on the campaign's page) shows the caption and saves a new one.
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit asset' });
    await expect(edit.getByRole('textbox', { name: 'Share text' })).toHaveValue(CAPTION);
    await edit.getByRole('textbox', { name: 'Share text' }).fill('Swim with us');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const assets = await api(request, signedIn.token).get(`/api/campaigns/${campaign.id}/assets`);
    expect((await assets.json())[0].shareText).toBe('Swim with us');
  });

  test('every platform, Copy Text, the previews and the templates carry the caption', async ({
    page,
    request,
  }) => {
    const seeded = await seedCaptioned(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const tracked = (ref: string, platform: string) =>
      trackedLink(page, seeded, { ref, assetId: seeded.assets[0].id, platform });

    await page.getByRole('button', { name: `Copy text of ${CAPTION}` }).click();
    expect(await copiedText(page, seeded.assets[0].id)).toBe(CAPTION);

    await page.getByRole('button', { name: 'Share Now' }).first().click();
    const dialog = page.getByRole('dialog');
    for (const tab of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
      await dialog.getByRole('tab', { name: tab, exact: true }).click();
      const panel = dialog.getByRole('tabpanel');
      // The post, and the link card (the shared asset's preview) say the caption.
      await expect(panel.getByText(CAPTION).first()).toBeVisible();
      await expect(panel.getByText(TITLE)).toHaveCount(0);
    }

    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    const x = await opened(page, 1);
    expect(x.searchParams.get('text')).toBe(CAPTION);
    // Copy Text logged the first share (a prepared post), so the windows come after it.
    expect(x.searchParams.get('url')).toBe(tracked(await loggedRef(page, 2), 'twitter'));

    await dialog.getByRole('button', { name: 'Facebook', exact: true }).click();
    const fb = await opened(page, 2);
    expect(fb.searchParams.get('quote')).toBe(CAPTION);

    await dialog.getByRole('button', { name: 'WhatsApp', exact: true }).click();
    const wa = await opened(page, 3);
    expect(wa.searchParams.get('text')).toBe(
      `${CAPTION}\n\n${tracked(await loggedRef(page, 4), 'whatsapp')}`,
    );

    await dialog.getByRole('button', { name: 'Copy Text' }).click();
    expect(await copiedText(page, seeded.assets[0].id)).toBe(CAPTION);

    // The template names the campaign and leads into the caption.
    await dialog.getByRole('button', { name: 'Personalize' }).click();
    await dialog.getByRole('button', { name: 'Why I Support' }).click();
    const message = `I support ${seeded.name} because it matters to me and to my community. Here's why:`;
    await expect(dialog.getByLabel('Add your personal message')).toHaveValue(message);
    await expect(dialog.getByRole('tabpanel').getByText(CAPTION, { exact: false }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'WhatsApp', exact: true }).click();
    const personal = await opened(page, 4);
    expect(personal.searchParams.get('text')).toBe(
      `${message}\n\n${CAPTION}\n\n${tracked(await loggedRef(page, 6), 'whatsapp')}`,
    );
  });
});

test.describe('the share text on a phone', () => {
  test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

  test('Quick Share, Copy Text and the personal touch carry the caption', async ({ page, request }) => {
    const seeded = await seedCaptioned(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const quick = page.getByRole('region', { name: `Quick Share ${CAPTION}` });
    await quick.getByRole('button', { name: 'X', exact: true }).tap();
    expect((await opened(page, 1)).searchParams.get('text')).toBe(CAPTION);
    await quick.getByRole('button', { name: 'WhatsApp', exact: true }).tap();
    const ref = await loggedRef(page, 2);
    expect((await opened(page, 2)).searchParams.get('text')).toBe(
      `${CAPTION}\n\n${trackedLink(page, seeded, { ref, assetId: seeded.assets[0].id, platform: 'whatsapp' })}`,
    );
    await quick.getByRole('button', { name: 'Copy Text' }).tap();
    expect(await copiedText(page, seeded.assets[0].id)).toBe(CAPTION);

    const touch = page.getByRole('region', { name: 'Add Your Personal Touch' });
    await touch.getByRole('button', { name: 'Join Me' }).tap();
    await touch.getByRole('button', { name: 'Facebook', exact: true }).tap();
    expect((await opened(page, 3)).searchParams.get('quote')).toBe(
      `Join me in supporting ${seeded.name}! Take a minute to read this and pass it on:\n\n${CAPTION}`,
    );
  });
});
