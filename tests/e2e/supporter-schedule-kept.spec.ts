import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from '../support/fixtures.ts';
import {
  DESKTOP,
  PHONE,
  scheduleWithJoinMe,
  seedSupporterCampaign,
  trackedLink,
} from '../support/supporter.ts';

// Scheduling keeps its word: the chosen asset and message, the time zone and platform
// shown, every asset schedulable, a valid calendar file with the words and the link,
// and the scheduled shares still there after a reload (kept by the visitor cookie).

const CAPTION = 'Our river is swimmable again. Help keep it that way!';
const toast = (page: Page) => page.getByTestId('toast').filter({ visible: true });

async function pickNextMonthDay(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  const next = await page.evaluate(() => {
    const n = new Date();
    const d = new Date(n.getFullYear(), n.getMonth() + 1, 15);
    return { y: d.getFullYear(), m: d.getMonth(), d: 15 };
  });
  const iso = `${next.y}-${String(next.m + 1).padStart(2, '0')}-15`;
  await dialog.locator(`[data-day="${iso}"] button`).click();
  return next;
}

/** Parses the downloaded file with an iCalendar library and returns its event. */
async function parsedEvent(download: Download) {
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text).not.toContain('TRIGGER:-PT');
  // RFC 5545: CRLF line ends, no content line longer than 75 octets.
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  expect(event.uid).toBeTruthy();
  expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
  const alarm = vevent.getFirstSubcomponent('valarm')!;
  const trigger = alarm.getFirstProperty('trigger')!;
  // An absolute trigger at the start: a date-time the library reads back as the start.
  expect(trigger.type).toBe('date-time');
  expect((trigger.getFirstValue() as ICAL.Time).toJSDate().toISOString()).toBe(
    event.startDate.toJSDate().toISOString(),
  );
  return {
    start: event.startDate.toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    url: String(vevent.getFirstPropertyValue('url')),
  };
}

