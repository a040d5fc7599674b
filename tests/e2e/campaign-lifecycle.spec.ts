import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Account, api, expect, test } from '../support/fixtures.ts';
import { campaignRow, seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

// The campaign and asset lifecycle from the team's side (campaign page, dashboard,
// templates) and what the public supporter page shows in each state.

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

const put = async (request: APIRequestContext, account: Account, url: string, data: unknown) => {
  const res = await api(request, account.token).put(url, data);
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
};

const del = async (request: APIRequestContext, account: Account, url: string) => {
  const res = await request.delete(url, { headers: { authorization: `Bearer ${account.token}` } });
  expect(res.status(), await res.text()).toBe(204);
};

/** The supporter page as the public sees it: a fresh context with no session. */
async function publicPage(browser: Browser, campaignId: number) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/supporter/${campaignId}`);
  return { page, close: () => context.close() };
}

const badge = (page: Page) => page.getByTestId('campaign-status');

test('edit a campaign: the shared rules in the dialog, the change on the page and the public page', async ({
  page,
  request,
  signedIn,
  browser,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Clean Rivers', description: 'Old words' });
  await seedAsset(request, signedIn, c, { title: 'River post' });
  await page.goto(`/campaigns/${c.id}`);
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
  await expect(dialog.getByLabel('Campaign name')).toHaveValue('Clean Rivers');
  await expect(dialog.getByLabel('Status')).toHaveValue('active');
  await expectNoSeriousViolations(page);

  await dialog.getByLabel('Campaign name').fill('Cl');
  await dialog.getByLabel('Start date (optional)').fill('2031-05-10');
  await dialog.getByLabel('End date (optional)').fill('2031-05-01');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Campaign name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('End date must be on or after the start date')).toBeVisible();

  await dialog.getByLabel('Campaign name').fill('Clean Rivers Now');
  await dialog.getByLabel('Description (optional)').fill('Keep every river clean');
  await dialog.getByLabel('Start date (optional)').fill('');
  await dialog.getByLabel('End date (optional)').fill('2099-12-31');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Campaign updated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clean Rivers Now');
  await expect(page.getByText('Keep every river clean')).toBeVisible();

  const stored = (await (await api(request, signedIn.token).get(`/api/campaigns/${c.id}`)).json()) as {
    endDate: string;
    startDate: string | null;
  };
  expect(stored).toMatchObject({ endDate: '2099-12-31', startDate: null });

  const pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('heading', { level: 1 })).toHaveText('Clean Rivers Now');
  await expect(pub.page.getByRole('button', { name: 'Share Now' })).toHaveCount(1);
  await pub.close();
});

test('pause, resume and end: the badge follows and the public page shows the state instead of share buttons', async ({
  page,
  request,
  signedIn,
  browser,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Pausable drive' });
  await seedAsset(request, signedIn, c, { title: 'Break post' });
  await page.goto(`/campaigns/${c.id}`);
  await expect(badge(page)).toHaveText('Active');

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(toastEl(page)).toContainText('Campaign paused');
  await expect(badge(page)).toHaveText('Paused');
  let pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('heading', { name: 'Sharing is paused for now' })).toBeVisible();
  await expect(pub.page.getByRole('heading', { name: 'Break post' })).toBeVisible();
  await expect(pub.page.getByRole('main').getByRole('button', { name: /Share|Schedule/ })).toHaveCount(0);
  await pub.close();

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(toastEl(page)).toContainText('Campaign resumed');
  await expect(badge(page)).toHaveText('Active');
  pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('button', { name: 'Share Now' })).toHaveCount(1);
  await pub.close();

  await page.getByRole('button', { name: 'End', exact: true }).click();
  await expect(toastEl(page)).toContainText('Campaign ended');
  await expect(badge(page)).toHaveText('Ended');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
  pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('heading', { name: 'This campaign has ended' })).toBeVisible();
  await expect(pub.page.getByText('Thank you to everyone who shared.')).toBeVisible();
  await expect(pub.page.getByRole('main').getByRole('button', { name: /Share|Schedule/ })).toHaveCount(0);
  // Link previews stay.
  await expect(pub.page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Pausable drive/);
  await pub.close();
});

test('publish a draft: said before and when the server refuses it with no asset; preview for the team only', async ({
  page,
  request,
  signedIn,
  browser,
}) => {
  const res = await api(request, signedIn.token).post('/api/campaigns', {
    name: 'Quiet launch',
    status: 'draft',
    organizationId: signedIn.orgId,
  });
  const c = await res.json();
  await page.goto(`/campaigns/${c.id}`);
  await expect(badge(page)).toHaveText('Draft');
  await expect(page.getByText('Add an asset before publishing')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  // The team's preview, and a 404 for everyone else.
  await page.goto(`/supporter/${c.id}`);
  await expect(page.getByText('Draft: only your team can see this')).toBeVisible();
  let pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  await pub.close();

  // The page still shows an asset that is gone by the time Publish is pressed: the server says so.
  const asset = await seedAsset(request, signedIn, c, { title: 'Launch post' });
  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await del(request, signedIn, `/api/assets/${asset.id}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toastEl(page)).toContainText('Failed to publish campaign');
  await expect(toastEl(page)).toContainText('Add an asset before publishing');
  await expect(badge(page)).toHaveText('Draft');

  await seedAsset(request, signedIn, c, { title: 'Launch post again' });
  await page.reload();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toastEl(page)).toContainText('Campaign published');
  await expect(badge(page)).toHaveText('Active');
  pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('button', { name: 'Share Now' })).toHaveCount(1);
  await pub.close();
});

