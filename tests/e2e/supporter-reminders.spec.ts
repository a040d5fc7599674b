import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import type { TestSmtp } from '../../src/server/test/smtp.ts';
import Database from 'better-sqlite3';
import { listenForMail } from '../support/e2e-mail.ts';
import { expect, test } from '../support/fixtures.ts';
import { DIALOG_TITLE_TRUNCATE } from '#shared/constants.ts';
import { truncate } from '#shared/text.ts';
import {
  DESKTOP,
  installShareRecorder,
  PHONE,
  pickNextMonthDay,
  recordedCalls,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// Reminders that arrive: the schedule dialog's email reminder first sends a
// confirmation mail (the address confirms before anything else is sent to it); once
// confirmed, the reminder reaches a real SMTP server when its time comes (the spec
// moves the due time to now in the e2e server's database instead of waiting), and the
// mail's one-tap link opens the share dialog prefilled; sharing from it turns the
// scheduled share into a posted one with its ref. Its unsubscribe link works.

const dbFile = () => path.resolve('.tmp', `e2e-${process.env.E2E_PORT ?? '4173'}`, 'data', 'rally.db');
const CONTENT = 'Write to your council today: rivers need us!';

/** Makes the reminder of `email` due now; the server's runner sends it within its next tick. */
function makeDue(email: string): number {
  const db = new Database(dbFile());
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare('select shareId from reminders where email = ?').get(email) as { shareId: number };
    db.prepare('update reminders set dueAt = ? where shareId = ?').run(new Date().toISOString(), row.shareId);
    return row.shareId;
  } finally {
    db.close();
  }
}

function shareRows(campaignId: number) {
  const db = new Database(dbFile(), { readonly: true });
  try {
    return db
      .prepare('select id, status, ref, platform, scheduledFor from shares where campaignId = ? order by id')
      .all(campaignId) as {
      id: number;
      status: string;
      ref: string;
      platform: string;
      scheduledFor: string;
    }[];
  } finally {
    db.close();
  }
}

const CONFIRM_SUBJECT = 'Confirm your email for reminders';
const REMINDER_SUBJECT = 'Your reminder to share';

/** The first mail to `to` with this subject, once it arrives. */
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

/** Follows the confirmation mail's link and presses its button, as the recipient does. */
async function confirmFromMail(page: Page, mail: ParsedMail): Promise<void> {
  const text = mail.text ?? '';
  // The instance's words only: nothing the organisation or campaign wrote.
  expect(text).not.toContain('Call to action');
  const link = text.match(/https?:\/\/\S+\/reminders\/confirm\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link as string);
  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible();
}

/**
 * Fills the schedule dialog of the seeded asset with an email reminder and sends it:
 * from the Schedule tab on a desktop, from the "Schedule your shares" list on a phone.
 */
async function scheduleWithEmail(page: Page, campaignId: number, email: string, phone: boolean) {
  await page.goto(`/supporter/${campaignId}`);
  if (!phone) await page.getByRole('tab', { name: 'Schedule' }).click();
  await page.getByRole('listitem', { name: CONTENT }).getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog');
  await pickNextMonthDay(page);
  const reminder = dialog.getByRole('group', { name: 'Get a reminder at that time (optional)' });
  await reminder.getByLabel('Email me a reminder').fill(email);
  await reminder.getByLabel(/emails me this one reminder/).check();
  await dialog.getByRole('button', { name: 'Schedule Share' }).click();
  return dialog;
}

/** A campaign with one text asset, through the API. */
const seedTextCampaign = (request: APIRequestContext) =>
  seedSupporterCampaign(request, { assets: [{ type: 'text', title: 'Call to action', content: CONTENT }] });

