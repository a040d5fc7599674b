import type { Browser, Page } from '@playwright/test';
import { type Account, api, createAccount, expect, signInAs, test } from '../support/fixtures.ts';
import { addMember } from '../support/teams.ts';
import { PHONE } from '../support/supporter.ts';
import { seedAsset, seedCampaign, toastEl } from '../support/workspace.ts';

// Review before publishing (docs/api.md "Review and guardrails"): an editor's change to
// a published campaign waits; an admin asks for changes, the editor fixes, the admin
// approves, and only then does the supporter page change.

async function as(browser: Browser, account: Account | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  if (account) await signInAs(page, account);
  return page;
}

async function editDescription(page: Page, campaignId: number, words: string) {
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
  await dialog.getByLabel('Description (optional)').fill(words);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Sent for review');
}

test('an editor submits, an admin requests changes, the editor fixes, the admin approves; the public page changes only then', async ({
  browser,
  request,
}) => {
  const admin = await createAccount(request);
  const editor = await addMember(request, admin, 'editor');
  const on = await api(request, admin.token).put('/api/organization/settings', {
    review: { required: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  const c = await seedCampaign(request, admin, { name: 'Clean Rivers', description: 'Approved words' });
  await seedAsset(request, admin, c, { title: 'River post' });

  const editorPage = await as(browser, editor);
  await editDescription(editorPage, c.id, 'Words that waited');
  const panel = editorPage.getByTestId('review-panel');
  await expect(panel.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();
  await expect(panel).toContainText('Words that waited');
  // An editor without the permission decides nothing.
  await expect(panel.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const supporter = await as(browser, null);
  await supporter.goto(`/supporter/${c.id}`);
  await expect(supporter.getByText('Approved words')).toBeVisible();
  await expect(supporter.getByText('Words that waited')).toHaveCount(0);

  // The admin hears of it on the Campaigns screen and opens it from the review list.
  const adminPage = await as(browser, admin);
  await adminPage.goto('/');
  await adminPage.getByRole('link', { name: '1 waiting for review' }).click();
  await adminPage.getByRole('link', { name: 'Clean Rivers' }).click();
  const adminPanel = adminPage.getByTestId('review-panel');
  await expect(adminPanel).toContainText('Words that waited');
  // The preview as a supporter: exactly the supporter page, with the change in it, on a
  // phone (a 390 x 844 frame of the page itself) while the public page keeps the approved words.
  await adminPanel.getByRole('button', { name: 'Preview as a supporter' }).click();
  const previewDialog = adminPage.getByRole('dialog', { name: 'Preview as a supporter' });
  await expect(previewDialog.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
    'href',
    `/supporter/${c.id}?review=1`,
  );
  const phone = previewDialog.frameLocator('iframe[title="The supporter page with the waiting change"]');
  await expect(phone.getByText('Words that waited')).toBeVisible();
  await expect(phone.getByText('Approved words')).toHaveCount(0);
  await expect(phone.getByRole('status').filter({ hasText: 'waiting for review' })).toBeVisible();
  const framed = await (await previewDialog.locator('iframe').elementHandle())?.contentFrame();
  expect(await framed?.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([390, 844]);
  // The page lays itself out for a phone: nothing wider than the frame.
  expect(await framed?.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await supporter.reload();
  await expect(supporter.getByText('Approved words')).toBeVisible();
  await expect(supporter.getByText('Words that waited')).toHaveCount(0);
  await previewDialog.getByRole('button', { name: 'Close' }).click();
  await expect(previewDialog).toBeHidden();

  await adminPanel.getByLabel('Comment for the author').fill('Please name the rivers');
  await adminPanel.getByRole('button', { name: 'Request changes' }).click();
  await expect(toastEl(adminPage)).toContainText('Changes requested');

  await editorPage.reload();
  await expect(panel.getByRole('heading', { name: 'Changes requested' })).toBeVisible();
  await expect(panel).toContainText('Please name the rivers');
  await editDescription(editorPage, c.id, 'Words about the Thames');
  await expect(panel.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();

  await supporter.reload();
  await expect(supporter.getByText('Approved words')).toBeVisible();

  await adminPage.reload();
  await expect(adminPanel).toContainText('Words about the Thames');
  await adminPanel.getByRole('button', { name: 'Approve' }).click();
  await expect(toastEl(adminPage)).toContainText('Change approved');
  await expect(adminPanel).toHaveCount(0);
  await expect(adminPage.getByText('Words about the Thames')).toBeVisible();

  await supporter.reload();
  await expect(supporter.getByText('Words about the Thames')).toBeVisible();
  await expect(supporter.getByText('Approved words')).toHaveCount(0);
});

test('an admin lets an editor review in Team Members', async ({ page, request, signedIn }) => {
  const editor = await addMember(request, signedIn, 'editor');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const row = page.getByTestId('member-row').filter({ hasText: editor.username });
  // Saved as it is ticked; the box follows the saved member.
  await row.getByLabel('Can review').click();
  await expect(toastEl(page)).toContainText('can review changes');
  await expect(row.getByLabel('Can review')).toBeChecked();
  const members = await (await api(request, signedIn.token).get('/api/organization/members')).json();
  expect(members.find((m: { id: number }) => m.id === editor.userId).canReview).toBe(true);
  await page.getByRole('switch', { name: "Editors' changes need a review" }).click();
  await expect(toastEl(page)).toContainText('Settings saved');
  const saved = await (await api(request, signedIn.token).get('/api/organization/settings')).json();
  expect(saved.review).toEqual({ required: true });
});

test("an editor's template use while review is on makes a draft, and says so", async ({
  browser,
  request,
}) => {
  const admin = await createAccount(request);
  const editor = await addMember(request, admin, 'editor');
  const on = await api(request, admin.token).put('/api/organization/settings', {
    review: { required: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  const page = await as(browser, editor);
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Use this template: Donation Drive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastEl(page)).toContainText('Saved as a draft for review');
  const campaigns = await (await api(request, admin.token).get('/api/campaigns')).json();
  const made = (Array.isArray(campaigns) ? campaigns : campaigns.items).find(
    (c: { name: string }) => c.name === 'Donation Drive',
  );
  expect(made.status).toBe('draft');
});

test('a staff preview records no visit, click-through or share; a visitor asking for one gets the public page', async ({
  browser,
  request,
}) => {
  const admin = await createAccount(request);
  const editor = await addMember(request, admin, 'editor');
  const on = await api(request, admin.token).put('/api/organization/settings', {
    review: { required: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  const c = await seedCampaign(request, admin, { name: 'Quiet Rivers', description: 'Approved words' });
  await seedAsset(request, admin, c, { title: 'River post', type: 'text', content: 'Rivers need you' });
  const waits = await api(request, editor.token).put(`/api/campaigns/${c.id}`, {
    description: 'Words that waited',
  });
  expect(waits.status(), await waits.text()).toBe(202);

  const onPhone = async (account: Account | null) => {
    const context = await browser.newContext({
      ...PHONE,
      baseURL: test.info().project.use.baseURL,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    if (account) await signInAs(page, account);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return { page, sent };
  };
  const recording = (sent: string[]) =>
    sent.filter((s) => /\/api\/shares|\/api\/clicks|\/visits$|\/commit$/.test(s));

  // The admin's preview, on a phone: it works as a supporter's page but records nothing.
  const staff = await onPhone(admin);
  await staff.page.goto(`/supporter/${c.id}?review=1&ref=abcdefgh`);
  await expect(staff.page.getByText('Words that waited')).toBeVisible();
  await expect(staff.page.getByRole('status').filter({ hasText: 'waiting for review' })).toBeVisible();
  await staff.page.getByRole('button', { name: 'Copy Text' }).first().tap();
  await expect(toastEl(staff.page)).toContainText('This is a preview: nothing you share here is recorded.');
  // Long enough for a visit's or a click-through's confirmation to have gone.
  await staff.page.waitForTimeout(1500);
  expect(recording(staff.sent)).toEqual([]);
  const stats = await (await api(request, admin.token).get(`/api/campaigns/${c.id}/stats`)).json();
  expect(stats).toMatchObject({ totalShares: 0, preparedPosts: 0, clickThroughs: 0 });

  // A visitor with the same address is an ordinary visitor of the public page.
  const visitor = await onPhone(null);
  const visit = visitor.page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/visits'));
  await visitor.page.goto(`/supporter/${c.id}?review=1`);
  await expect(visitor.page.getByText('Approved words')).toBeVisible();
  await expect(visitor.page.getByText('Words that waited')).toHaveCount(0);
  await visit;
  await visitor.page.getByRole('button', { name: 'Copy Text' }).first().tap();
  await expect(toastEl(visitor.page)).toContainText('Text copied!');
  await expect.poll(() => recording(visitor.sent)).toContain('POST /api/shares');
});
