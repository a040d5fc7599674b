import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';
import { FIGURE_LABELS } from '#shared/figure-labels.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { shareRow } from '../../test/db-rows.ts';
import { mailingEnv } from '../../test/reminder-kit.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { recipients } from '../../test/smtp.ts';
import { addMember } from '../../test/teams.ts';
import {
  bearer,
  createTestApp,
  madeInBeforeAll,
  readThrough,
  requester,
  type SignedUp,
  signUp,
  type TestApp,
} from '../../test/test-app.ts';
import { startSmtp } from '../../test/smtp.ts';
import { outboxSenderJob } from '../outbox/index.ts';
import { rollupJob } from '../stats/index.ts';
import { noticeMailOutcomes, notificationsJob } from './index.ts';
import { digestPeriods } from './notifications.job.ts';

// Staff notifications, end to end inside the server: the job (on a test clock) finds
// what is due, reads the figures through the stats module, writes each notice once and
// its mail into the outbox; the outbox's sender mails it to a real SMTP server.

const ORIGIN = 'https://rally.example';
const current = madeInBeforeAll(
  async () => {
    const smtp = await startSmtp();
    const t = await createTestApp(mailingEnv(smtp.url, ORIGIN));
    const t2 = await createTestApp(mailingEnv(smtp.url, ORIGIN), { sameDatabaseAs: t });
    return { smtp, t, t2 };
  },
  async ({ smtp, t, t2 }) => {
    await t2.close();
    await t.close();
    await smtp.close();
  },
);
const t = readThrough(() => current().t);
const t2 = readThrough(() => current().t2);
const smtp = readThrough(() => current().smtp);
const call = requester(t);

/** One instance's jobs: rollups, notifications and the outbox's sender, on `clock`. */
const runnerOf = (app: TestApp, clock: () => number) => {
  const { db, dialect } = app.database;
  return new JobRunner({
    db,
    dialect,
    jobs: [
      rollupJob({ db, dialect }),
      notificationsJob({ db, dialect, config: app.config, now: clock }),
      outboxSenderJob({
        db,
        dialect,
        config: app.config,
        mailer: app.deps.mailer,
        outcomes: noticeMailOutcomes,
        now: clock,
      }),
    ],
    intervalMs: 0,
  });
};

/**
 * Runs the jobs at `at` as if they had never run (on every instance given), or, with
 * `lastRun`, as if the notifications job's last complete run were then, until the
 * notifications job has run and the outbox holds nothing due. On PostgreSQL another
 * instance's tick on this schema can make one of ours skip: it is run again, as the
 * timer would.
 */