test.describe('scheduling kept on a desktop', () => {
  test.use({ ...DESKTOP, timezoneId: 'America/New_York' });

  test('any asset, with platform and time zone; the file parses; a reload keeps it', async ({
    page,
    request,
    browser,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        { type: 'text', title: 'Call to action', content: 'Write to your council today.' },
        { type: 'image', title: 'Second poster' },
        { type: 'image', title: 'River banner', shareText: CAPTION },
      ],
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    // Every asset is listed, the third too.
    for (const a of seeded.assets) {
      await expect(page.getByRole('listitem', { name: a.label }).getByText('Not scheduled')).toBeVisible();
    }
    const third = page.getByRole('listitem', { name: CAPTION });
    await third.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    // What will be posted, never the internal title.
    await expect(dialog.getByTestId('schedule-what')).not.toContainText('River banner');
    await expect(dialog.getByTestId('schedule-what')).toContainText(CAPTION);
    await expect(dialog.getByText('In your time zone, America/New_York.')).toBeVisible();
    const platform = dialog.getByLabel('Platform');
    await expect(platform).toHaveValue('all');
    await platform.selectOption({ label: 'Bluesky' });
    const day = await pickNextMonthDay(page);
    await dialog.getByLabel('Time').selectOption('6:30 PM');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/shares/schedule'));
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    const request1 = await posted;
    const body = request1.postDataJSON();
    const firstId = (await (await request1.response())!.json()).id as number;
    const expectedIso = await page.evaluate(({ y, m, d }) => new Date(y, m, d, 18, 30).toISOString(), day);
    expect(body).toMatchObject({
      assetId: seeded.assets[2].id,
      platform: 'bluesky',
      timeZone: 'America/New_York',
      text: CAPTION,
    });
    await expect(toast(page)).toContainText('Share Scheduled!');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    const event = await parsedEvent(await downloading);
    const tracked = trackedLink(page, seeded, body);
    expect(event.start).toBe(expectedIso);
    expect(event.url).toBe(tracked);
    expect(event.description).toBe(`${CAPTION}\n\n${tracked}`);
    expect(event.summary).toContain(CAPTION);
    expect(event.summary).not.toContain('River banner');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const when = new Date(expectedIso).toLocaleDateString('en-US', {
      timeZone: 'America/New_York',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    const line = `Scheduled for ${when} at 6:30 PM on Bluesky`;
    await expect(third.getByText(line)).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await expect(page.getByRole('listitem', { name: CAPTION }).getByText(line)).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: CAPTION }).getByRole('button', { name: 'Reschedule' }),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: 'Write to your council today.' }).getByText('Not scheduled'),
    ).toBeVisible();

    // Rescheduling replaces the earlier share (its day already picked): after a reload only the new time is there.
    await page.getByRole('listitem', { name: CAPTION }).getByRole('button', { name: 'Reschedule' }).click();
    await dialog.getByLabel('Time').selectOption('8:00 AM');
    const reposted = page.waitForRequest((r) => r.url().endsWith('/api/shares/schedule'));
    await dialog.getByRole('button', { name: 'Schedule Share' }).click();
    expect((await reposted).postDataJSON().replaces).toBe(firstId);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Schedule' }).click();
    const rescheduled = page.getByRole('listitem', { name: CAPTION });
    await expect(rescheduled.getByText(`Scheduled for ${when} at 8:00 AM on Bluesky`)).toBeVisible();
    const own = await page.evaluate(async (id) => {
      const res = await fetch(`/api/supporter/campaigns/${id}/scheduled`);
      return res.json();
    }, seeded.campaignId);
    expect(own).toHaveLength(1);

    // Another visitor sees none of it.
    const other = await browser.newPage({ ...DESKTOP, baseURL: new URL(page.url()).origin });
    await other.goto(`/supporter/${seeded.campaignId}`);
    await other.getByRole('tab', { name: 'Schedule' }).click();
    await expect(other.getByRole('listitem', { name: CAPTION }).getByText('Not scheduled')).toBeVisible();
    await other.close();
  });
});

test.describe('scheduling kept on a phone', () => {
  test.use({ ...PHONE, timezoneId: 'Europe/Berlin' });

  test('the personal touch schedules the chosen asset with the message; a reload keeps it', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        // Words of its own: a campaign is published with its first asset.
        { type: 'image', title: 'First poster', description: 'The first poster' },
        { type: 'image', title: 'River banner', shareText: CAPTION },
      ],
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    const message = await scheduleWithJoinMe(page, seeded.name, CAPTION);
    const dialog = page.getByRole('dialog');
    // What will be posted, never the internal title.
    await expect(dialog.getByTestId('schedule-what')).not.toContainText('River banner');
    await expect(dialog.getByTestId('schedule-what')).toContainText(message);
    await expect(dialog.getByText('In your time zone, Europe/Berlin.')).toBeVisible();
    await expect(dialog.getByLabel('Platform')).toBeVisible();
    await pickNextMonthDay(page);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/shares/schedule'));
    await dialog.getByRole('button', { name: 'Schedule Share' }).tap();
    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({
      assetId: seeded.assets[1].id,
      platform: 'all',
      timeZone: 'Europe/Berlin',
      text: `${message}\n\n${CAPTION}`,
    });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Add to calendar' }).tap();
    const event = await parsedEvent(await downloading);
    expect(event.description).toContain(`${message}\n\n${CAPTION}`);
    expect(event.description).toContain(`?ref=${body.ref}`);
    await dialog.getByRole('button', { name: 'Done' }).tap();

    await page.reload();
    const kept = page.getByRole('listitem', { name: CAPTION });
    await expect(kept.getByText(/^Scheduled for .+ at 9:00 AM on any platform$/)).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: seeded.assets[0].label }).getByText('Not scheduled'),
    ).toBeVisible();
  });
});