test('publishing asks for words for an image that has neither share text nor description (its title is internal)', async ({
  page,
  request,
  signedIn,
}) => {
  const c = await (
    await api(request, signedIn.token).post('/api/campaigns', {
      name: 'Oaks launch',
      status: 'draft',
      organizationId: signedIn.orgId,
    })
  ).json();
  const banner = await seedAsset(request, signedIn, c, {
    title: 'hero_v3_final oaks banner',
    type: 'image',
    content: 'https://example.org/oaks.png',
  });
  await page.goto(`/campaigns/${c.id}`);
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(
    'Give every image and video a share text or a description before publishing: supporters see those words, never the title. Missing for "hero_v3_final oaks banner".',
  );
  // The server refuses it too, with the same reason.
  const refused = await api(request, signedIn.token).put(`/api/campaigns/${c.id}`, { status: 'active' });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('PUBLISH_NEEDS_SHARE_WORDS');

  await put(request, signedIn, `/api/assets/${banner.id}`, { shareText: 'Stand with the old oaks' });
  await page.reload();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toastEl(page)).toContainText('Campaign published');
  await expect(badge(page)).toHaveText('Active');
});

test('archive asks first, then the public page is 404 and the campaign is under the Archived filter', async ({
  page,
  request,
  signedIn,
  browser,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Old appeal' });
  await seedAsset(request, signedIn, c, { title: 'Appeal post' });
  await page.goto(`/campaigns/${c.id}`);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Archive this campaign?' });
  await expect(confirm).toContainText('Its page goes offline for supporters');
  await expect(confirm).toContainText('Shares and click-throughs it earned stay in your totals and exports.');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(badge(page)).toHaveText('Active');

  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await confirm.getByRole('button', { name: 'Archive campaign' }).click();
  await expect(confirm).toBeHidden();
  await expect(toastEl(page)).toContainText('Campaign archived');
  await expect(badge(page)).toHaveText('Archived');
  await expect(page.getByRole('button', { name: 'Edit campaign' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Asset' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Duplicate', exact: true })).toBeVisible();

  const pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  expect((await pub.page.request.get(`/api/supporter/campaigns/${c.id}`)).status()).toBe(404);
  await pub.close();
  await page.goto(`/supporter/${c.id}`);
  await expect(page.getByText('Archived: only your team can see this')).toBeVisible();

  await page.goto('/');
  await expect(campaignRow(page, /^Old appeal/)).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: 'Archived' })
    .click();
  await expect(page.getByRole('heading', { name: 'Archived Campaigns' })).toBeVisible();
  await expect(campaignRow(page, /^Old appeal/).getByTestId('campaign-status')).toHaveText('Archived');
});

