import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import {
  icsProp,
  installShareRecorder,
  PHONE,
  pickNextMonthDay,
  recordedCalls,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// An asset's title is internal (staff name files for themselves): supporters see its
// share text, else its description, else the campaign's description. Issue 24 item 2.

const DESCRIPTION = 'Old oaks at dawn before the chainsaws came';
const CAMPAIGN_WORDS = 'Save the old oaks of Hollow Lane.';
const TITLES = ['hero_v3_final oaks banner', 'banner_alt_v2 FINAL'];

test.describe('the internal title on a phone', () => {
  test.use(PHONE);

  test('is nowhere on the page, in its link preview, a post, the share sheet or the calendar file', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      description: CAMPAIGN_WORDS,
      assets: [
        { type: 'image', title: TITLES[0], description: DESCRIPTION },
        // Neither share text nor description (a campaign published before this rule).
        { type: 'image', title: TITLES[1], color: [200, 120, 30] },
      ],
    });
    const html = await (await request.get(`/supporter/${seeded.campaignId}`)).text();
    const json = await (await request.get(`/api/supporter/campaigns/${seeded.campaignId}`)).text();
    for (const title of TITLES) {
      expect(html).not.toContain(title);
      expect(json).not.toContain(title);
    }
    expect(html).toContain(`<meta property="og:image:alt" content="${DESCRIPTION}" />`);

    await installShareRecorder(page, { webShare: true });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page).toHaveURL(/mobile=true/);
    // Each asset is headed by its public words.
    await expect(page.getByRole('heading', { name: DESCRIPTION, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: CAMPAIGN_WORDS, level: 2 })).toBeVisible();
    await expect(page.getByRole('img', { name: DESCRIPTION })).toBeVisible();

    // A post says the description, else the campaign's words.
    const second = page.getByRole('region', { name: `Quick Share ${CAMPAIGN_WORDS}` });
    await second.getByRole('button', { name: 'X', exact: true }).tap();
    const first = page.getByRole('region', { name: `Quick Share ${DESCRIPTION}` });
    await first.getByRole('button', { name: 'Instagram Story', exact: true }).tap();
    await expect.poll(async () => (await recordedCalls(page)).some((c) => c.kind === 'share')).toBe(true);
    const calls = await recordedCalls(page);
    const tweet = new URL(calls.find((c) => c.kind === 'open')?.url ?? '');
    expect(tweet.searchParams.get('text')).toBe(CAMPAIGN_WORDS);
    const sheet = calls.find((c) => c.kind === 'share');
    expect(sheet?.title).toBe(DESCRIPTION);
    expect(sheet?.text).toMatch(new RegExp(`^${DESCRIPTION}\\n\\n`));

    // The share dialog's heading and the calendar event.
    await first.getByRole('button', { name: 'Previews and more platforms' }).tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /^Share "Old oaks at dawn before/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).tap();

    await page.getByRole('button', { name: 'Schedule a Share' }).tap();
    await expect(page.getByRole('dialog').getByText(`Pick when to share "${DESCRIPTION}".`)).toBeVisible();
    await pickNextMonthDay(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule Share' }).tap();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'Add to calendar' }).tap();
    const ics = fs.readFileSync(await (await downloading).path(), 'utf8');
    expect(icsProp(ics, 'SUMMARY')).toContain(DESCRIPTION);

    const text = `${await page.locator('body').textContent()}${ics}`;
    for (const title of TITLES) expect(text).not.toContain(title);
  });
});
