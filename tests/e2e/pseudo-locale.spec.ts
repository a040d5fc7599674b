import { expect, test } from '../support/fixtures.ts';
import { type AuditFinding, auditScreen } from '../support/catalog-audit.ts';
import { PHONE, seedSupporterCampaign } from '../support/supporter.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// The main screens in the pseudo-locale (accented, 30% longer English; served by a server
// started with PSEUDO_LOCALE=1, as the browser tests' are): no word that did not come from
// a catalog, nothing cut off or drawn over something else (tests/support/catalog-audit.ts).
// Seeded words are data, in accented letters too, so they stand apart from untranslated text.

const report = (findings: AuditFinding[]) => findings.map((f) => `${f.kind}: ${f.text}`).join('\n');

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'rally_lang', value: 'pseudo', url: baseURL as string }]);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the supporter page, its share dialog and its schedule dialog', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request, {
      name: 'Ŕĩvēŕś ƒōŕ àĺĺ',
      description: 'Ķēēƥ ēvēŕŷ ŕĩvēŕ ćĺēàń',
      assets: [
        {
          type: 'image',
          title: 'Ƥōśţēŕ',
          description: 'Ţĥē ŕĩvēŕ àţ ďàŵń',
          shareText: 'Śţàńď ŵĩţĥ ţĥē ŕĩvēŕś',
        },
        { type: 'text', title: 'Ćàĺĺ', content: 'Ŵŕĩţē ţō ŷōũŕ ćōũńćĩĺ' },
      ],
    });
    const data = [seeded.account.orgName, seeded.account.username];
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pseudo');
    await expect(page.getByRole('heading', { level: 1, name: 'Ŕĩvēŕś ƒōŕ àĺĺ' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(report(await auditScreen(page, data))).toBe('');

    // The share dialog, from the first asset's share button.
    await page.getByRole('button', { name: /Śĥàŕē/ }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(report(await auditScreen(page, data, '[role="dialog"]'))).toBe('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The schedule dialog.
    await page
      .getByRole('button', { name: /Śćĥēďũĺē/ })
      .first()
      .click();
    await expect(dialog).toBeVisible();
    expect(report(await auditScreen(page, data, '[role="dialog"]'))).toBe('');
  });
});

test('the dashboard, a campaign and the settings', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Ćàḿƥàĩĝń ōńē', description: 'Àƀōũţ ĩţ' });
  await seedAsset(request, signedIn, c, { title: 'Ƥōśţ', content: 'Śĥàŕē ţĥĩś ŵōŕď' });
  const data = [
    signedIn.orgName,
    signedIn.username,
    `org-${signedIn.username}`,
    `${signedIn.username}@example.org`,
    // The UTM tags' defaults are values a link carries (utm_medium=social, the name's slug).
    'social',
    'cam-aign-one',
  ];
  for (const path of ['/', `/campaigns/${c.id}`, '/settings']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pseudo');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toBeVisible();
    expect(report(await auditScreen(page, data)), path).toBe('');
  }
});
