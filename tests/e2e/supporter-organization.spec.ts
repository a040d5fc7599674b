import { api, expect, test } from '../support/fixtures.ts';
import {
  DESKTOP,
  PHONE,
  type SeededSupporterCampaign,
  seedSupporterCampaign,
  uploadFile,
} from '../support/supporter.ts';
import { pngBytes } from '../support/png.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// Who is asking: the page names the organisation with its logo and colours, and a
// campaign that is gone points to the organisation's open campaigns.

async function brand(request: Parameters<typeof seedSupporterCampaign>[0], seeded: SeededSupporterCampaign) {
  const logoUrl = await uploadFile(request, seeded.account.token, {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngBytes(64, 64, [10, 80, 40]),
  });
  const res = await api(request, seeded.account.token).put('/api/organization/settings', {
    branding: { logoUrl, primaryColor: '#1d4ed8', accentColor: '#f59e0b' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A second open campaign of the same organisation, then the first archived. */
async function archiveWithSibling(
  request: Parameters<typeof seedSupporterCampaign>[0],
  seeded: SeededSupporterCampaign,
) {
  const sibling = await seedCampaign(request, seeded.account, {
    name: 'Summer swim',
    description: 'Swim with us all summer',
  });
  await seedAsset(request, seeded.account, sibling, { title: 'Summer text' });
  const del = await request.delete(`/api/campaigns/${seeded.campaignId}`, {
    headers: { authorization: `Bearer ${seeded.account.token}` },
  });
  expect(del.status()).toBe(204);
  return sibling.id;
}

for (const [device, use] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`who is asking, on a ${device}`, () => {
    test.use(use);

    test('the page names the organisation with its logo and colours', async ({ page, request }) => {
      const seeded = await seedSupporterCampaign(request);
      await brand(request, seeded);
      await page.goto(`/supporter/${seeded.campaignId}`);
      await expect(page.getByTestId('organization-ask')).toHaveText(
        `${seeded.account.orgName} asks you to share`,
      );
      await expect(page.getByRole('img', { name: `${seeded.account.orgName} logo` })).toBeVisible();
      const primary = await page.evaluate(() =>
        document.documentElement.style.getPropertyValue('--color-primary'),
      );
      expect(primary).toBe('#1d4ed8');
    });

    test('an archived campaign points to the organisation’s open campaigns', async ({ page, request }) => {
      const seeded = await seedSupporterCampaign(request);
      const siblingId = await archiveWithSibling(request, seeded);
      await page.goto(`/supporter/${seeded.campaignId}`);
      await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
      // SPEC.md's Go Back is back (issue 24 item 8).
      await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: `${seeded.account.orgName} has other campaigns you can support` }),
      ).toBeVisible();
      const link = page.getByRole('link', { name: /Summer swim/ });
      await expect(link).toHaveAttribute('href', `/supporter/${siblingId}`);
      if (device === 'phone') await link.tap();
      else await link.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Summer swim' })).toBeVisible();
    });
  });
}