test('duplicate opens a draft copy with copies of the assets', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Spring run' });
  await seedAsset(request, signedIn, c, { title: 'First call' });
  await seedAsset(request, signedIn, c, { title: 'Second call' });
  await page.goto(`/campaigns/${c.id}`);
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(toastEl(page)).toContainText('Campaign duplicated');
  await expect(page).not.toHaveURL(new RegExp(`/campaigns/${c.id}$`));
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring run (copy)');
  await expect(badge(page)).toHaveText('Draft');
  await expect(page.getByTestId('asset-card').getByRole('heading', { level: 4 })).toHaveText([
    'First call',
    'Second call',
  ]);
  const copyId = Number(page.url().split('/').pop());
  expect(copyId).not.toBe(c.id);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
});

test('edit and delete an asset; the public page follows', async ({ page, request, signedIn, browser }) => {
  test.slow(); // two dialogs checked by axe, which takes seconds on a busy machine
  const c = await seedCampaign(request, signedIn, { name: 'Asset care' });
  await seedAsset(request, signedIn, c, { title: 'Keep me', content: 'Original words' });
  await seedAsset(request, signedIn, c, { title: 'Remove me', content: 'Going away' });
  await page.goto(`/campaigns/${c.id}`);

  await page.getByRole('button', { name: 'Edit Keep me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit asset' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Keep me');
  await expect(dialog.getByLabel('Content')).toHaveValue('Original words');
  await expectNoSeriousViolations(page);
  await dialog.getByLabel('Title').fill('Ke');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Title').fill('Kept and better');
  await dialog.getByLabel('Content').fill('Better words for everyone');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Asset updated');
  await expect(page.getByTestId('asset-card').first()).toContainText('Kept and better');

  await page.getByRole('button', { name: 'Delete Remove me' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this asset?' });
  await expect(confirm).toContainText('Shares and click-throughs it earned stay in your totals and exports.');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Delete asset' }).click();
  await expect(toastEl(page)).toContainText('Asset deleted');
  await expect(page.getByTestId('asset-card')).toHaveCount(1);

  // The last asset of a live campaign stays, and the page says why.
  await page.getByRole('button', { name: 'Delete Kept and better' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this asset?' })
    .getByRole('button', { name: 'Delete asset' })
    .click();
  await expect(toastEl(page).filter({ hasText: 'Failed to delete asset' })).toContainText(
    'A live campaign keeps at least one asset: add another one first, or end the campaign',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('asset-card')).toHaveCount(1);

  const pub = await publicPage(browser, c.id);
  await expect(pub.page.getByText('Better words for everyone').first()).toBeVisible();
  await expect(pub.page.getByText('Going away')).toHaveCount(0);
  await expect(pub.page.getByRole('button', { name: 'Share Now' })).toHaveCount(1);
  await pub.close();
});

test('a campaign that has not started says when it starts', async ({ request, signedIn, browser }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Future fair' });
  await seedAsset(request, signedIn, c, { title: 'Fair post' });
  await put(request, signedIn, `/api/campaigns/${c.id}`, { startDate: '2099-06-15' });
  const pub = await publicPage(browser, c.id);
  await expect(pub.page.getByRole('heading', { name: /^This campaign starts on .*2099/ })).toBeVisible();
  await expect(pub.page.getByRole('main').getByRole('button', { name: /Share|Schedule/ })).toHaveCount(0);
  await pub.close();
});

test('dashboard: a badge for every status and a filter per status, Active first', async ({
  page,
  request,
  signedIn,
}) => {
  const active = await seedCampaign(request, signedIn, { name: 'Live one' });
  await seedAsset(request, signedIn, active, { title: 'Live text' });
  const paused = await seedCampaign(request, signedIn, { name: 'Resting one' });
  await seedAsset(request, signedIn, paused, { title: 'Resting text' });
  await put(request, signedIn, `/api/campaigns/${paused.id}`, { status: 'paused' });
  const overdue = await seedCampaign(request, signedIn, { name: 'Overdue one' });
  await seedAsset(request, signedIn, overdue, { title: 'Overdue text' });
  await put(request, signedIn, `/api/campaigns/${overdue.id}`, { endDate: '2020-01-31' });
  await api(request, signedIn.token).post('/api/campaigns', {
    name: 'Sketch one',
    status: 'draft',
    organizationId: signedIn.orgId,
  });
  expect(active.id).toBeGreaterThan(0);

  await page.goto('/');
  const filter = page.getByRole('group', { name: 'Filter by status' });
  await expect(filter.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('campaign-row');
  await expect(rows).toHaveCount(1);
  await expect(campaignRow(page, /^Live one/).getByTestId('campaign-status')).toHaveText('Active');

  const expectOnly = async (label: string, name: RegExp, status: string) => {
    await filter.getByRole('button', { name: label }).click();
    await expect(filter.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(1);
    await expect(campaignRow(page, name).getByTestId('campaign-status')).toHaveText(status);
  };
  await expectOnly('Drafts', /^Sketch one/, 'Draft');
  await expectOnly('Paused', /^Resting one/, 'Paused');
  // An end date in the past reads Ended although its stored status is active.
  await expectOnly('Ended', /^Overdue one/, 'Ended');
  await filter.getByRole('button', { name: 'Archived' }).click();
  await expect(page.getByText('No archived campaigns right now')).toBeVisible();
  // The stats card still counts stored status active (Live one and Overdue one).
  await expect(
    page.getByRole('region', { name: 'Organization statistics' }).getByText('2', { exact: true }),
  ).toBeVisible();
});

test('Create Campaign makes a draft: its link warns, publishing waits for an asset', async ({
  page,
  request,
  signedIn,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new campaign' });
  await dialog.getByLabel('Campaign name').fill('Idea in progress');
  // One way to create: there is nothing to publish yet.
  await expect(dialog.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('"Idea in progress" is a draft: add an asset, then publish it.');
  await expect(page.getByRole('heading', { name: 'Draft Campaigns' })).toBeVisible();
  // Nothing went live: supporters never meet an empty campaign.
  const listed = async (status: string) =>
    (await (await api(request, signedIn.token).get(`/api/campaigns?status=${status}`)).json()).map(
      (c: { name: string }) => c.name,
    );
  expect(await listed('active')).toEqual([]);
  expect(await listed('draft')).toEqual(['Idea in progress']);
  const row = campaignRow(page, /^Idea in progress/);
  await expect(row.getByTestId('campaign-status')).toHaveText('Draft');

  // Its link leads supporters to "Campaign Not Found", and copying it says so.
  await row.getByRole('button', { name: 'Copy Share Link' }).click();
  await expect(toastEl(page)).toContainText('Link copied, but not public yet');
  await expect(toastEl(page)).toContainText('supporters who open the link see "Campaign Not Found"');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const campaignId = Number(new URL(link).pathname.split('/').at(-1));

  // Publishing is refused with the reason, in the page and by the server.
  await page.goto(`/campaigns/${campaignId}`);
  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(/Add an asset before publishing/);
  const refused = await api(request, signedIn.token).put(`/api/campaigns/${campaignId}`, {
    status: 'active',
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'PUBLISH_NEEDS_ASSET',
    message: 'Add an asset before publishing',
  });

  // With an asset it publishes, and the link copies plainly.
  await seedAsset(request, signedIn, { id: campaignId }, { title: 'Words', content: 'Rivers matter' });
  await page.reload();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toastEl(page)).toContainText('Campaign published');
  await page.getByRole('button', { name: 'Copy Share Link' }).click();
  await expect(toastEl(page)).toContainText('Link copied!');

  // Archived, its link warns again.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive campaign' }).click();
  await expect(toastEl(page)).toContainText('Campaign archived');
  await page.getByRole('button', { name: 'Copy Share Link' }).click();
  await expect(toastEl(page)).toContainText('Link copied, but the campaign is archived');
});

test('Use this template asks for a name and shows the starter texts before creating anything', async ({
  page,
  request,
  signedIn,
}) => {
  const count = async () =>
    ((await (await api(request, signedIn.token).get('/api/campaigns?status=all')).json()) as unknown[])
      .length;
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Use this template: Donation Drive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Use the Donation Drive template' });
  await expect(dialog.getByLabel('Campaign name')).toHaveValue('Donation Drive');
  await expect(
    dialog.getByRole('region', { name: 'Starter assets' }).getByRole('listitem').first(),
  ).toContainText(/donat/i);
  await expectNoSeriousViolations(page);
  expect(await count()).toBe(0);

  // Closing creates nothing.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await count()).toBe(0);

  await page.getByRole('button', { name: 'Use this template: Donation Drive' }).click();
  await dialog.getByLabel('Campaign name').fill('Wi');
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(dialog.getByText('Campaign name must be at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Campaign name').fill('Winter Drive');
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toastEl(page)).toContainText('Draft saved');
  await expect(page).toHaveURL(/\/#campaigns$/);
  await expect(page.getByRole('heading', { name: 'Draft Campaigns' })).toBeVisible();
  const row = campaignRow(page, /^Winter Drive/);
  await expect(row.getByTestId('campaign-status')).toHaveText('Draft');
  await expect(row.getByTestId('asset-card').first()).toBeVisible();
  expect(await count()).toBe(1);
});

test('dashboard: Schedule Share is offered on an active campaign only, with the reason on the others', async ({
  page,
  request,
  signedIn,
}) => {
  const live = await seedCampaign(request, signedIn, { name: 'Open for shares' });
  await seedAsset(request, signedIn, live, { title: 'Open text' });
  const paused = await seedCampaign(request, signedIn, { name: 'Held back' });
  await seedAsset(request, signedIn, paused, { title: 'Held text' });
  await put(request, signedIn, `/api/campaigns/${paused.id}`, { status: 'paused' });
  const overdue = await seedCampaign(request, signedIn, { name: 'Past its date' });
  await seedAsset(request, signedIn, overdue, { title: 'Past text' });
  await put(request, signedIn, `/api/campaigns/${overdue.id}`, { endDate: '2020-01-31' });

  // The menu item of one campaign row, opened from its "More share options" button.
  const scheduleItem = async (name: RegExp) => {
    const row = campaignRow(page, name);
    const toggle = row.getByRole('button', { name }).first();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await row.getByRole('button', { name: 'More share options' }).click();
    return page.getByRole('menuitem', { name: /^Schedule Share/ });
  };

  await page.goto('/');
  const filter = page.getByRole('group', { name: 'Filter by status' });
  let item = await scheduleItem(/^Open for shares/);
  await expect(item).toHaveText('Schedule Share');
  await expect(item).not.toHaveAttribute('aria-disabled', 'true');
  await item.click();
  await expect(page.getByRole('dialog', { name: 'Schedule Your Share' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Paused: the server would answer 409, so the item is disabled and says why.
  await filter.getByRole('button', { name: 'Paused' }).click();
  item = await scheduleItem(/^Held back/);
  await expect(item).toHaveText('Schedule Share (Sharing is paused for this campaign)');
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await item.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Schedule Your Share' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Ended by its end date (stored status still active): the same.
  await filter.getByRole('button', { name: 'Ended' }).click();
  item = await scheduleItem(/^Past its date/);
  await expect(item).toHaveText('Schedule Share (This campaign has ended)');
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // What the item says matches the server: scheduling on the paused campaign is refused.
  const refused = await request.post('/api/shares/schedule', {
    data: {
      campaignId: paused.id,
      assetId: (await (await api(request, signedIn.token).get(`/api/campaigns/${paused.id}`)).json())
        .assets[0].id,
      organizationId: signedIn.orgId,
      platform: 'twitter',
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe('Sharing is paused for this campaign');
});
