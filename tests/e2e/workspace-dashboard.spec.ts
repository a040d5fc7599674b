import AxeBuilder from '@axe-core/playwright';
import { addMonths, format } from 'date-fns';
import { expect, test } from '../support/fixtures.ts';
import { campaignRow, rowToggle, seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

test('an empty dashboard, a rejected short name, then a campaign created from the dialog', async ({
  page,
  signedIn,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Organization Dashboard' })).toBeVisible();
  await expect(page.getByText('Create and manage your advocacy campaigns')).toBeVisible();
  for (const label of ['Total Shares', 'Active Supporters', 'Engagement Rate', 'Active Campaigns']) {
    await expect(
      page.getByRole('region', { name: 'Organization statistics' }).getByText(label),
    ).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Organization statistics' }).getByText('0%')).toBeVisible();
  await expect(page.getByText('No campaigns found')).toBeVisible();
  await expect(page.getByText('Create your first campaign to get started')).toBeVisible();

  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Campaign name').fill('Ab');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByText('Campaign name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByLabel('Campaign name')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Campaign name').fill('x'.repeat(10_000));
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByText('Campaign name must be at most 200 characters')).toBeVisible();

  // A non-JSON 4xx shows its body; a proxy's 5xx page never reaches the person (plain
  // words instead); no answer at all asks to try again.
  await page.route('**/api/campaigns', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 418, contentType: 'text/plain', body: 'teapot says no' })
      : route.fallback(),
  );
  await dialog.getByLabel('Campaign name').fill('Clean Rivers Now');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastEl(page)).toContainText('Campaign Creation Failed');
  await expect(toastEl(page)).toContainText('API error: teapot says no');
  await page.unroute('**/api/campaigns');
  await page.route('**/api/campaigns', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'upstream down' })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastEl(page)).toContainText(
    'Something went wrong on our side. Please try again in a moment.',
  );
  await expect(toastEl(page)).not.toContainText('upstream down');
  await page.unroute('**/api/campaigns');
  await page.route('**/api/campaigns', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastEl(page)).toContainText('Failed to create campaign. Please try again.');
  await expect(toastEl(page).getByText('Error', { exact: true })).toBeVisible();
  await page.unroute('**/api/campaigns');

  await dialog.getByLabel('Campaign name').fill('Clean Rivers Now');
  await dialog.getByLabel('Description (optional)').fill('Keep our rivers clean');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Campaign created');

  const row = campaignRow(page, /^Clean Rivers Now/);
  await expect(row).toBeVisible();
  await expect(rowToggle(page, 'Clean Rivers Now')).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByText(`Created ${format(new Date(), 'MMM d, yyyy')}`)).toBeVisible();
  // No asset yet: a draft, never an empty live campaign.
  await expect(row.getByTestId('campaign-status')).toHaveText('Draft');
  await expect(row.getByText('Campaign Assets')).toBeVisible();
  await expect(row.getByText('No assets', { exact: true })).toBeVisible();
  await expect(row.getByText('Add your first asset to start engaging your supporters')).toBeVisible();
  await expect(page).toHaveURL(/#campaigns$/);

  // Really stored: still there after a reload.
  await page.reload();
  await expect(rowToggle(page, 'Clean Rivers Now')).toBeVisible();
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('search filters by name, case-insensitively, with its own empty state', async ({
  page,
  request,
  signedIn,
}) => {
  await seedCampaign(request, signedIn, { name: 'Climate Action Week' });
  await seedCampaign(request, signedIn, { name: 'Education For All' });
  await seedCampaign(request, signedIn, { name: 'Community Health Fair' });
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaign-row')).toHaveCount(3);

  const search = page.getByPlaceholder('Search campaigns...');
  await search.fill('eDuCaTiOn');
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
  await expect(rowToggle(page, 'Education For All')).toBeVisible();
  // The only match is the first row, so it is expanded.
  await expect(rowToggle(page, 'Education For All')).toHaveAttribute('aria-expanded', 'true');

  await search.fill('th');
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
  await search.fill('a');
  await expect(page.getByTestId('campaign-row')).toHaveCount(3);

  await search.fill('zzz no such campaign');
  await expect(page.getByText('No campaigns found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
  await expect(page.getByText('Create your first campaign to get started')).toHaveCount(0);
  await search.fill('');
  await expect(page.getByTestId('campaign-row')).toHaveCount(3);
});

test('the first campaign starts expanded; rows toggle one at a time', async ({ page, request, signedIn }) => {
  const older = await seedCampaign(request, signedIn, { name: 'Older Campaign' });
  await seedAsset(request, signedIn, older, { title: 'Older flyer text', content: 'Read the older flyer' });
  const newer = await seedCampaign(request, signedIn, { name: 'Newer Campaign' });
  await seedAsset(request, signedIn, newer, { title: 'Newer post', content: 'Share the newer post' });
  await page.goto('/');

  const newerToggle = rowToggle(page, 'Newer Campaign');
  const olderToggle = rowToggle(page, 'Older Campaign');
  // Newest first, and the first is open.
  await expect(page.getByTestId('campaign-row').first()).toContainText('Newer Campaign');
  await expect(newerToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(olderToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Share the newer post')).toBeVisible();
  await expect(page.getByText('Read the older flyer')).toHaveCount(0);

  await olderToggle.click();
  await expect(olderToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(newerToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Read the older flyer')).toBeVisible();
  await expect(page.getByText('Share the newer post')).toHaveCount(0);
  const olderRow = campaignRow(page, /^Older Campaign/);
  await expect(olderRow.getByRole('button', { name: 'Add Asset' })).toBeVisible();
  await expect(olderRow.getByRole('button', { name: 'Copy Share Link' })).toBeVisible();
  await expect(olderRow.getByRole('definition').first()).toHaveText('0');

  await olderToggle.click();
  await expect(olderToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(newerToggle).toHaveAttribute('aria-expanded', 'false');

  // No made-up supporter figures: campaigns nobody has shared show none.
  await expect(page.getByTestId('campaign-row').getByText(/^\+\d/)).toHaveCount(0);
  await expect(page.getByTestId('supporter-count')).toHaveCount(0);

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});

test('Copy Share Link puts the supporter link on the clipboard and says Copied! for 2 s', async ({
  page,
  context,
  request,
  signedIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const campaign = await seedCampaign(request, signedIn, { name: 'Copy Me Campaign' });
  await seedAsset(request, signedIn, campaign, { title: 'Copy Me text' });
  await page.goto('/');
  const row = campaignRow(page, /^Copy Me Campaign/);
  await row.getByRole('button', { name: 'Copy Share Link' }).click();
  await expect(row.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveText('Link copied to clipboard!');
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/supporter/${campaign.id}`,
  );
  await expect(row.getByRole('button', { name: 'Copy Share Link' })).toBeVisible({ timeout: 4000 });
  await expect(row.getByRole('button', { name: 'Copied!' })).toHaveCount(0);

  // The same action from the menu, and the schedule dialog behind 'Schedule Share'.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await row.getByRole('button', { name: 'More share options' }).click();
  await page.getByRole('menuitem', { name: 'Copy Share Link' }).click();
  await expect(row.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/supporter/${campaign.id}`,
  );
  await row.getByRole('button', { name: 'More share options' }).click();
  await page.getByRole('menuitem', { name: 'Schedule Share' }).click();
  // A live campaign always has an asset: the dialog offers it.
  const dialog = page.getByRole('dialog', { name: 'Schedule Your Share' });
  await expect(dialog.getByRole('combobox', { name: 'Asset' })).toHaveValue(/.+/);
  await expect(dialog.getByRole('option', { name: 'Copy Me text' })).toHaveCount(1);
});

test('Debug creates test content and names it in the toast', async ({ page, signedIn }) => {
  await page.goto('/');
  await expect(page.getByText('No campaigns found')).toBeVisible();
  await page.getByRole('button', { name: 'Debug' }).click();
  await expect(toastEl(page)).toContainText('Test Content Created');
  await expect(toastEl(page)).toContainText('Test Asset');
  const name = (await toastEl(page).textContent())!.match(/"(Test Campaign[^"]*)"/)![1];
  await expect(rowToggle(page, name)).toHaveAttribute('aria-expanded', 'true');
  await expect(campaignRow(page, new RegExp(`^${name}`)).getByText('Test Asset')).toBeVisible();
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('the refresh hash refetches, says so once and is removed', async ({ page, request, signedIn }) => {
  await page.goto('/');
  await expect(page.getByText('No campaigns found')).toBeVisible();
  // Created behind the page's back: only a refetch shows it.
  const elsewhere = await seedCampaign(request, signedIn, { name: 'Made Elsewhere' });
  await seedAsset(request, signedIn, elsewhere, { title: 'Elsewhere text' });
  await page.evaluate((org) => {
    location.hash = `campaigns?refresh=true&org=${org}&t=${Date.now()}`;
  }, signedIn.orgId);
  await expect(toastEl(page)).toContainText('Campaigns Updated');
  await expect(toastEl(page)).toContainText('Your new campaign has been added to the list');
  await expect(rowToggle(page, 'Made Elsewhere')).toBeVisible();
  await expect(page).toHaveURL(/\/#campaigns$/);
});

test('tabs live in the hash; the templates tab links to /templates', async ({ page, signedIn }) => {
  await page.goto('/#templates');
  await expect(page.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Campaign Templates' })).toBeVisible();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/#calendar$/);
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/#campaigns$/);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('link', { name: 'Choose a Template' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign Templates' })).toBeVisible();
  expect(signedIn.orgId).toBeGreaterThan(0);
});

test('the calendar tab shows today’s entries; clicking an asset opens it under Campaigns', async ({
  page,
  request,
  signedIn,
}) => {
  const first = await seedCampaign(request, signedIn, { name: 'Calendar Campaign' });
  await seedAsset(request, signedIn, first, { title: 'Calendar Poster', content: 'Poster words' });
  await seedAsset(request, signedIn, first, { title: 'Second Note' });
  // A newer campaign, so the one we click is not the default expanded row.
  const another = await seedCampaign(request, signedIn, { name: 'Another Campaign' });
  await seedAsset(request, signedIn, another, { title: 'Another text' });
  await page.goto('/#calendar');
  const today = format(new Date(), 'yyyy-MM-dd');
  const cell = page.locator(`td[data-date="${today}"]`);
  await expect(cell).toHaveAttribute('aria-current', 'date');
  // 2 campaigns + 3 assets today: two entries and '+3 more' (beside the day's own button).
  await expect(cell.getByRole('listitem')).toHaveCount(2);
  await expect(cell.getByRole('listitem').getByRole('button')).toHaveCount(2);
  await expect(cell.getByText('+3 more')).toBeVisible();

  // Two months on, today's entries are out of sight (next month's grid can start in this
  // month's last week); Today comes back.
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(
    page.getByRole('heading', { name: format(addMonths(new Date(), 2), 'MMMM yyyy') }),
  ).toBeVisible();
  await expect(page.locator('td[data-date]').getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(cell.getByRole('listitem')).toHaveCount(2);

  // The earliest entries come first: the first campaign, then its first asset.
  await cell.getByRole('button', { name: 'Calendar Poster' }).click();
  await expect(page).toHaveURL(/#campaigns$/);
  await expect(rowToggle(page, 'Calendar Campaign')).toHaveAttribute('aria-expanded', 'true');
  await expect(rowToggle(page, 'Another Campaign')).toHaveAttribute('aria-expanded', 'false');
  const card = page.getByTestId('asset-card').filter({ hasText: 'Calendar Poster' });
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card).toBeInViewport();
});

// New campaigns are drafts (listed under Drafts); switching the list to Active opens its first
// row, here the seeded live one, so its asset shows without another click.
test('emoji and right-to-left names are stored and shown as typed', async ({ page, request, signedIn }) => {
  const rtl = 'حملة المناخ 🌍';
  const emoji = 'Save 🐝 bees 🌻 now';
  const c = await seedCampaign(request, signedIn, { name: rtl, description: 'وصف الحملة' });
  await seedAsset(request, signedIn, c, { title: 'ملصق 🌍', content: 'شارك هذا النص 💚' });
  await page.goto('/');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await page.getByRole('dialog').getByLabel('Campaign name').fill(emoji);
  await page.getByRole('dialog').getByRole('button', { name: 'Create Campaign' }).click();
  await expect(rowToggle(page, emoji)).toHaveAttribute('aria-expanded', 'true');
  // The new one is a draft; the seeded one is live.
  await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Active' }).click();
  const rtlRow = campaignRow(page, new RegExp(`^${rtl}`));
  await expect(rtlRow.getByText(rtl, { exact: true })).toHaveAttribute('dir', 'auto');
  await expect(rowToggle(page, rtl)).toHaveAttribute('aria-expanded', 'true');
  await expect(rtlRow.getByText('شارك هذا النص 💚')).toBeVisible();
  await expect(rtlRow.getByRole('heading', { name: 'ملصق 🌍' })).toBeVisible();

  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rtl);
  await expect(page.getByText('وصف الحملة')).toBeVisible();
});
