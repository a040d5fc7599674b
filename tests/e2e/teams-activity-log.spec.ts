import { format, addDays } from 'date-fns';
import { api, expect, signInAs, test } from '../support/fixtures.ts';
import { addMember, axeProblems } from '../support/teams.ts';

// The organisation's activity log screen (/activity): an admin reads who did what and
// narrows it by member, action and days; other roles neither see the link nor the log.

test('an admin finds the activity log in the user menu and filters it by member, action and day', async ({
  page,
  request,
  signedIn,
}) => {
  const editor = await addMember(request, signedIn, 'editor');
  for (const [who, name] of [
    [editor, 'Editor drive'],
    [signedIn, 'Admin drive'],
  ] as const) {
    const res = await api(request, who.token).post('/api/campaigns', { name, status: 'draft' });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Activity Log' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();

  const rows = page.getByTestId('activity-entry');
  await expect(rows.filter({ hasText: 'Created campaign Editor drive' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Created campaign Admin drive' })).toHaveCount(1);
  await expect(rows.filter({ hasText: /Invited invitee\S+@example\.org as editor/ })).toHaveCount(1);
  expect(await axeProblems(page)).toEqual([]);

  // One member: only what they did.
  await page.getByLabel('Member').selectOption({ label: `${editor.username} (@${editor.username})` });
  await expect(rows.filter({ hasText: 'Created campaign Admin drive' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Created campaign Editor drive' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Joined' })).toHaveCount(1);
  for (const who of await rows.locator('td:nth-child(2)').allTextContents())
    expect(who).toBe(editor.username);

  // And one action: the editor's campaign alone.
  await page.getByLabel('Action').selectOption({ label: 'Campaigns: created' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Created campaign Editor drive');
  // The filters are in the address: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel('Member')).toHaveValue(String(editor.userId));
  await expect(rows).toHaveCount(1);

  // A whole group of actions, for every member.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Member')).toHaveValue('');
  await page.getByLabel('Action').selectOption({ label: 'Every campaign action' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Invited' })).toHaveCount(0);

  // Days: tomorrow has nothing; an end before the start says so; today has both campaigns.
  const today = new Date();
  await page.getByLabel('From').fill(format(addDays(today, 1), 'yyyy-MM-dd'));
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await page.getByLabel('To').fill(format(today, 'yyyy-MM-dd'));
  await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
  await page.getByLabel('From').fill(format(today, 'yyyy-MM-dd'));
  await expect(rows).toHaveCount(2);
});

test('an editor gets no activity log link, and the screen says it needs the admin role', async ({
  page,
  request,
  account,
}) => {
  const editor = await addMember(request, account, 'editor');
  await signInAs(page, editor);
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Activity Log' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/organization/activity')) asked = true;
  });
  await page.goto('/activity');
  await expect(page.getByText('This needs the admin role.')).toBeVisible();
  await expect(page.getByTestId('activity-entry')).toHaveCount(0);
  expect(asked).toBe(false);
  expect((await api(request, editor.token).get('/api/organization/activity')).status()).toBe(403);
});