async function runAt(at: number, apps: TestApp[] = [t], lastRun?: number) {
  const { db } = t.database;
  for (let tries = 0; tries < 10; tries++) {
    await db.deleteFrom('jobRuns').execute();
    if (lastRun !== undefined)
      await db
        .insertInto('jobRuns')
        .values({ name: 'notifications', lastRunAt: new Date(lastRun).toISOString() })
        .execute();
    await Promise.all(apps.map((app) => runnerOf(app, () => at).runOnce()));
    const ran = await db
      .selectFrom('jobRuns')
      .select('name')
      .where('name', '=', 'notifications')
      .where('lastRunAt', '=', new Date(at).toISOString())
      .executeTakeFirst();
    const due = await db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where('nextAttemptAt', '<=', new Date(at).toISOString())
      .executeTakeFirst();
    if (ran && !due) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the jobs did not finish their work');
}

const mailsTo = (email: string, subject?: string): ParsedMail[] =>
  smtp.messages.filter(
    (m) => recipients(m).includes(email.toLowerCase()) && (!subject || m.subject === subject),
  );
const emailOf = (u: { username: string }) => `${u.username}@example.org`;
const figure = (mail: ParsedMail, label: string) =>
  Number(
    new RegExp(`^${label}: ([\\d,]+)$`, 'm').exec(mail.text ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN,
  );
const unsubscribeLink = (mail: ParsedMail) =>
  /https:\/\/rally\.example\/notifications\/unsubscribe\/\S+/.exec(mail.text ?? '')?.[0] ?? '';

const DAILY = 'Your daily Rally digest';
const WEEKLY = 'Your weekly Rally digest';
const ENDED = 'A campaign has ended';
const JOINED = 'A new member joined your organization';
const MILESTONE = 'A campaign reached a milestone';

/** Tomorrow's UTC date (yyyy-MM-dd). */
const dayAfterToday = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
/** Today (UTC) at `hour`. */
const TODAY = new Date().toISOString().slice(0, 10);
const todayAt = (hour: number) => Date.parse(`${TODAY}T00:00:00Z`) + hour * HOUR_MS;
/** The next Monday after today, 01:00 UTC: the weekly digest's week holds today. */
const nextMonday = () => {
  const day = new Date(`${TODAY}T00:00:00Z`).getUTCDay();
  return todayAt(1) + ((8 - day) % 7 || 7) * DAY_MS;
};

/** A logged share of `ids.assetId` at `at` (with `row.status`, an opened window or a prepared post); its id. */
async function insertShare(
  ids: { campaignId: number; organizationId: number; assetId: number },
  at: number,
  row: Partial<Parameters<typeof shareRow>[0]> = {},
): Promise<number> {
  const inserted = await t.database.db
    .insertInto('shares')
    .values(shareRow({ ...ids, createdAt: new Date(at).toISOString(), ...row }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * An organisation with a campaign of two assets: shares today by three supporters, clicks
 * on two; and by two others a window opened and a post prepared (not shares).
 */
async function activeOrganization() {
  const admin = await signUp(t.app);
  const viewer = await addMember(t.app, admin, 'viewer');
  const campaign = await createCampaign(t.app, admin.token, { name: 'Clean Rivers Drive' });
  const banner = await createAsset(t.app, admin.token, campaign.id, { title: 'River banner' });
  const text = await createAsset(t.app, admin.token, campaign.id, { title: 'Call to action' });
  const ids = { campaignId: campaign.id, organizationId: admin.orgId };
  const shares: number[] = [];
  for (const [asset, supporter, hour, status = 'shared'] of [
    [banner.id, 'ann', 9],
    [banner.id, 'bob', 10],
    [banner.id, 'ann', 11],
    [text.id, 'cy', 12],
    [banner.id, 'dee', 14, 'opened'],
    [text.id, 'eve', 15, 'prepared'],
  ] as const)
    shares.push(
      await insertShare({ ...ids, assetId: asset }, todayAt(hour), { supporterId: supporter, status }),
    );
  for (const shareId of [shares[0], shares[1]])
    await t.database.db
      .insertInto('clicks')
      .values({
        ...ids,
        shareId,
        sharerId: null,
        visitorId: `v-${shareId}`,
        createdAt: new Date(todayAt(13)).toISOString(),
      })
      .execute();
  return { admin, viewer, campaign, banner };
}

describe('digests', () => {
  let org: Awaited<ReturnType<typeof activeOrganization>>;
  let quiet: SignedUp;
  beforeAll(async () => {
    org = await activeOrganization();
    quiet = await signUp(t.app);
    // The admin also wants the weekly digest; the viewer keeps the defaults (daily on, weekly off).
    const res = await call('PUT', '/api/user/notifications', org.admin.token, { weeklyDigest: true });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("mails the daily digest with the analytics API's figures of that day, once, to each member who has it on", async () => {
    await runAt(todayAt(24 + 6), [t, t2]);
    const [mail, ...more] = mailsTo(emailOf(org.admin), DAILY);
    expect(more).toEqual([]);
    const api = (
      await call('GET', `/api/organization/analytics?from=${TODAY}&to=${TODAY}&tz=UTC`, org.admin.token)
    ).json();
    expect(api.totals).toMatchObject({
      shares: 4,
      clicks: 2,
      uniqueSupporters: 3,
      openedIntents: 1,
      preparedPosts: 1,
    });
    expect(figure(mail, 'Shares')).toBe(api.totals.shares);
    expect(figure(mail, 'Supporters who shared')).toBe(api.totals.uniqueSupporters);
    expect(figure(mail, 'Click-throughs')).toBe(api.totals.clicks);
    // The windows opened and posts prepared, named as the Analytics view names them, apart.
    expect(figure(mail, FIGURE_LABELS.opened)).toBe(api.totals.openedIntents);
    expect(figure(mail, FIGURE_LABELS.prepared)).toBe(api.totals.preparedPosts);
    expect(mail.text).toContain(
      '(Share Windows Opened and Posts Prepared are not known to be posted: they are not in the shares.)',
    );
    expect(api.assets[0]).toMatchObject({ assetId: org.banner.id, shares: 3, clicks: 2, openedIntents: 1 });
    expect(mail.text).toContain('Top asset: River banner (3 shares, 2 click-throughs)');
    expect(mail.text).toContain('Top campaign: Clean Rivers Drive (4 shares)');
    expect(mail.text).toContain(`Org of ${org.admin.username}`);
    expect(unsubscribeLink(mail)).not.toBe('');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(
      `<${unsubscribeLink(mail)}>`,
    );

    // The viewer has the daily digest by default: theirs too.
    expect(mailsTo(emailOf(org.viewer), DAILY)).toHaveLength(1);
    // A day with nothing in it sends nothing: the quiet organisation gets no daily digest.
    expect(mailsTo(emailOf(quiet), DAILY)).toEqual([]);

    // Again, later the same day and on two instances: nothing more.
    await runAt(todayAt(24 + 9), [t, t2]);
    expect(mailsTo(emailOf(org.admin), DAILY)).toHaveLength(1);
    const written = await t.database.db
      .selectFrom('outbox')
      .select('recipientKey')
      .where('kind', '=', 'notify-newSupporters')
      .where('organizationId', '=', org.admin.orgId)
      .execute();
    expect(written).toHaveLength(2);
  });

  it('mails a digest of a day with only windows opened and posts prepared: they are news, not shares', async () => {
    const admin = await signUp(t.app);
    const campaign = await createCampaign(t.app, admin.token, { name: 'Open Windows' });
    const asset = await createAsset(t.app, admin.token, campaign.id, { title: 'Window banner' });
    for (const [status, hour] of [
      ['opened', 9],
      ['opened', 10],
      ['prepared', 11],
    ] as const)
      await insertShare(
        { campaignId: campaign.id, organizationId: admin.orgId, assetId: asset.id },
        todayAt(hour),
        {
          status,
          supporterId: `s${hour}`,
        },
      );
    await runAt(todayAt(24 + 6));
    const [mail, ...more] = mailsTo(emailOf(admin), DAILY);
    expect(more).toEqual([]);
    expect(figure(mail, 'Shares')).toBe(0);
    expect(figure(mail, 'Supporters who shared')).toBe(0);
    expect(figure(mail, FIGURE_LABELS.opened)).toBe(2);
    expect(figure(mail, FIGURE_LABELS.prepared)).toBe(1);
    expect(mail.text).toContain('Top asset: none (no shares)');
  });

  it('mails the weekly digest on Monday with the figures of the week, to the member who turned it on only', async () => {
    const monday = nextMonday();
    await runAt(monday);
    const [mail, ...more] = mailsTo(emailOf(org.admin), WEEKLY);
    expect(more).toEqual([]);
    const { from, to } = digestPeriods('UTC', monday)['digest-weekly'];
    expect(from <= TODAY && TODAY <= to).toBe(true);
    const api = (
      await call('GET', `/api/organization/analytics?from=${from}&to=${to}&tz=UTC`, org.admin.token)
    ).json();
    expect(figure(mail, 'Shares')).toBe(api.totals.shares);
    expect(figure(mail, 'Supporters who shared')).toBe(api.totals.uniqueSupporters);
    expect(figure(mail, 'Click-throughs')).toBe(api.totals.clicks);
    expect(figure(mail, FIGURE_LABELS.opened)).toBe(api.totals.openedIntents);
    expect(figure(mail, FIGURE_LABELS.prepared)).toBe(api.totals.preparedPosts);
    expect(mailsTo(emailOf(org.viewer), WEEKLY)).toEqual([]);
    // The quiet organisation's member never turned it on either.
    expect(mailsTo(emailOf(quiet), WEEKLY)).toEqual([]);
    await runAt(monday + 2 * HOUR_MS);
    expect(mailsTo(emailOf(org.admin), WEEKLY)).toHaveLength(1);
  });

  it("uses the organisation's time zone for its days", () => {
    // 23:30 UTC on a Sunday is already Monday in Auckland: the week just ended there.
    const sunday = Date.parse('2026-11-29T23:30:00Z');
    expect(digestPeriods('UTC', sunday)['digest-daily']).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(digestPeriods('Pacific/Auckland', sunday)).toEqual({
      'digest-daily': { from: '2026-11-29', to: '2026-11-29' },
      'digest-weekly': { from: '2026-11-23', to: '2026-11-29' },
    });
  });
});

describe('a campaign that ends', () => {
  it('mails a summary with the stats API figures when staff end it, once, to members with campaign updates on', async () => {
    const org = await activeOrganization();
    const off = await addMember(t.app, org.admin, 'editor');
    expect(
      (await call('PUT', '/api/user/notifications', off.token, { campaignUpdates: false })).statusCode,
    ).toBe(200);
    const ended = await call('PUT', `/api/campaigns/${org.campaign.id}`, org.admin.token, {
      status: 'ended',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await runAt(Date.now(), [t, t2]);
    const [mail, ...more] = mailsTo(emailOf(org.admin), ENDED);
    expect(more).toEqual([]);
    expect(mail.text).toContain(
      `"Clean Rivers Drive" of Org of ${org.admin.username} was ended by your team.`,
    );
    const stats = (await call('GET', `/api/campaigns/${org.campaign.id}/stats`, org.admin.token)).json();
    expect(stats).toMatchObject({ totalShares: 4, uniqueSupporters: 3, clickThroughs: 2 });
    expect(figure(mail, 'Shares')).toBe(stats.totalShares);
    expect(figure(mail, 'Supporters who shared')).toBe(stats.uniqueSupporters);
    expect(figure(mail, 'Click-throughs')).toBe(stats.clickThroughs);
    expect(mail.text).toContain(`${ORIGIN}/campaigns/${org.campaign.id}`);
    expect(mailsTo(emailOf(org.viewer), ENDED)).toHaveLength(1);
    expect(mailsTo(emailOf(off), ENDED)).toEqual([]);
    await runAt(Date.now() + HOUR_MS);
    expect(mailsTo(emailOf(org.admin), ENDED)).toHaveLength(1);
  });

  it('mails when a campaign reaches its end date, and not for a draft', async () => {
    const admin = await signUp(t.app);
    const dated = await createCampaign(t.app, admin.token, { name: 'Ends Today', endDate: TODAY });
    await createAsset(t.app, admin.token, dated.id);
    await createCampaign(t.app, admin.token, { name: 'Draft Ends Today', endDate: TODAY, status: 'draft' });
    await runAt(todayAt(20));
    expect(mailsTo(emailOf(admin), ENDED)).toEqual([]);
    await runAt(todayAt(24 + 1));
    const [mail, ...more] = mailsTo(emailOf(admin), ENDED);
    expect(more).toEqual([]);
    expect(mail.text).toContain('"Ends Today"');
    expect(mail.text).toContain('reached its end date');
    expect(mail.text).toContain(`/campaigns/${dated.id}`);
  });
});

describe('milestones', () => {
  it('mails once when a campaign passes 10 shares, to the members who have them on', async () => {
    const admin = await signUp(t.app);
    const off = await addMember(t.app, admin, 'editor');
    await call('PUT', '/api/user/notifications', off.token, { milestones: false });
    const campaign = await createCampaign(t.app, admin.token, { name: 'Ten Shares' });
    const asset = await createAsset(t.app, admin.token, campaign.id);
    const share = (at: number) =>
      insertShare({ campaignId: campaign.id, organizationId: admin.orgId, assetId: asset.id }, at);
    // Nine shares an hour ago: no milestone passed lately.
    for (let i = 0; i < 9; i++) await share(Date.now() - HOUR_MS);
    await runAt(Date.now());
    expect(mailsTo(emailOf(admin), MILESTONE)).toEqual([]);
    await share(Date.now());
    await runAt(Date.now() + 1000);
    const stats = (await call('GET', `/api/campaigns/${campaign.id}/stats`, admin.token)).json();
    expect(stats.totalShares).toBe(10);
    const [mail, ...more] = mailsTo(emailOf(admin), MILESTONE);
    expect(more).toEqual([]);
    expect(mail.text).toContain(
      `"Ten Shares" of Org of ${admin.username} passed 10 shares: 10 shares so far.`,
    );
    expect(mailsTo(emailOf(off), MILESTONE)).toEqual([]);
    await runAt(Date.now() + 2000);
    expect(mailsTo(emailOf(admin), MILESTONE)).toHaveLength(1);
  });

  it('catches up after a pause: what passed since its last run is mailed, up to a day back', async () => {
    const admin = await signUp(t.app);
    const now = Date.now();
    const campaignWith = async (name: string, body: object = {}) => {
      const campaign = await createCampaign(t.app, admin.token, { name, ...body });
      const asset = await createAsset(t.app, admin.token, campaign.id);
      return (at: number, supporterId?: string) =>
        insertShare({ campaignId: campaign.id, organizationId: admin.orgId, assetId: asset.id }, at, {
          supporterId,
        });
    };
    // The job last ran two hours ago; the tenth share, and a goal reached, came 90 minutes ago.
    const paused = await campaignWith('Paused Ten');
    for (let i = 0; i < 9; i++) await paused(now - 3 * HOUR_MS);
    await paused(now - 90 * 60_000);
    const goal = await campaignWith('Paused Goal', { goal: { metric: 'shares', target: 2 } });
    await goal(now - 100 * 60_000);
    await goal(now - 90 * 60_000);
    await runAt(now, [t], now - 2 * HOUR_MS);
    const mails = mailsTo(emailOf(admin), MILESTONE);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('"Paused Ten"');
    expect(mailsTo(emailOf(admin), 'A campaign reached its goal')).toHaveLength(1);

    // Down for three days: what passed two days ago is not news any more (a day at most).
    const old = await campaignWith('Old Ten');
    for (let i = 0; i < 9; i++) await old(now - 3 * DAY_MS);
    await old(now - 2 * DAY_MS);
    await runAt(now + 60_000, [t], now - 3 * DAY_MS);
    expect(mailsTo(emailOf(admin), MILESTONE)).toHaveLength(1);
  });
});

describe('a campaign goal', () => {
  const GOAL_50 = 'A campaign is at 50% of its goal';
  const GOAL_90 = 'A campaign is at 90% of its goal';
  const GOAL_REACHED = 'A campaign reached its goal';

  it('mails at 50%, 90% and 100% once each, under the milestones switch; a new target starts again', async () => {
    const admin = await signUp(t.app);
    const off = await addMember(t.app, admin, 'editor');
    await call('PUT', '/api/user/notifications', off.token, { milestones: false });
    const campaign = await createCampaign(t.app, admin.token, {
      name: 'Goal Drive',
      goal: { metric: 'shares', target: 10 },
    });
    const asset = await createAsset(t.app, admin.token, campaign.id);
    const share = async (n: number) => {
      for (let i = 0; i < n; i++)
        await insertShare(
          { campaignId: campaign.id, organizationId: admin.orgId, assetId: asset.id },
          Date.now(),
        );
    };
    const goalMails = () =>
      mailsTo(emailOf(admin)).filter((m) => [GOAL_50, GOAL_90, GOAL_REACHED].includes(m.subject ?? ''));
    let at = Date.now();
    const run = () => {
      at += 1000;
      return runAt(at);
    };

    await share(4);
    await run();
    expect(goalMails()).toEqual([]);
    await share(1);
    await run();
    await run();
    expect(goalMails().map((m) => m.subject)).toEqual([GOAL_50]);
    expect(goalMails()[0].text).toContain(`"Goal Drive" of Org of ${admin.username} is at 50% of its goal.`);
    expect(goalMails()[0].text).toContain('Shares: 5 of 10');
    // The figure is the stats' own.
    const stats = (await call('GET', `/api/campaigns/${campaign.id}/stats`, admin.token)).json();
    expect(stats.totalShares).toBe(5);

    await share(4);
    await run();
    await share(1);
    await run();
    await run();
    expect(goalMails().map((m) => m.subject)).toEqual([GOAL_50, GOAL_90, GOAL_REACHED]);
    expect(goalMails()[2].text).toContain(`"Goal Drive" of Org of ${admin.username} reached its goal.`);
    expect(mailsTo(emailOf(off)).filter((m) => m.subject?.includes('goal'))).toEqual([]);

    // A new target (20: the 10 shares are its 50%) is a new goal: its steps mail again.
    await call('PUT', `/api/campaigns/${campaign.id}`, admin.token, {
      goal: { metric: 'shares', target: 20 },
    });
    await run();
    expect(goalMails().map((m) => m.subject)).toEqual([GOAL_50, GOAL_90, GOAL_REACHED, GOAL_50]);
  });

  it('keys each goal by itself: another figure or a reset goal mails its steps again, the same goal never twice', async () => {
    const admin = await signUp(t.app);
    const campaign = await createCampaign(t.app, admin.token, {
      name: 'Changing Goal',
      goal: { metric: 'shares', target: 10 },
    });
    const asset = await createAsset(t.app, admin.token, campaign.id);
    // Five shares by five supporters: 50% of 10 shares, and of 10 supporters.
    for (const supporterId of ['ann', 'bob', 'cy', 'dee', 'eve'])
      await insertShare(
        { campaignId: campaign.id, organizationId: admin.orgId, assetId: asset.id },
        Date.now(),
        { supporterId },
      );
    const halfway = () => mailsTo(emailOf(admin), GOAL_50);
    let at = Date.now();
    const run = () => {
      at += 1000;
      return runAt(at);
    };
    const setGoal = async (goal: object | null) =>
      expect((await call('PUT', `/api/campaigns/${campaign.id}`, admin.token, { goal })).statusCode).toBe(
        200,
      );
    await run();
    expect(halfway()).toHaveLength(1);
    expect(halfway()[0].text).toContain('Shares: 5 of 10');

    // Same target, another figure: a new goal, at its 50% too.
    await setGoal({ metric: 'supporters', target: 10 });
    await run();
    expect(halfway()).toHaveLength(2);
    expect(halfway()[1].text).toContain('Supporters Who Shared: 5 of 10');

    // The same goal sent again, with a date: nothing more.
    await setGoal({ metric: 'supporters', target: 10, deadline: dayAfterToday() });
    await run();
    await run();
    expect(halfway()).toHaveLength(2);

    // Removed and set again: a reset goal, mailed again once.
    await setGoal(null);
    await run();
    await setGoal({ metric: 'supporters', target: 10 });
    await run();
    await run();
    expect(halfway()).toHaveLength(3);
  });

  it('mails only the highest step passed at once', async () => {
    const admin = await signUp(t.app);
    const campaign = await createCampaign(t.app, admin.token, {
      name: 'Quick Goal',
      goal: { metric: 'supporters', target: 2 },
    });
    const asset = await createAsset(t.app, admin.token, campaign.id);
    for (const supporterId of ['ann', 'bob'])
      await insertShare(
        { campaignId: campaign.id, organizationId: admin.orgId, assetId: asset.id },
        Date.now(),
        {
          supporterId,
        },
      );
    await runAt(Date.now() + 1000);
    await runAt(Date.now() + 2000);
    const subjects = mailsTo(emailOf(admin))
      .map((m) => m.subject)
      .filter((s) => s?.includes('goal'));
    expect(subjects).toEqual([GOAL_REACHED]);
  });
});

describe('a member who joins', () => {
  it('is announced to the other members who have it on, not to themselves', async () => {
    const admin = await signUp(t.app);
    const before = await addMember(t.app, admin, 'editor');
    await runAt(Date.now());
    const joined = await addMember(t.app, admin, 'viewer');
    await runAt(Date.now() + 1000);
    const adminMails = mailsTo(emailOf(admin), JOINED);
    expect(adminMails.map((m) => m.text?.split('\n')[0])).toEqual([
      `${before.username} joined Org of ${admin.username} as editor.`,
      `${joined.username} joined Org of ${admin.username} as viewer.`,
    ]);
    expect(mailsTo(emailOf(before), JOINED)).toHaveLength(1);
    expect(mailsTo(emailOf(joined), JOINED)).toEqual([]);
    // The organisation's creator is no news to anyone.
    await runAt(Date.now() + 2000);
    expect(mailsTo(emailOf(admin), JOINED)).toHaveLength(2);
    expect(mailsTo(emailOf(before), JOINED)[0].text).toContain(`${joined.username} joined`);
  });
});

describe('who gets nothing', () => {
  it('a removed member: no digest, no campaign mail, and mail queued before the removal is dropped unsent', async () => {
    const org = await activeOrganization();
    const other = await activeOrganization();
    // Queued for the viewer (the notifications job alone), then the viewer is removed.
    const { db, dialect } = t.database;
    await t.database.db.deleteFrom('jobRuns').execute();
    await new JobRunner({
      db,
      dialect,
      jobs: [notificationsJob({ db, dialect, config: t.config, now: () => todayAt(24 + 7) })],
      intervalMs: 0,
    }).runOnce();
    const queued = await db
      .selectFrom('outbox')
      .select(['id', 'status'])
      .where('kind', '=', 'notify-newSupporters')
      .where('refId', '=', org.viewer.userId)
      .execute();
    expect(queued).toEqual([{ id: expect.any(Number), status: 'queued' }]);
    const removed = await call('DELETE', `/api/organization/members/${org.viewer.userId}`, org.admin.token);
    expect(removed.statusCode).toBe(204);
    await call('PUT', `/api/campaigns/${org.campaign.id}`, org.admin.token, { status: 'archived' });
    await runAt(todayAt(24 + 8));
    expect(
      await db
        .selectFrom('outbox')
        .select(['status', 'reason'])
        .where('id', '=', queued[0].id)
        .executeTakeFirst(),
    ).toEqual({ status: 'dropped', reason: 'no-longer-wanted' });
    expect(
      mailsTo(emailOf(org.viewer)).filter(
        (m) => m.subject !== 'You are invited to join an organization on Rally',
      ),
    ).toEqual([]);
    expect(mailsTo(emailOf(org.admin), ENDED)[0].text).toContain('was archived by your team');

    // One organisation's figures never reach another's members.
    const theirs = mailsTo(emailOf(other.admin), DAILY);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].text).toContain(`Org of ${other.admin.username}`);
    expect(theirs[0].text).not.toContain(`Org of ${org.admin.username}`);
    expect(mailsTo(emailOf(other.admin), ENDED)).toEqual([]);
  });
});

describe('switches and unsubscribe links', () => {
  it("are each member's own: a viewer sets theirs; the admin's stay", async () => {
    const admin = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    expect((await call('GET', '/api/user/notifications', viewer.token)).json()).toEqual({
      campaignUpdates: true,
      newSupporters: true,
      milestones: true,
      weeklyDigest: false,
      newMembers: true,
      reviews: true,
    });
    const put = await call('PUT', '/api/user/notifications', viewer.token, {
      weeklyDigest: true,
      milestones: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('GET', '/api/user/notifications', admin.token)).json()).toMatchObject({
      weeklyDigest: false,
      milestones: true,
    });
    // The settings' `notifications` are the caller's own too.
    const settings = await t.app.inject({ url: '/api/organization/settings', headers: bearer(viewer.token) });
    expect(settings.json().notifications).toEqual({
      campaignUpdates: true,
      newSupporters: true,
      milestones: false,
      weeklyDigest: true,
    });
    const bad = await call('PUT', '/api/user/notifications', viewer.token, { weeklyDigest: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('weeklyDigest');
    expect((await call('PUT', '/api/user/notifications', viewer.token, { sms: true })).statusCode).toBe(400);
    expect((await call('GET', '/api/user/notifications')).statusCode).toBe(401);
    const log = await t.app.inject({ url: '/api/user/activity', headers: bearer(viewer.token) });
    expect(log.json()[0]).toMatchObject({
      action: 'account.notifications_updated',
      target: 'milestones off, weeklyDigest on (in the settings)',
    });
  });

  it('turn one switch off with one click, without signing in, and no other member or switch', async () => {
    const org = await activeOrganization();
    await runAt(todayAt(24 + 10));
    const mail = mailsTo(emailOf(org.admin), DAILY)[0];
    const link = unsubscribeLink(mail);
    const path = new URL(link).pathname;

    // Opening it (a mail scanner does too) changes nothing: a page with a button.
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Turn off the daily digest (new supporters)</h1>');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect((await call('GET', '/api/user/notifications', org.admin.token)).json().newSupporters).toBe(true);

    // Someone else's settings cannot be reached by editing the link: refused, nothing changes.
    const [user, orgId, sw, mac] = path.split('/').at(-1)!.split('.');
    expect(user).toBe(String(org.admin.userId));
    for (const forged of [
      `${org.viewer.userId}.${orgId}.${sw}.${mac}`,
      `${user}.${orgId}.0.${mac}`,
      `${user}.${Number(orgId) + 1}.${sw}.${mac}`,
      'not-a-token',
      `${user}.${orgId}.${sw}`,
      'x'.repeat(90),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `/notifications/unsubscribe/${forged}` });
      expect(res.statusCode, forged.slice(0, 40)).toBe(404);
      expect(res.body).toContain('This unsubscribe link is not valid');
    }
    expect((await call('GET', '/api/user/notifications', org.viewer.token)).json().newSupporters).toBe(true);

    // The button (a form post, as the mail client's one-click POST sends it).
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>The daily digest (new supporters) is turned off</h1>');
    expect(done.body).toContain(`Org of ${org.admin.username}`);
    expect((await call('GET', '/api/user/notifications', org.admin.token)).json()).toMatchObject({
      newSupporters: false,
      campaignUpdates: true,
    });
    expect((await call('GET', '/api/user/notifications', org.viewer.token)).json().newSupporters).toBe(true);
    // Opening it again says it is off.
    expect((await t.app.inject({ url: path })).body).toContain('is off</h1>');

    // Shares the next day: the viewer's digest of it comes, not the admin's.
    await insertShare(
      { campaignId: org.campaign.id, organizationId: org.admin.orgId, assetId: org.banner.id },
      todayAt(24 + 12),
    );
    await runAt(todayAt(48 + 6));
    expect(mailsTo(emailOf(org.viewer), DAILY)).toHaveLength(2);
    expect(mailsTo(emailOf(org.admin), DAILY)).toHaveLength(1);

    // A member who left: the link says so and changes nothing.
    await call('DELETE', `/api/organization/members/${org.viewer.userId}`, org.admin.token);
    const viewerLink = unsubscribeLink(mailsTo(emailOf(org.viewer), DAILY)[0]);
    const gone = await t.app.inject({ method: 'POST', url: new URL(viewerLink).pathname });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('You are no longer a member');
  });
});

describe("each member's language", () => {
  it('words the notice and its unsubscribe page in the profile language, else the organisation default', async () => {
    const admin = await signUp(t.app);
    const french = await addMember(t.app, admin, 'editor');
    expect((await call('PUT', '/api/user/profile', admin.token, { language: 'de' })).statusCode).toBe(200);
    const settings = { general: { defaultLanguage: 'fr' } };
    expect((await call('PUT', '/api/organization/settings', admin.token, settings)).statusCode).toBe(200);
    await runAt(Date.now());
    const joined = await addMember(t.app, admin, 'viewer');
    await runAt(Date.now() + 1000);
    const org = `Org of ${admin.username}`;

    const german = mailsTo(emailOf(admin), 'Ein neues Mitglied ist Ihrer Organisation beigetreten');
    expect(german.map((m) => m.text?.split('\n')[0])).toEqual([
      `${french.username} ist ${org} als Bearbeiter beigetreten.`,
      `${joined.username} ist ${org} als Betrachter beigetreten.`,
    ]);
    expect(german[0].text).toContain(
      `Sie erhalten diese E-Mail, weil in Ihren Benachrichtigungseinstellungen für ${org} Folgendes eingeschaltet ist: neue Teammitglieder.`,
    );
    expect(mailsTo(emailOf(admin), JOINED)).toEqual([]);
    const inFrench = mailsTo(emailOf(french), 'Un nouveau membre a rejoint votre organisation');
    expect(inFrench.map((m) => m.text?.split('\n')[0])).toEqual([
      `${joined.username} a rejoint ${org} en tant que lecteur.`,
    ]);

    // The link's page speaks the member's language, whatever the browser says.
    const link = unsubscribeLink(german[0]).replace(ORIGIN, '');
    const page = await t.app.inject({ url: link, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<h1>Neue Teammitglieder ausschalten</h1>');
    const off = await t.app.inject({ method: 'POST', url: link });
    expect(off.body).toContain('<h1>Neue Teammitglieder: jetzt ausgeschaltet</h1>');
    // A link that names no one: the browser's language.
    const bad = await t.app.inject({
      url: '/notifications/unsubscribe/not-a-token',
      headers: { 'accept-language': 'es' },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('<h1>Este enlace para darse de baja no es válido</h1>');
  });
});
