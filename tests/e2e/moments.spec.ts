import type { ParsedMail } from 'mailparser';
import type { TestSmtp } from '../../src/server/test/smtp.ts';
import { withE2eDb } from '../support/e2e-db.ts';
import { listenForMail } from '../support/e2e-mail.ts';
import { api, expect, signInAs, test } from '../support/fixtures.ts';
import { PHONE, seedSupporterCampaign } from '../support/supporter.ts';

// Shared moments (docs/api.md "Momentum") on a phone: staff set one on the campaign
// detail screen; a supporter joins it from the page with an email reminder, confirms
// the address, and the reminder reaches a real SMTP server at the moment's time (the
// spec moves the due time to now in the e2e server's database instead of waiting).
// Another supporter joining shows in the first one's count without a reload.

const CONTENT = 'Write to your council today: rivers need us!';
const CONFIRM_SUBJECT = 'Confirm your email for reminders';
const REMINDER_SUBJECT = 'Your reminder to share';
const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function mailWith(smtp: TestSmtp, to: string, subject: string): Promise<ParsedMail> {
  const find = () =>
    smtp.messages.find(
      (m) =>
        m.subject === subject &&
        [m.to]
          .flat()
          .flatMap((a) => a?.value ?? [])
          .some((v) => v.address?.toLowerCase() === to.toLowerCase()),
    );
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find() as ParsedMail;
}

/** The committed share of `email`'s reminder made due now: the server's runner sends it within its next tick. */
const makeDue = (email: string) =>
  withE2eDb((db) => {
    const row = db.prepare('select shareId from reminders where email = ?').get(email) as { shareId: number };
    db.prepare('update reminders set dueAt = ? where shareId = ?').run(new Date().toISOString(), row.shareId);
    return db.prepare('select momentId, scheduledFor from shares where id = ?').get(row.shareId) as {
      momentId: number;
      scheduledFor: string;
    };
  });

