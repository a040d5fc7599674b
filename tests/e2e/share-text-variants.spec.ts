import type { Page } from '@playwright/test';
import { api, expect, signInAs, test } from '../support/fixtures.ts';
import { DESKTOP, installShareRecorder, recordedCalls, seedSupporterCampaign } from '../support/supporter.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// A/B share texts: staff write up to four variants of an asset's share text; each
// supporter is shown one and shares it; the analytics compare them.

test.use(DESKTOP);

const VARIANTS = ['Rivers are for swimming, not sewage.', 'I want to swim in my river again. Join me.'];

test('staff add share-text variants to an asset, up to four', async ({ page, request, signedIn }) => {
  const campaign = await seedCampaign(request, signedIn, { name: 'Variant Campaign' });
  await seedAsset(request, signedIn, campaign, { title: 'Call to act' });
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole('button', { name: 'Edit Call to act' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit asset' });
  const tests = dialog.getByRole('group', { name: 'Share-text variants (A/B test)' });
  const add = tests.getByRole('button', { name: 'Add variant' });
  for (let i = 0; i < 4; i++) await add.click();
  await expect(add).toBeDisabled();
  await expect(tests.getByRole('textbox')).toHaveCount(4);
  await tests.getByRole('button', { name: 'Remove variant 4' }).click();
  await tests.getByRole('button', { name: 'Remove variant 3' }).click();
  await expect(add).toBeEnabled();
  await tests.getByRole('textbox', { name: 'Variant 1' }).fill(VARIANTS[0]);
  await tests.getByRole('textbox', { name: 'Variant 2' }).fill(VARIANTS[1]);
  // The same per-platform length counter as the share text: 36 characters + space + 23 for the link.
  await expect(tests.getByTestId('length-twitter').first()).toHaveText(`X ${VARIANTS[0].length + 24}/280`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const assets = await (
    await api(request, signedIn.token).get(`/api/campaigns/${campaign.id}/assets`)
  ).json();
  expect(assets[0].variants.map((v: { text: string }) => v.text)).toEqual(VARIANTS);

  // Reopened, the form lists them; emptying one is refused with a clear message.
  await page.getByRole('button', { name: 'Edit Call to act' }).click();
  await expect(tests.getByRole('textbox', { name: 'Variant 2' })).toHaveValue(VARIANTS[1]);
  await tests.getByRole('textbox', { name: 'Variant 2' }).fill(' ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(tests.getByText('Variant text is required')).toBeVisible();
});

/** The variant this browser's visitor is shown, as the page's own JSON says. */
const shownVariant = (page: Page, campaignId: number) =>
  page.evaluate(
    async (id) => (await (await fetch(`/api/supporter/campaigns/${id}`)).json()).assets[0].variant,
    campaignId,
  );

test('a supporter arriving by QR code shares the variant they are shown; staff see it in the analytics', async ({
  page,
  request,
}) => {
  // An image, shared through the phone's share sheet: a share that went out (a text
  // asset only opens platform windows, which are counted apart).
  const seeded = await seedSupporterCampaign(request, {
    assets: [{ type: 'image', title: 'Call to action', description: 'Write to your council today.' }],
  });
  const owner = api(request, seeded.account.token);
  const assetId = seeded.assets[0].id;
  const put = await owner.put(`/api/assets/${assetId}`, { variants: VARIANTS.map((text) => ({ text })) });
  expect(put.status()).toBe(200);

  await installShareRecorder(page, { webShare: true });
  await page.goto(`/supporter/${seeded.campaignId}?src=qr`);
  const variant = await shownVariant(page, seeded.campaignId);
  expect(VARIANTS).toContain(variant.text);
  const other = VARIANTS.find((t) => t !== variant.text) as string;
  // The card shows the visitor's text, never the other variant.
  await expect(page.getByText(variant.text).first()).toBeVisible();
  await expect(page.getByText(other)).toHaveCount(0);
  // Reloaded, the same visitor keeps the same text.
  await page.reload();
  expect(await shownVariant(page, seeded.campaignId)).toEqual(variant);

  await page.getByRole('button', { name: 'Share Now' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Instagram', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Shared successfully');
  const calls = await recordedCalls(page);
  expect(calls.find((c) => c.kind === 'share')?.text).toMatch(new RegExp(`^${variant.text}\n\n`));
  const log = JSON.parse(
    calls.find((c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'))?.body ??
      '{}',
  );
  expect(log).toMatchObject({ variantId: variant.id, source: 'qr', status: 'shared' });

  // The server counted the visit (from the page's own confirmation) under its source,
  // the view of the variant it chose, and the share made with it.
  await expect
    .poll(async () => {
      const figures = await (await owner.get(`/api/assets/${assetId}/analytics`)).json();
      return figures.variants.find((v: { id: number }) => v.id === variant.id);
    })
    .toMatchObject({ views: 1, shares: 1 });
  const analytics = await (await owner.get(`/api/campaigns/${seeded.campaignId}/analytics`)).json();
  expect(analytics.sources).toEqual([{ source: 'qr', visits: 1, shares: 1 }]);

  // Staff see one row per variant and the verdict, with the numbers.
  await signInAs(page, seeded.account);
  await page.goto(`/campaigns/${seeded.campaignId}`);
  const abTest = page.getByTestId(`variant-test-${assetId}`);
  await expect(abTest.getByTestId('variant-row')).toHaveCount(2);
  const row = abTest.getByTestId('variant-row').filter({ hasText: variant.text });
  await expect(row.getByRole('cell')).toHaveText(['1', '1', '100%', '0', '0%']);
  await expect(abTest.getByTestId('variant-verdict')).toContainText(
    'Not enough data yet: a winner needs at least 100 views per variant (fewest so far: 0)',
  );
  const sources = page.getByRole('table', { name: 'By source' });
  await expect(sources.getByRole('row', { name: /qr/ }).getByRole('cell')).toHaveText(['qr', '1', '1']);
});
