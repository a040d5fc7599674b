import { expect, test } from '../support/fixtures.ts';
import { createAccount } from '../support/fixtures.ts';
import { seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

test('the detail page shows the campaign, copies its link and shows analytics', async ({
  page,
  context,
  request,
  signedIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const c = await seedCampaign(request, signedIn, {
    name: 'Detail Campaign',
    description: 'Everything about this campaign',
  });
  await seedAsset(request, signedIn, c, { title: 'Detail text', content: 'Share this detail' });
  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Campaign' })).toBeVisible();
  await expect(page.getByText('Everything about this campaign')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Campaign Assets' })).toBeVisible();
  await expect(page.getByTestId('asset-card').getByText('Share this detail')).toBeVisible();
  for (const label of ['Total Shares', 'Active Supporters', 'Click-throughs']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  // One figure, one name, with what it means: the panel and the analytics view agree.
  await expect(page.getByText('Engagement Rate', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Click-throughs per share', { exact: true })).toHaveCount(2);
  // Supporters are the people who shared: the panel says so.
  await expect(page.getByText('Who shared in the last 30 days', { exact: true })).toBeVisible();
  await expect(page.getByText(/click-through rate/i)).toHaveCount(0);
  await expect(
    page.getByText('No shares, clicks, share windows opened or posts prepared in the last 30 days yet.'),
  ).toBeVisible();

  // The same confirmation as the dashboard's: 'Copied!' for 2 s with its tooltip, plus the toast.
  await page.getByRole('button', { name: 'Copy Share Link' }).click();
  await expect(page.getByRole('button', { name: 'Copied!', exact: true })).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveText('Link copied to clipboard!');
  await expect(toastEl(page)).toContainText('Link copied!');
  await expect(toastEl(page)).toContainText('Supporter link copied to clipboard');
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/supporter/${c.id}`);
  await expect(page.getByRole('button', { name: 'Copy Share Link' })).toBeVisible({ timeout: 4000 });
  await expect(page.getByRole('button', { name: 'Copied!', exact: true })).toHaveCount(0);

  // Per-asset share: the supporter page link and a copy of the asset's own link.
  const card = page.getByTestId('asset-card');
  const assetId = await card.getAttribute('data-asset-id');
  await expect(card.getByRole('link', { name: 'Open supporter page for Detail text' })).toHaveAttribute(
    'href',
    `/supporter/${c.id}`,
  );
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await card.getByRole('button', { name: 'Copy link for Detail text' }).click();
  await expect(card.getByRole('button', { name: 'Copied! for Detail text' })).toBeVisible();
  await expect(toastEl(page)).toContainText('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/supporter/${c.id}?a=${assetId}`,
  );
  // The platform buttons post the asset's link; the ones posted by hand say where they go.
  const post = new URL((await card.getByRole('link', { name: 'Post on X' }).getAttribute('href'))!);
  expect(post.searchParams.get('url')).toBe(`${origin}/supporter/${c.id}?a=${assetId}`);

  // Adding an asset here lists it at once.
  await page.getByRole('button', { name: 'Add Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await dialog.getByLabel('Asset type').selectOption('text');
  await dialog.getByLabel('Title').fill('Second detail');
  await dialog.getByLabel('Content').fill('Another thing to share');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(page.getByTestId('asset-card')).toHaveCount(2);
  await expect(page.getByTestId('organizer-item')).toHaveCount(2);
});

test("a video card's hand-posted platforms say they open the supporter page, at the asset", async ({
  page,
  request,
  signedIn,
}) => {
  const c = await seedCampaign(request, signedIn, { name: 'Film Campaign' });
  const a = await seedAsset(request, signedIn, c, {
    title: 'River film',
    type: 'video',
    content: 'https://cdn.example.org/river.mp4',
    shareText: 'Watch the river',
  });
  await page.goto(`/campaigns/${c.id}`);
  const card = page.getByTestId('asset-card');
  const origin = new URL(page.url()).origin;
  for (const name of [
    'Open the supporter page to post on TikTok',
    'Open the supporter page to post on YouTube',
    'Open the supporter page to post on Instagram Story',
  ]) {
    await expect(card.getByRole('link', { name })).toHaveAttribute(
      'href',
      `${origin}/supporter/${c.id}?a=${a.id}`,
    );
  }
  await expect(card.getByRole('link', { name: /^(Post on TikTok|Upload on YouTube)$/ })).toHaveCount(0);
  const post = new URL((await card.getByRole('link', { name: 'Post on X' }).getAttribute('href'))!);
  expect(post.searchParams.get('url')).toBe(`${origin}/supporter/${c.id}?a=${a.id}`);
});

test('the chart appears once the campaign has shares', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Charted Campaign' });
  const a = await seedAsset(request, signedIn, c, { title: 'Charted text' });
  const share = await request.post('/api/shares', {
    data: { assetId: a.id, campaignId: c.id, organizationId: signedIn.orgId, platform: 'twitter' },
  });
  expect(share.status(), await share.text()).toBe(201);
  await page.goto(`/campaigns/${c.id}`);
  const panel = page.getByRole('region', {
    name: 'Shares, clicks, share windows opened and posts prepared over the last 30 days',
  });
  await expect(panel.locator('.recharts-responsive-container')).toBeVisible();
  await expect(panel.getByText('Shares', { exact: true })).toBeVisible();
  await expect(page.getByText('Total Shares').locator('xpath=..').getByRole('definition')).toHaveText('1');
});

test('an unknown or foreign campaign is "Campaign Not Found"', async ({ page, request, signedIn }) => {
  const other = await createAccount(request);
  const foreign = await seedCampaign(request, other, { name: 'Not Yours' });
  await page.goto('/campaigns/999999');
  await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  await page.goto(`/campaigns/${foreign.id}`);
  await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  await expect(page.getByText('Not Yours')).toHaveCount(0);
  await page.goto('/campaigns/abc');
  await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  expect(signedIn.orgId).not.toBe(other.orgId);
});

test('reordering with the keyboard is saved and survives a reload', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Ordered Campaign' });
  for (const title of ['Alpha post', 'Bravo post', 'Charlie post']) {
    await seedAsset(request, signedIn, c, { title });
  }
  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByRole('heading', { name: 'Organize Assets' })).toBeVisible();
  const items = page.getByTestId('organizer-item');
  await expect(items).toHaveText(['Alpha post', 'Bravo post', 'Charlie post'].map((t) => new RegExp(t)));
  const save = page.getByRole('button', { name: 'Save Order' });
  await expect(save).toBeDisabled();

  // Pick up Alpha and move it one slot per arrow press; the live region confirms each position.
  const live = page.locator('[aria-live="assertive"]');
  await page.getByRole('button', { name: 'Alpha post, position 1' }).focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText(/^(Picked up Alpha post\.|Alpha post is now at position 1 of 3\.)$/);
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText('Alpha post is now at position 2 of 3.');
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText('Alpha post is now at position 3 of 3.');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Alpha post dropped at position 3.');
  await expect(items).toHaveText(['Bravo post', 'Charlie post', 'Alpha post'].map((t) => new RegExp(t)));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toastEl(page)).toContainText('Order saved');
  await expect(toastEl(page)).toContainText('Your asset order has been updated');
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(items).toHaveText(['Bravo post', 'Charlie post', 'Alpha post'].map((t) => new RegExp(t)));
  await expect(page.getByTestId('asset-card').getByRole('heading')).toHaveText([
    'Bravo post',
    'Charlie post',
    'Alpha post',
  ]);
  // The public page follows the same order.
  const pub = await request.get(`/api/supporter/campaigns/${c.id}`);
  // (seedAsset's text assets read `Text of <title>`; the public view carries no title.)
  expect(((await pub.json()).assets as { content: string }[]).map((a) => a.content)).toEqual([
    'Text of Bravo post',
    'Text of Charlie post',
    'Text of Alpha post',
  ]);

  // Grid view sorts the same way; moving back and forth leaves nothing to save.
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Bravo post, position 1' }).focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText(/^(Picked up Bravo post\.|Bravo post is now at position 1 of 3\.)$/);
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText('Bravo post is now at position 2 of 3.');
  await page.keyboard.press('Space');
  await expect(items).toHaveText(['Charlie post', 'Bravo post', 'Alpha post'].map((t) => new RegExp(t)));
  await expect(save).toBeEnabled();
});

test('an empty campaign says so in the grid and the organiser', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Empty Campaign' });
  await page.goto(`/campaigns/${c.id}`);
  await expect(page.getByText('No assets', { exact: true })).toBeVisible();
  await expect(page.getByText('Add your first asset to start engaging your supporters')).toBeVisible();
  await expect(page.getByText('No assets found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Order' })).toBeDisabled();
});

test('dragging with the mouse reorders too', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Dragged Campaign' });
  for (const title of ['One post', 'Two post', 'Three post']) {
    await seedAsset(request, signedIn, c, { title });
  }
  await page.goto(`/campaigns/${c.id}`);
  const items = page.getByTestId('organizer-item');
  await expect(items).toHaveCount(3);
  await page.getByRole('heading', { name: 'Organize Assets' }).scrollIntoViewIfNeeded();
  await items.last().scrollIntoViewIfNeeded();
  const from = (await page.getByRole('button', { name: 'Three post, position 3' }).boundingBox())!;
  const to = (await page.getByRole('button', { name: 'One post, position 1' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 10 });
  await page.mouse.up();
  await expect(items).toHaveText(['Three post', 'One post', 'Two post'].map((t) => new RegExp(t)));
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(toastEl(page)).toContainText('Order saved');
  await page.reload();
  await expect(items).toHaveText(['Three post', 'One post', 'Two post'].map((t) => new RegExp(t)));
});