test.describe('shared moments on a phone', () => {
  test.use(PHONE);
  // The e2e mail port has one listener at a time.
  test.describe.configure({ mode: 'serial' });

  test('staff add a moment on the campaign screen, see its count, and delete it', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: CONTENT }],
    });
    await signInAs(page, seeded.account);
    await page.goto(`/campaigns/${seeded.campaignId}`);
    const card = page.getByRole('form', { name: 'Add a moment' });
    await card.getByLabel('Date and time').fill('2099-06-02T18:00');
    await card.getByLabel('Platform').selectOption({ label: 'Mastodon' });
    await card.getByLabel('Asset').selectOption({ label: 'Call to action' });
    await card.getByRole('button', { name: 'Add moment' }).click();
    const list = page.getByRole('list', { name: 'Shared moments' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Mastodon · Call to action');
    await expect(list).toContainText('0 supporters committed');
    const listed = await (
      await api(request, seeded.account.token).get(`/api/campaigns/${seeded.campaignId}/moments`)
    ).json();
    expect(listed).toEqual([
      expect.objectContaining({ platform: 'mastodon', at: new Date(2099, 5, 2, 18).toISOString() }),
    ]);

    // The supporter page shows it.
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByRole('heading', { name: 'Post together' })).toBeVisible();
    await expect(page.getByText('On Mastodon')).toBeVisible();

    await page.goto(`/campaigns/${seeded.campaignId}`);
    await list.getByRole('button', { name: /Delete the moment of/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No shared moments yet.')).toBeVisible();
  });

  test('a supporter joins a moment with an email reminder, sees others join live, and gets the reminder at its time', async ({
    page,
    request,
    playwright,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: CONTENT }],
    });
    const at = new Date(Date.now() + 3 * 24 * 3_600_000);
    at.setSeconds(0, 0);
    const made = await api(request, seeded.account.token).post(
      `/api/campaigns/${seeded.campaignId}/moments`,
      {
        at: at.toISOString(),
        platform: 'any',
        assetId: seeded.assets[0].id,
      },
    );
    expect(made.status(), await made.text()).toBe(201);
    const momentId = (await made.json()).id as number;
    const email = `${seeded.account.username}-moment@example.org`;
    const smtp = await listenForMail();
    try {
      await page.goto(`/supporter/${seeded.campaignId}`);
      const moment = page.getByRole('listitem', { name: /^Moment on / });
      await expect(moment).toContainText(/Be the first: post on \w+/);
      await moment.getByRole('button', { name: 'Join' }).click();
      const reminder = moment.getByRole('group', { name: 'Get a reminder at that time (optional)' });
      await reminder.getByLabel('Email me a reminder').fill(email);
      await reminder.getByLabel(/emails me this one reminder/).check();
      await moment.getByRole('button', { name: 'Join this moment' }).click();
      await expect(moment).toContainText(/You're in: you post on \w+/);
      await expect(
        moment.getByText(`We will email a reminder to ${email} at that time.`, { exact: false }),
      ).toBeVisible();

      // Another supporter joins from their own browser: the count on this page follows.
      const other = await playwright.request.newContext({
        baseURL: test.info().project.use.baseURL,
        extraHTTPHeaders: { 'user-agent': BROWSER_UA },
      });
      try {
        await other.get(`/api/supporter/campaigns/${seeded.campaignId}`);
        const joined = await other.post(`/api/supporter/moments/${momentId}/commit`, { data: {} });
        expect(joined.status(), await joined.text()).toBe(200);
        expect((await joined.json()).count).toBe(2);
      } finally {
        await other.dispose();
      }
      await expect(moment).toContainText(/You're in: you and 1 other post on \w+/, { timeout: 10_000 });

      // The address confirms first; then the reminder comes at the moment.
      const confirmation = await mailWith(smtp, email, CONFIRM_SUBJECT);
      const link = (confirmation.text ?? '').match(/https?:\/\/\S+\/reminders\/confirm\/[A-Za-z0-9_-]+/)?.[0];
      expect(link).toBeTruthy();
      await page.goto(new URL(link as string).pathname);
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible();
      const share = makeDue(email);
      expect(share).toEqual({ momentId, scheduledFor: at.toISOString() });
      const mail = await mailWith(smtp, email, REMINDER_SUBJECT);
      expect(mail.text ?? '').toContain(`/supporter/${seeded.campaignId}?share=`);

      // A reload still knows this browser joined.
      await page.goto(`/supporter/${seeded.campaignId}`);
      await expect(page.getByRole('listitem', { name: /^Moment on / })).toContainText(/You're in/);
    } finally {
      await smtp.close();
    }
  });
  test('a commitment moved in the Schedule tab leaves the moment: the page offers Join again', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: CONTENT }],
    });
    const at = new Date(Date.now() + 3 * 24 * 3_600_000);
    at.setHours(18, 0, 0, 0);
    const made = await api(request, seeded.account.token).post(
      `/api/campaigns/${seeded.campaignId}/moments`,
      { at: at.toISOString(), platform: 'any', assetId: seeded.assets[0].id },
    );
    expect(made.status(), await made.text()).toBe(201);
    const momentId = (await made.json()).id as number;
    await page.goto(`/supporter/${seeded.campaignId}`);
    const moment = page.getByRole('listitem', { name: /^Moment on / });
    await moment.getByRole('button', { name: 'Join' }).click();
    await moment.getByRole('button', { name: 'Join this moment' }).click();
    await expect(moment).toContainText(/You're in: you post on \w+/);

    // The commitment is in the Schedule list: moved to the morning, it is no longer the moment's.
    await page.reload();
    const listed = page.getByRole('listitem', { name: CONTENT });
    await listed.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Time').selectOption('8:00 AM');
    const moved = page.waitForResponse((r) => r.url().endsWith('/api/shares/schedule'));
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    expect((await moved).status()).toBe(201);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const count = async () => (await (await request.get(`/api/supporter/moments/${momentId}`)).json()).count;
    // The count is kept 2 s per instance.
    await expect.poll(count, { timeout: 10_000 }).toBe(0);

    // After a reload the panel offers Join again, and joining counts this browser once more.
    await page.reload();
    await expect(moment).toContainText(/Be the first: post on \w+/);
    await moment.getByRole('button', { name: 'Join' }).click();
    await moment.getByRole('button', { name: 'Join this moment' }).click();
    await expect(moment).toContainText(/You're in: you post on \w+/);
    await expect.poll(count, { timeout: 10_000 }).toBe(1);
  });
});