test.describe('reminders', () => {
  test.use(DESKTOP);
  // The e2e mail port has one listener at a time.
  test.describe.configure({ mode: 'serial' });

  test('an email reminder from the schedule dialog arrives with its links; the one-tap link opens the prefilled dialog', async ({
    page,
    request,
  }) => {
    const seeded = await seedTextCampaign(request);
    const email = `${seeded.account.username}-reminder@example.org`;
    const smtp = await listenForMail();
    try {
      await installShareRecorder(page);
      await page.goto(`/supporter/${seeded.campaignId}`);
      await page.getByRole('tab', { name: 'Schedule' }).click();
      await page.getByRole('listitem', { name: CONTENT }).getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog');
      await pickNextMonthDay(page);
      const reminder = dialog.getByRole('group', { name: 'Get a reminder at that time (optional)' });
      await reminder.getByLabel('Email me a reminder').fill(email);
      // Without consent: refused in the dialog, nothing scheduled.
      await dialog.getByRole('button', { name: 'Schedule Share' }).click();
      await expect(page.getByTestId('toast').filter({ visible: true })).toContainText(
        'Please agree to receive the reminder email',
      );
      await reminder.getByLabel(/emails me this one reminder/).check();
      await dialog.getByRole('button', { name: 'Schedule Share' }).click();
      await expect(dialog.getByText(`We will email a reminder to ${email} at that time.`)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Done' }).click();

      // The address confirms first; only then does the reminder go.
      await confirmFromMail(page, await mailWith(smtp, email, CONFIRM_SUBJECT));
      const shareId = makeDue(email);
      const mail = await mailWith(smtp, email, REMINDER_SUBJECT);
      const text = mail.text ?? '';
      expect(text).toContain('You are receiving this email because you asked');
      const link = text.match(/https?:\/\/\S+\/supporter\/\d+\?share=\d+&ref=[A-Za-z0-9_-]+/)?.[0];
      expect(link, text).toBeTruthy();
      const oneTap = new URL(link as string);
      expect(oneTap.origin).toBe(new URL(page.url()).origin);
      expect(oneTap.searchParams.get('share')).toBe(String(shareId));
      expect(text).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}/);
      await expect
        .poll(() => shareRows(seeded.campaignId).find((s) => s.id === shareId)?.status)
        .toBe('reminded');

      // The one-tap link: the share dialog for that asset, ready to post.
      await page.goto(`${oneTap.pathname}${oneTap.search}`);
      const share = page.getByRole('dialog');
      await expect(
        share.getByRole('heading', {
          name: `Share "${truncate(CONTENT, DIALOG_TITLE_TRUNCATE)}" on Social Media`,
        }),
      ).toBeVisible();
      await share.getByRole('button', { name: 'Facebook', exact: true }).click();
      await expect.poll(async () => (await recordedCalls(page)).some((c) => c.kind === 'open')).toBe(true);
      const ref = oneTap.searchParams.get('ref');
      const opened = new URL((await recordedCalls(page)).find((c) => c.kind === 'open')?.url as string);
      expect(new URL(opened.searchParams.get('u') as string).searchParams.get('ref')).toBe(ref);
      await expect
        .poll(() => shareRows(seeded.campaignId))
        // A platform window opened: an opened intent, not a confirmed share.
        .toEqual([expect.objectContaining({ status: 'opened', ref, platform: 'facebook' })]);

      // The mail's unsubscribe link: opening it only asks; the button unsubscribes.
      const unsubscribe = text.match(/https?:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]{43}/)?.[0] as string;
      await page.goto(unsubscribe);
      await expect(page.getByRole('heading', { name: 'Unsubscribe from reminders' })).toBeVisible();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      await page.goto(unsubscribe);
      await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
    } finally {
      await smtp.close();
    }
  });

  test.describe('on a phone', () => {
    test.use(PHONE);

    test('an honest supporter confirms the address, gets the reminder at its time, and can unsubscribe', async ({
      page,
      request,
    }) => {
      const seeded = await seedTextCampaign(request);
      const email = `${seeded.account.username}-phone@example.org`;
      const smtp = await listenForMail();
      try {
        const dialog = await scheduleWithEmail(page, seeded.campaignId, email, true);
        await expect(dialog.getByText(`We will email a reminder to ${email} at that time.`)).toBeVisible();
        await dialog.getByRole('button', { name: 'Done' }).click();
        const confirmation = await mailWith(smtp, email, CONFIRM_SUBJECT);
        // Nothing but the confirmation until the address confirms.
        expect(smtp.messages.filter((m) => m.subject === REMINDER_SUBJECT)).toHaveLength(0);
        await confirmFromMail(page, confirmation);

        const shareId = makeDue(email);
        const mail = await mailWith(smtp, email, REMINDER_SUBJECT);
        const text = mail.text ?? '';
        expect(text).toContain(`?share=${shareId}&ref=`);
        await expect
          .poll(() => shareRows(seeded.campaignId).find((s) => s.id === shareId)?.status)
          .toBe('reminded');

        // The unsubscribe link: the address gets no more reminders from this organisation.
        const unsubscribe = text.match(/https?:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]{43}/)?.[0];
        expect(unsubscribe, text).toBeTruthy();
        await page.goto(new URL(unsubscribe as string).pathname);
        const button = page.getByRole('button', { name: /unsubscribe/i });
        // A page with a button (mail scanners follow links), or done on opening.
        if (await button.isVisible()) await button.click();
        await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
        await scheduleWithEmail(page, seeded.campaignId, email, true);
        await expect(page.getByTestId('toast').filter({ visible: true })).toContainText(
          'This address has unsubscribed from reminders of this organization',
        );
      } finally {
        await smtp.close();
      }
    });
  });

  test('the one-tap link prefills the words chosen when scheduling, and sharing moves the share to opened', async ({
    page,
    request,
  }) => {
    const seeded = await seedTextCampaign(request);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    // Scheduled by this browser (its visitor cookie), with a personal message.
    const ref = `remind${Date.now().toString(36)}`;
    const res = await page.request.post('/api/shares/schedule', {
      data: {
        assetId: seeded.assets[0].id,
        campaignId: seeded.campaignId,
        organizationId: seeded.account.orgId,
        platform: 'all',
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
        text: `I swim here every summer.\n\n${CONTENT}`,
        ref,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const plan = await res.json();

    await page.goto(`/supporter/${seeded.campaignId}?share=${plan.id}&ref=${ref}`);
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', {
        name: `Share "${truncate(CONTENT, DIALOG_TITLE_TRUNCATE)}" on Social Media`,
      }),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Add your personal message' })).toHaveValue(
      'I swim here every summer.',
    );
    await dialog.getByRole('button', { name: 'Facebook', exact: true }).click();
    await expect.poll(async () => (await recordedCalls(page)).some((c) => c.kind === 'open')).toBe(true);
    const opened = new URL((await recordedCalls(page)).find((c) => c.kind === 'open')?.url as string);
    expect(opened.searchParams.get('quote')).toBe(`I swim here every summer.\n\n${CONTENT}`);
    expect(new URL(opened.searchParams.get('u') as string).searchParams.get('ref')).toBe(ref);
    await expect
      .poll(() => shareRows(seeded.campaignId))
      .toEqual([
        // Facebook's window opened: the scheduled share becomes an opened intent.
        expect.objectContaining({
          status: 'opened',
          ref,
          platform: 'facebook',
          scheduledFor: plan.scheduledFor,
        }),
      ]);

    // Used: the link no longer opens the dialog, and says why.
    await page.goto(`/supporter/${seeded.campaignId}?share=${plan.id}&ref=${ref}`);
    await expect(page.getByTestId('toast').filter({ visible: true })).toContainText(
      'This reminder has been used',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
