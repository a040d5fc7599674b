import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../support/fixtures.ts';
import {
  installShareRecorder,
  recordedCalls,
  type SeededSupporterCampaign,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// UTM tags on a campaign's tracked links: staff edit them on the campaign page, and the
// link a supporter shares (and the page a friend lands on through it) carries them.

/** A supporter's share of the campaign's first asset to Facebook: the link the window was given. */
async function sharedLink(page: Page, seeded: SeededSupporterCampaign): Promise<URL> {
  await page.goto(`/supporter/${seeded.campaignId}`);
  const before = (await recordedCalls(page)).filter((c) => c.kind === 'open').length;
  await page.getByRole('button', { name: 'Share Now' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Facebook', exact: true }).click();
  let opened: string | undefined;
  await expect
    .poll(async () => {
      opened = (await recordedCalls(page)).filter((c) => c.kind === 'open')[before]?.url;
      return Boolean(opened);
    })
    .toBe(true);
  return new URL(new URL(opened as string).searchParams.get('u') as string);
}

const tagsOf = (link: URL) =>
  Object.fromEntries([...link.searchParams].filter(([name]) => name.startsWith('utm_')));

test('staff set the UTM tags; shared links and the page they lead to carry them; off leaves them out', async ({
  page,
  browser,
  request,
}) => {
  const seeded = await seedSupporterCampaign(request, {
    name: 'Spring Walk 2026',
    assets: [{ type: 'text', title: 'Walk text', content: 'Walk with us on Saturday' }],
  });
  await signInAs(page, seeded.account);
  await installShareRecorder(page);

  // On by default: the platform, social, the name's slug.
  expect(tagsOf(await sharedLink(page, seeded))).toEqual({
    utm_source: 'facebook',
    utm_medium: 'social',
    utm_campaign: 'spring-walk-2026',
  });

  await page.goto(`/campaigns/${seeded.campaignId}`);
  const card = page.getByRole('form', { name: 'UTM tags' });
  await expect(card.getByLabel('Add UTM tags to shared links')).toBeChecked();
  await card.getByLabel('utm_campaign').fill('spring walk');
  await expect(
    card.getByText("UTM values may use letters, digits, '-', '_', '.' and '~' only"),
  ).toBeVisible();
  await card.getByLabel('utm_campaign').fill('walk_2026');
  await card.getByLabel('utm_medium').fill('advocacy');
  await expect(card).toContainText('utm_source=facebook&utm_medium=advocacy&utm_campaign=walk_2026');
  await card.getByRole('button', { name: 'Save UTM tags' }).click();
  await expect(page.getByTestId('toast').filter({ visible: true })).toContainText('UTM tags saved');

  const link = await sharedLink(page, seeded);
  expect(tagsOf(link)).toEqual({ utm_source: 'facebook', utm_medium: 'advocacy', utm_campaign: 'walk_2026' });

  // A friend follows the link: the page they land on is the campaign's, and its address keeps the tags.
  const friend = await browser.newPage();
  await friend.goto(link.href);
  await expect(friend.getByRole('heading', { level: 1, name: 'Spring Walk 2026' })).toBeVisible();
  expect(tagsOf(new URL(friend.url()))).toEqual({
    utm_source: 'facebook',
    utm_medium: 'advocacy',
    utm_campaign: 'walk_2026',
  });
  await friend.close();

  // Off: links go without tags.
  await page.goto(`/campaigns/${seeded.campaignId}`);
  await page.getByLabel('Add UTM tags to shared links').uncheck();
  await page.getByRole('button', { name: 'Save UTM tags' }).click();
  await expect(page.getByTestId('toast').filter({ visible: true })).toContainText('UTM tags saved');
  expect(tagsOf(await sharedLink(page, seeded))).toEqual({});
});
