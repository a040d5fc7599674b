import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { listenForMail } from '../support/e2e-mail.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  DESKTOP,
  installShareRecorder,
  pickNextMonthDay,
  recordedCalls,
  seedCampaign,
} from '../support/supporter.ts';

// Reminders that arrive: the schedule dialog's email reminder reaches a real SMTP
// server when its time comes (the spec moves the due time to now in the e2e server's
// database instead of waiting), and the mail's one-tap link opens the share dialog
// prefilled; sharing from it turns the scheduled share into a posted one with its ref.

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

/** A campaign with one text asset, through the API. */
const seedTextCampaign = (request: APIRequestContext) =>
  seedCampaign(request, { assets: [{ type: 'text', title: 'Call to action', content: CONTENT }] });

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
      await page
        .getByRole('listitem', { name: 'Call to action' })
        .getByRole('button', { name: 'Schedule' })
        .click();
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

      const shareId = makeDue(email);
      const mail = await smtp.waitFor(email, 15_000);
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
        share.getByRole('heading', { name: 'Share "Call to action" on Social Media' }),
      ).toBeVisible();
      await share.getByRole('button', { name: 'Facebook', exact: true }).click();
      await expect.poll(async () => (await recordedCalls(page)).some((c) => c.kind === 'open')).toBe(true);
      const ref = oneTap.searchParams.get('ref');
      const opened = new URL((await recordedCalls(page)).find((c) => c.kind === 'open')?.url as string);
      expect(new URL(opened.searchParams.get('u') as string).searchParams.get('ref')).toBe(ref);
      await expect
        .poll(() => shareRows(seeded.campaignId))
        .toEqual([expect.objectContaining({ status: 'shared', ref, platform: 'facebook' })]);

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

  test('the one-tap link prefills the words chosen when scheduling, and sharing moves the share to shared', async ({
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
      dialog.getByRole('heading', { name: 'Share "Call to action" on Social Media' }),
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
        expect.objectContaining({
          status: 'shared',
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
