import type { ParsedMail } from 'mailparser';
import { DAY_MS } from '#shared/durations.ts';
import type { TestSmtp } from '../../src/server/test/smtp.ts';
import { withE2eDb } from '../support/e2e-db.ts';
import { listenForMail } from '../support/e2e-mail.ts';
import { api, expect, test } from '../support/fixtures.ts';
import { turnOnWeeklyDigest } from '../support/teams.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// Staff notifications that arrive: a member turns on the weekly digest in Settings >
// Notifications; the digest of last week (shares written into the e2e server's
// database a week back) reaches a real SMTP server with the analytics API's figures;
// ending the campaign mails its summary with the stats API's figures; the digest's
// unsubscribe link turns the digest off with one click, signed out, and Settings says
// so. The jobs run now through the debug route instead of on their one-minute period.

const WEEKLY = 'Your weekly Rally digest';
const ENDED = 'A campaign has ended';

/** The last complete Monday-to-Sunday week (UTC, the organisation's default zone). */
function lastWeek(now = Date.now()) {
  const today = new Date(new Date(now).toISOString().slice(0, 10));
  const monday = today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(monday - 7 * DAY_MS), to: day(monday - DAY_MS) };
}

/**
 * Shares by `supporters` a week ago (inside the last complete week), a click-through on
 * the first, and a share window opened and a post prepared (not shares).
 */
function sharedAWeekAgo(
  ids: { assetId: number; campaignId: number; organizationId: number },
  supporters: string[],
) {
  const at = new Date(Date.now() - 7 * DAY_MS).toISOString();
  withE2eDb((db) => {
    const share = db.prepare(
      `insert into shares ("assetId", platform, "campaignId", "organizationId", status, "supporterId", "createdAt")
       values (?, 'facebook', ?, ?, 'shared', ?, ?)`,
    );
    const ids_ = supporters.map(
      (s) => share.run(ids.assetId, ids.campaignId, ids.organizationId, s, at).lastInsertRowid,
    );
    for (const status of ['opened', 'prepared'])
      db.prepare(
        `insert into shares ("assetId", platform, "campaignId", "organizationId", status, "supporterId", "createdAt")
         values (?, 'twitter', ?, ?, ?, 'cy', ?)`,
      ).run(ids.assetId, ids.campaignId, ids.organizationId, status, at);
    db.prepare(
      `insert into clicks ("shareId", "campaignId", "organizationId", "visitorId", "createdAt") values (?, ?, ?, 'e2e-visitor', ?)`,
    ).run(ids_[0], ids.campaignId, ids.organizationId, at);
  });
}

const figure = (mail: ParsedMail, label: string) =>
  Number(new RegExp(`^${label}: (\\d+)$`, 'm').exec(mail.text ?? '')?.[1] ?? Number.NaN);

/** The next mail to `to` with `subject`, once the jobs have run. */
async function mailWith(smtp: TestSmtp, to: string, subject: string): Promise<ParsedMail> {
  await expect
    .poll(() => smtp.messages.some((m) => m.subject === subject && m.to && JSON.stringify(m.to).includes(to)))
    .toBe(true);
  return smtp.messages.find((m) => m.subject === subject && JSON.stringify(m.to).includes(to)) as ParsedMail;
}

test('the weekly digest and the campaign-ended mail arrive with the API figures; one click turns the digest off', async ({
  page,
  signedIn,
}) => {
  const request = page.request;
  const staff = api(request, signedIn.token);
  const email = `${signedIn.username}@example.org`;
  const campaign = await seedCampaign(request, signedIn, { name: 'Clean Rivers Week' });
  const asset = await seedAsset(request, signedIn, campaign, { title: 'River banner' });
  sharedAWeekAgo({ assetId: asset.id, campaignId: campaign.id, organizationId: signedIn.orgId }, [
    'ann',
    'bob',
    'ann',
  ]);

  await expect(await turnOnWeeklyDigest(page)).toBeChecked();

  const smtp = await listenForMail();
  try {
    expect((await staff.post('/api/debug/run-jobs')).status()).toBe(204);
    const mail = await mailWith(smtp, email, WEEKLY);
    const { from, to } = lastWeek();
    const analytics = await (
      await staff.get(`/api/organization/analytics?from=${from}&to=${to}&tz=UTC`)
    ).json();
    expect(analytics.totals).toMatchObject({
      shares: 3,
      clicks: 1,
      uniqueSupporters: 2,
      openedIntents: 1,
      preparedPosts: 1,
    });
    expect(figure(mail, 'Shares')).toBe(analytics.totals.shares);
    expect(figure(mail, 'Supporters who shared')).toBe(analytics.totals.uniqueSupporters);
    expect(figure(mail, 'Click-throughs')).toBe(analytics.totals.clicks);
    // Named as the Analytics view names them, apart from the shares.
    expect(figure(mail, 'Share Windows Opened')).toBe(analytics.totals.openedIntents);
    expect(figure(mail, 'Posts Prepared')).toBe(analytics.totals.preparedPosts);
    expect(mail.text).toContain('Top asset: River banner (3 shares, 1 click-through)');

    // The campaign ends: its summary, with the stats API's figures.
    expect((await staff.put(`/api/campaigns/${campaign.id}`, { status: 'ended' })).status()).toBe(200);
    expect((await staff.post('/api/debug/run-jobs')).status()).toBe(204);
    const ended = await mailWith(smtp, email, ENDED);
    const stats = await (await staff.get(`/api/campaigns/${campaign.id}/stats`)).json();
    expect(ended.text).toContain('"Clean Rivers Week"');
    expect(ended.text).toContain('was ended by your team');
    expect(figure(ended, 'Shares')).toBe(stats.totalShares);
    expect(figure(ended, 'Supporters who shared')).toBe(stats.uniqueSupporters);
    expect(figure(ended, 'Click-throughs')).toBe(stats.clickThroughs);

    // Nothing twice: another run sends no second digest or summary.
    expect((await staff.post('/api/debug/run-jobs')).status()).toBe(204);
    const mine = smtp.messages.filter((m) => JSON.stringify(m.to).includes(email));
    expect(mine.map((m) => m.subject).sort()).toEqual([ENDED, WEEKLY]);

    // The digest's link, opened signed out: it asks, then turns the digest off.
    const link = /https?:\/\/\S+\/notifications\/unsubscribe\/\S+/.exec(mail.text ?? '')?.[0] as string;
    expect(link).toBeTruthy();
    const outsider = await page.context().browser()!.newPage();
    try {
      await outsider.goto(link);
      await expect(outsider.getByRole('heading', { name: 'Turn off the weekly digest' })).toBeVisible();
      await outsider.getByRole('button', { name: 'Turn off the weekly digest' }).click();
      await expect(outsider.getByRole('heading', { name: 'The weekly digest is turned off' })).toBeVisible();
      await expect(outsider.getByText(signedIn.orgName)).toBeVisible();
    } finally {
      await outsider.close();
    }
  } finally {
    await smtp.close();
  }
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Weekly Digest' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Campaign Updates' })).toBeChecked();
});
