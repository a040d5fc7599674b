import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { PHONE, pickNextMonthDay, scheduleWithJoinMe, seedSupporterCampaign } from '../support/supporter.ts';

// A reschedule starts from what the supporter chose: the personal message, the
// platform, the day and time and the reminder address are all there again, and what
// is not changed is kept.

const CAPTION = 'Our river is swimmable again. Help keep it that way!';

/** The request the dialog's Schedule Share sends, and the share it made. */
async function scheduleFromDialog(page: Page) {
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/shares/schedule'));
  await page.getByRole('dialog').getByRole('button', { name: 'Schedule Share' }).tap();
  const request = await posted;
  const made = await (await request.response())!.json();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).tap();
  return { body: request.postDataJSON(), id: made.id as number };
}

test.describe('rescheduling on a phone', () => {
  test.use(PHONE);

  test('the dialog opens with the message, platform, day, time and reminder chosen before', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        { type: 'image', title: 'First poster', shareText: 'Rivers first.' },
        { type: 'image', title: 'River banner', shareText: CAPTION },
      ],
    });
    const email = `${seeded.account.username}-again@example.org`;
    await page.goto(`/supporter/${seeded.campaignId}`);
    const message = await scheduleWithJoinMe(page, seeded.name, CAPTION);
    const dialog = page.getByRole('dialog');
    await pickNextMonthDay(page);
    await dialog.getByLabel('Time').selectOption('6:30 PM');
    await dialog.getByLabel('Platform').selectOption({ label: 'Bluesky' });
    const reminder = dialog.getByRole('group', { name: 'Get a reminder at that time (optional)' });
    await reminder.getByLabel('Email me a reminder').fill(email);
    await reminder.getByLabel(/emails me this one reminder/).check();
    const first = await scheduleFromDialog(page);
    expect(first.body).toMatchObject({ platform: 'bluesky', text: `${message}\n\n${CAPTION}` });

    // After a reload (the choices come back from the server), Reschedule.
    await page.reload();
    const listed = page.getByRole('listitem', { name: CAPTION });
    await expect(listed.getByText(/at 6:30 PM on Bluesky$/)).toBeVisible();
    await listed.getByRole('button', { name: 'Reschedule' }).tap();
    await expect(dialog.getByTestId('schedule-what')).toContainText(message);
    await expect(dialog.getByLabel('Platform')).toHaveValue('bluesky');
    await expect(dialog.getByLabel('Time')).toHaveValue('6:30 PM');
    const day = await page.evaluate(() => {
      const n = new Date();
      const d = new Date(n.getFullYear(), n.getMonth() + 1, 15);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-15`;
    });
    await expect(dialog.locator(`[data-day="${day}"]`)).toHaveAttribute('data-selected', 'true');
    await expect(reminder.getByLabel('Email me a reminder')).toHaveValue(email);
    await expect(reminder.getByLabel(/emails me this one reminder/)).toBeChecked();

    // Only the time changes; everything else is kept.
    await dialog.getByLabel('Time').selectOption('8:00 AM');
    const second = await scheduleFromDialog(page);
    expect(second.body).toMatchObject({
      replaces: first.id,
      assetId: seeded.assets[1].id,
      platform: 'bluesky',
      text: `${message}\n\n${CAPTION}`,
      reminder: { email, consent: true },
    });
    const when = await page.evaluate((iso) => new Date(`${iso}T08:00:00`).toISOString(), day);
    expect(second.body.scheduledFor).toBe(when);
    await expect(listed.getByText(/at 8:00 AM on Bluesky$/)).toBeVisible();
  });
});
