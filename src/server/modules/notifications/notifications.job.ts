import { sql } from 'kysely';
import { DAY_MS, MINUTE_MS } from '#shared/durations.ts';
import { MILESTONES, type NotificationSwitch } from '#shared/schemas/notifications.ts';
import { GOAL_STEPS } from '#shared/schemas/goal-payloads.ts';
import { storedGoal } from '#shared/schemas/goals.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { notOver, sqlNow } from '../../db/campaign-open.ts';
import type { DialectName } from '../../db/dialect.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { Job } from '../../jobs/runner.ts';
import { loadVisitorCookieKey } from '../../lib/app-secrets.ts';
import { unsubscribeHeaders } from '../../lib/mail.ts';
import { mailLocale } from '../../lib/member-locale.ts';
import { choicesOf } from '../../lib/member-notifications.ts';
import type { MessageLocale } from '../../lib/messages.ts';
import { isoBefore } from '../../lib/time.ts';
import { queueMail } from '../outbox/index.ts';
import { getSettings } from '../settings/index.ts';
import { campaignStats, organizationAnalytics, zonedToday } from '../stats/index.ts';
import {
  type CampaignEnd,
  campaignEndedContent,
  type DigestFigures,
  digestContent,
  digestIsEmpty,
  goalContent,
  memberJoinedContent,
  milestoneContent,
  type NoticeContent,
  noticeBody,
} from './notification-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { goalProgress, readGoalFigures } from '../goals/index.ts';

// Staff notifications (docs/api.md "Staff notifications"). A periodic job: its step,
// in the runner's transaction (which holds the job's advisory lock on PostgreSQL, so
// one instance looks per period), finds what is due: members who joined, campaigns
// that ended, campaigns that passed a milestone, digests of the last complete day or
// week. After the commit each is delivered: its figures read through the stats
// module (the rollups and their tail, as the stats API reads them), then one
// transaction writes its `staffNotices` key and its mail into the outbox. The key is
// unique: a notice already written (by a later run, or another instance) writes
// nothing, so no mail goes twice. Recipients are read in that transaction: members of
// the organisation now, with the switch on, so one who left gets nothing.

/** How often the job looks (at most once per period across all instances). */
export const NOTIFICATIONS_EVERY_MS = MINUTE_MS;
/** Notices delivered per step; more wait for the next step of the tick. */
const STEP_NOTICES = 25;
/** A member's arrival is news this long. */
const JOIN_LOOKBACK_MS = 2 * DAY_MS;
/**
 * Shares this recent may have carried a campaign past a milestone or a goal's step: the
 * least the job looks back. After a pause (the job was down, every instance stopped) it
 * looks back to its last complete run instead, at most MILESTONE_CATCH_UP_MS.
 */
const MILESTONE_WINDOW_MS = 10 * NOTIFICATIONS_EVERY_MS;
/**
 * How far a run after a pause catches up on milestones and goal steps: a day, as long as
 * a notice's mail is worth sending (NOTICE_MAIL_TTL_MS). Older ones are not news: an
 * install started again after weeks off mails none of them; a first start (no last run)
 * looks back only MILESTONE_WINDOW_MS.
 */
export const MILESTONE_CATCH_UP_MS = DAY_MS;
/** A notice whose delivery failed is tried again this much later. */
const RETRY_FAILED_MS = 10 * MINUTE_MS;
/** Keys of digests older than this are deleted (no digest looks further back). */
const DIGEST_KEYS_KEPT_MS = 30 * DAY_MS;
/** A notice not sent within this time is not worth sending. */
const NOTICE_MAIL_TTL_MS = DAY_MS;

/**
 * Where a run at `now` looks back for milestones and goal steps: MILESTONE_WINDOW_MS at
 * least; after a pause, to the last complete run (`lastRunAt`, the jobRuns watermark),
 * but never further than MILESTONE_CATCH_UP_MS. Without a last run (a first start) the
 * window only. Looking again at what a run already saw mails nothing twice: each
 * milestone and step is keyed.
 */
export function milestoneSince(now: number, lastRunAt: number | undefined): number {
  const least = now - MILESTONE_WINDOW_MS;
  if (lastRunAt === undefined) return least;
  return Math.min(least, Math.max(lastRunAt, now - MILESTONE_CATCH_UP_MS));
}

/** The kind of a notice's key (staffNotices.kind). */
export type NoticeKind =
  | 'digest-daily'
  | 'digest-weekly'
  | 'campaign-ended'
  | 'member-joined'
  | 'milestone'
  | 'goal';

/**
 * A goal notice's period: the goal itself (its version, figure and target) and the step.
 * A goal with another figure or target, or one removed and set again, is a new version
 * (campaigns.goalVersion): its steps mail again; the same goal never mails a step twice.
 */
const goalPeriod = (goal: { version: number; metric: string; target: number }, step: number) =>
  `${goal.version}:${goal.metric}:${goal.target}:${step}`;

const DIGESTS = [
  { kind: 'digest-daily', switch: 'newSupporters' },
  { kind: 'digest-weekly', switch: 'weeklyDigest' },
] as const;

/** The outbox kind of a notice's mail: the switch it depends on (checked again when it is sent). */
export const NOTICE_MAIL_PREFIX = 'notify-';
export const noticeMailKind = (sw: NotificationSwitch) => `${NOTICE_MAIL_PREFIX}${sw}`;

interface Due {
  kind: NoticeKind;
  organizationId: number;
  subjectId: number;
  period: string;
  /** A digest's last local day (its first is `period`) and zone. */
  to?: string;
  tz?: string;
  /** A milestone's look-back: the shares since then may have carried the campaign past it. */
  since?: number;
}

interface Logger {
  warn(obj: unknown, msg: string): void;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The last complete day and the last complete Monday-to-Sunday week in `tz` at `now`. */
export function digestPeriods(tz: string, now: number) {
  const today = zonedToday(tz, now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return {
    'digest-daily': { from: addDays(today, -1), to: addDays(today, -1) },
    'digest-weekly': { from: addDays(monday, -7), to: addDays(monday, -1) },
  };
}

const noticeExists = (kind: NoticeKind, subject: string, period: string | ReturnType<typeof sql.ref>) =>
  sql<boolean>`exists (select 1 from ${sql.table('staffNotices')} n where n."kind" = ${kind} and n."subjectId" = ${sql.ref(subject)} and n."period" = ${period})`;

export function notificationsJob(opts: {
  db: Db;
  dialect: DialectName;
  config: Config;
  /** The clock, replaceable in tests. */
  now?: () => number;
  log?: Logger;
}): Job {
  const { db, dialect, config, log } = opts;
  const clock = () => opts.now?.() ?? Date.now();
  let due: Due[] = [];
  /** Notices whose delivery failed, by key: left alone until RETRY_FAILED_MS has passed. */
  const failed = new Map<string, number>();
  const keyOf = (d: Due) => `${d.kind}:${d.organizationId}:${d.subjectId}:${d.period}`;

  const job = periodicJob({
    name: 'notifications',
    lockKey: 5,
    everyMs: NOTIFICATIONS_EVERY_MS,
    now: opts.now,
    work: async (trx, now, lastRunAt) => {
      for (const [key, at] of failed) if (at <= now - RETRY_FAILED_MS) failed.delete(key);
      const { keyed, milestones } = await findDue(trx, now, milestoneSince(now, lastRunAt));
      const found = keyed.filter((d) => !failed.has(keyOf(d)));
      due = found.slice(0, STEP_NOTICES);
      // Milestones have no key before delivery (their figures decide it): looked at
      // once per run, in its last step.
      if (found.length > STEP_NOTICES) return true;
      due.push(...milestones.filter((d) => !failed.has(keyOf(d))));
      return false;
    },
  });

  return {
    ...job,
    afterCommit: async () => {
      const batch = due;
      due = [];
      const figures = new Map<string, Promise<DigestFigures>>();
      for (const d of batch) {
        try {
          await deliver(d, clock(), figures);
        } catch (err) {
          failed.set(keyOf(d), clock());
          log?.warn({ err, notice: keyOf(d) }, 'staff notification not delivered');
        }
      }
    },
  };

  /** What is due at `now` and not yet written, oldest kinds of news first. */
  async function findDue(
    trx: Db,
    now: number,
    /** Shares and click-throughs since then may have passed a milestone or a goal's step. */
    lookBack: number,
  ): Promise<{ keyed: Due[]; milestones: Due[] }> {
    const since = new Date(lookBack).toISOString();
    await trx
      .deleteFrom('staffNotices')
      .where(
        'kind',
        'in',
        DIGESTS.map((d) => d.kind),
      )
      .where('createdAt', '<', isoBefore(DIGEST_KEYS_KEPT_MS, now))
      .execute();
    const out: Due[] = [];
    const joined = await trx
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.organizationId')
      .select(['u.id', 'u.organizationId', 'u.joinedAt'])
      .where('u.joinedAt', '>=', isoBefore(JOIN_LOOKBACK_MS, now))
      // The creator's own membership (it starts with the organisation) is no news.
      .whereRef('u.joinedAt', '!=', 'o.createdAt')
      .where(({ not }) => not(noticeExists('member-joined', 'u.id', sql.ref('u.joinedAt'))))
      .orderBy('u.joinedAt')
      .limit(STEP_NOTICES + 1)
      .execute();
    for (const u of joined)
      out.push({
        kind: 'member-joined',
        organizationId: u.organizationId as number,
        subjectId: u.id,
        period: u.joinedAt as string,
      });

    const at = sqlNow(now);
    const ended = await trx
      .selectFrom('campaigns as c')
      .select(['c.id', 'c.organizationId'])
      .where('c.status', '!=', 'draft')
      .where(({ not }) => not(notOver(at, 'c')))
      .where(({ not }) => not(noticeExists('campaign-ended', 'c.id', '')))
      .orderBy('c.id')
      .limit(STEP_NOTICES + 1)
      .execute();
    for (const c of ended)
      out.push({ kind: 'campaign-ended', organizationId: c.organizationId, subjectId: c.id, period: '' });

    const recent = await trx
      .selectFrom('shares')
      .select(['shares.campaignId', 'shares.organizationId'])
      .where('shares.status', '=', 'shared')
      .where('shares.createdAt', '>=', since)
      .where('shares.campaignId', 'in', (eb) =>
        eb.selectFrom('campaigns as c').select('c.id').where(notOver(at, 'c')),
      )
      .groupBy(['shares.campaignId', 'shares.organizationId'])
      .execute();
    out.push(...(await dueDigests(trx, now)));
    // Whether one passed a milestone needs its figures: delivery reads them and writes
    // the milestone's key (the milestone is its period).
    const milestones = recent.map(
      (c): Due => ({
        kind: 'milestone',
        organizationId: c.organizationId,
        subjectId: c.campaignId,
        period: '',
        since: lookBack,
      }),
    );
    // Goals likewise: open campaigns with a goal not yet mailed as reached, whose
    // figures may have moved lately (a share or a click-through in the window).
    const goals = await trx
      .selectFrom('campaigns as c')
      .select(['c.id', 'c.organizationId'])
      .where('c.goalMetric', 'is not', null)
      .where('c.goalTarget', 'is not', null)
      .where(notOver(at, 'c'))
      .where(({ or, exists, selectFrom }) =>
        or([
          exists(
            selectFrom('shares as s')
              .select('s.id')
              .whereRef('s.campaignId', '=', 'c.id')
              .where('s.createdAt', '>=', since),
          ),
          exists(
            selectFrom('clicks as k')
              .select('k.id')
              .whereRef('k.campaignId', '=', 'c.id')
              .where('k.createdAt', '>=', since),
          ),
        ]),
      )
      .where(({ not }) =>
        not(
          noticeExists(
            'goal',
            'c.id',
            sql`cast(c."goalVersion" as text) || ':' || c."goalMetric" || ':' || cast(c."goalTarget" as text) || ${`:${GOAL_STEPS.at(-1)}`}`,
          ),
        ),
      )
      .orderBy('c.id')
      .execute();
    for (const c of goals)
      milestones.push({ kind: 'goal', organizationId: c.organizationId, subjectId: c.id, period: '' });
    return { keyed: out, milestones };
  }

  /** Members with a digest on whose last complete period has no key yet. */
  async function dueDigests(trx: Db, now: number): Promise<Due[]> {
    const members = await trx
      .selectFrom('users as u')
      .leftJoin('memberNotifications as mn', (join) =>
        join.onRef('mn.userId', '=', 'u.id').onRef('mn.organizationId', '=', 'u.organizationId'),
      )
      .select(['u.id', 'u.organizationId', 'mn.data'])
      .where('u.organizationId', 'is not', null)
      .where('u.email', 'is not', null)
      .execute();
    const wanted = members.flatMap((m) => {
      const choices = choicesOf(m.data);
      return DIGESTS.filter((d) => choices[d.switch]).map((d) => ({
        kind: d.kind,
        userId: m.id,
        organizationId: m.organizationId as number,
      }));
    });
    if (wanted.length === 0) return [];
    const written = await trx
      .selectFrom('staffNotices')
      .select(['kind', 'subjectId', 'period', 'organizationId'])
      .where(
        'kind',
        'in',
        DIGESTS.map((d) => d.kind),
      )
      .where('createdAt', '>=', isoBefore(8 * DAY_MS, now))
      .execute();
    const done = new Set(written.map((w) => `${w.kind}:${w.organizationId}:${w.subjectId}:${w.period}`));
    const zones = new Map<number, string>();
    const out: Due[] = [];
    for (const w of wanted) {
      let tz = zones.get(w.organizationId);
      if (!tz) {
        tz = (await getSettings(trx, w.organizationId)).general.timeZone;
        zones.set(w.organizationId, tz);
      }
      const { from, to } = digestPeriods(tz, now)[w.kind];
      const d: Due = {
        kind: w.kind,
        organizationId: w.organizationId,
        subjectId: w.userId,
        period: from,
        to,
        tz,
      };
      if (!done.has(keyOf(d))) out.push(d);
    }
    return out;
  }

  function campaignOf(id: number) {
    return db.selectFrom('campaigns').select(['name', 'status']).where('id', '=', id).executeTakeFirst();
  }

  /** Reads the notice's figures, then writes its key and its mail in one transaction. */
  async function deliver(d: Due, now: number, figures: Map<string, Promise<DigestFigures>>) {
    const org = await db
      .selectFrom('organizations')
      .select(['name', 'defaultLanguage'])
      .where('id', '=', d.organizationId)
      .executeTakeFirst();
    if (!org) return;
    /** The mail's words for a recipient whose links start at `origin`, in their language; null: nothing to send. */
    let content: ((origin: string, locale: MessageLocale) => NoticeContent) | null = null;
    let sw: NotificationSwitch;
    let period = d.period;
    /** Only this member gets it (a digest); the member the notice is about does not (an arrival). */
    let only: number | undefined;
    let except: number | undefined;
    /** Keys written with this notice's, mailing nothing (a goal's steps passed at once). */
    let passedToo: string[] = [];

    if (d.kind === 'digest-daily' || d.kind === 'digest-weekly') {
      const digest = d.kind === 'digest-daily' ? 'newSupporters' : 'weeklyDigest';
      sw = digest;
      const key = `${d.organizationId}:${d.period}:${d.to}:${d.tz}`;
      let f = figures.get(key);
      if (!f) {
        f = loadVisitorCookieKey(db).then((visitorKey) =>
          organizationAnalytics({
            db,
            dialect,
            now,
            orgId: d.organizationId,
            query: { from: d.period, to: d.to, tz: d.tz },
            key: visitorKey,
          }),
        );
        figures.set(key, f);
      }
      const read = await f;
      // A period with nothing shared or clicked sends no digest (its key is still written).
      if (!digestIsEmpty(read))
        content = (origin, locale) => digestContent(locale, digest, org.name, read, `${origin}/`);
      only = d.subjectId;
    } else if (d.kind === 'campaign-ended') {
      const c = await campaignOf(d.subjectId);
      if (!c) return;
      const how: CampaignEnd = c.status === 'ended' || c.status === 'archived' ? c.status : 'end-date';
      const stats = await campaignStats({ db, dialect, now, campaignId: d.subjectId });
      sw = 'campaignUpdates';
      content = (origin, locale) =>
        campaignEndedContent(
          locale,
          org.name,
          { name: c.name, how },
          stats,
          `${origin}/campaigns/${d.subjectId}`,
        );
    } else if (d.kind === 'milestone') {
      const c = await campaignOf(d.subjectId);
      if (!c) return;
      const stats = await campaignStats({ db, dialect, now, campaignId: d.subjectId });
      const recent = await db
        .selectFrom('shares')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaignId', '=', d.subjectId)
        .where('status', '=', 'shared')
        .where('createdAt', '>=', new Date(d.since ?? now - MILESTONE_WINDOW_MS).toISOString())
        .executeTakeFirstOrThrow();
      // The highest milestone the recent shares carried it past; none: nothing to say.
      const before = stats.totalShares - Number(recent.n);
      const passed = MILESTONES.filter((m) => before < m && m <= stats.totalShares).at(-1);
      if (passed === undefined) return;
      period = String(passed);
      sw = 'milestones';
      content = (origin, locale) =>
        milestoneContent(
          locale,
          org.name,
          { name: c.name, milestone: passed, totalShares: stats.totalShares },
          `${origin}/campaigns/${d.subjectId}`,
        );
    } else if (d.kind === 'goal') {
      const c = await db
        .selectFrom('campaigns')
        .select(['name', 'goalMetric', 'goalTarget', 'goalDeadline', 'goalVersion'])
        .where('id', '=', d.subjectId)
        .executeTakeFirst();
      const goal = c && storedGoal(c);
      if (!c || !goal) return;
      const identity = { version: c.goalVersion, metric: goal.metric, target: goal.target };
      const progress = goalProgress(
        goal,
        await readGoalFigures({ db, dialect, now, campaignId: d.subjectId }),
      );
      const passed = GOAL_STEPS.filter((step) => progress.value * 100 >= step * goal.target);
      if (passed.length === 0) return;
      const written = await db
        .selectFrom('staffNotices')
        .select('period')
        .where('kind', '=', 'goal')
        .where('subjectId', '=', d.subjectId)
        .where('organizationId', '=', d.organizationId)
        .where(
          'period',
          'in',
          passed.map((step) => goalPeriod(identity, step)),
        )
        .execute();
      const done = new Set(written.map((w) => w.period));
      const fresh = passed.filter((step) => !done.has(goalPeriod(identity, step)));
      // The highest step passed is the news; steps passed with it are keyed, not mailed.
      const step = fresh.at(-1);
      if (step === undefined) return;
      period = goalPeriod(identity, step);
      passedToo = fresh.slice(0, -1).map((s) => goalPeriod(identity, s));
      sw = 'milestones';
      content = (origin, locale) =>
        goalContent(locale, org.name, { name: c.name, step, progress }, `${origin}/campaigns/${d.subjectId}`);
    } else {
      const m = await db
        .selectFrom('users')
        .select(['username', 'firstName', 'lastName', 'role', 'organizationId'])
        .where('id', '=', d.subjectId)
        .executeTakeFirst();
      // Gone again before anyone was told: nothing to say.
      if (!m || m.organizationId !== d.organizationId) return;
      const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
      sw = 'newMembers';
      content = (origin, locale) =>
        memberJoinedContent(
          locale,
          org.name,
          { username: m.username, name, role: m.role },
          `${origin}/settings`,
        );
      except = d.subjectId;
    }

    await db.transaction().execute(async (trx) => {
      const key = await trx
        .insertInto('staffNotices')
        .values({
          kind: d.kind,
          organizationId: d.organizationId,
          subjectId: d.subjectId,
          period,
          createdAt: new Date(now).toISOString(),
        })
        .onConflict((oc) => oc.columns(['kind', 'subjectId', 'period', 'organizationId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // Written already (another run or instance): its mail is in the outbox.
      if (!key || !content) return;
      for (const p of passedToo)
        await trx
          .insertInto('staffNotices')
          .values({
            kind: d.kind,
            organizationId: d.organizationId,
            subjectId: d.subjectId,
            period: p,
            createdAt: new Date(now).toISOString(),
          })
          .onConflict((oc) => oc.columns(['kind', 'subjectId', 'period', 'organizationId']).doNothing())
          .execute();
      await queueNoticeMail(
        trx,
        { dialect, config, log },
        {
          organizationId: d.organizationId,
          org,
          sw,
          filter: { only, except },
          content,
          now,
          logKey: keyOf(d),
        },
      );
    });
  }
}

/**
 * Queues a notice's mail, in `trx`, to each member of the organisation with the switch
 * on (narrowed by `filter`), in their own language with their own unsubscribe link.
 * The job's notices and the review notices (modules/reviews) both mail through it.
 */
export async function queueNoticeMail(
  trx: Db,
  deps: { dialect: DialectName; config: Config; log?: Logger },
  notice: {
    organizationId: number;
    org: { name: string; defaultLanguage: string | null };
    sw: NotificationSwitch;
    filter: { only?: number; except?: number; ids?: readonly number[] };
    content: (origin: string, locale: MessageLocale) => NoticeContent;
    now: number;
    /** Names the notice in a warning. */
    logKey: string;
  },
): Promise<void> {
  const { dialect, config, log } = deps;
  const { org, sw, content, now } = notice;
  for (const r of await recipients(trx, notice.organizationId, sw, notice.filter)) {
    const origin = config.publicUrl ?? r.origin;
    if (!origin) {
      log?.warn(
        { userId: r.id, notice: notice.logKey },
        'staff notification not mailed: no site address (set PUBLIC_URL)',
      );
      continue;
    }
    const token = await unsubscribeToken(trx, {
      userId: r.id,
      organizationId: notice.organizationId,
      switch: sw,
    });
    const unsubscribeUrl = `${origin}/notifications/unsubscribe/${token}`;
    // Each member in their own language (lib/member-locale.ts), dates and numbers too.
    const words = content(origin, mailLocale(r.language, org.defaultLanguage));
    await queueMail(
      trx,
      { dialect, config },
      {
        kind: noticeMailKind(sw),
        organizationId: notice.organizationId,
        to: r.email,
        subject: words.subject,
        text: noticeBody(words, org.name, unsubscribeUrl),
        headers: unsubscribeHeaders(unsubscribeUrl),
        refId: r.id,
        expiresAt: now + NOTICE_MAIL_TTL_MS,
      },
      'drop',
      now,
    );
  }
}

/**
 * The members of `organizationId` now who have an address and `sw` on, with the site
 * address their links use when PUBLIC_URL is unset (theirs, else the organisation's
 * latest).
 */
async function recipients(
  q: Db,
  organizationId: number,
  sw: NotificationSwitch,
  filter: { only?: number; except?: number; ids?: readonly number[] },
): Promise<{ id: number; email: string; language: string | null; origin: string | null }[]> {
  let query = q
    .selectFrom('users as u')
    .leftJoin('memberNotifications as mn', (join) =>
      join.onRef('mn.userId', '=', 'u.id').on('mn.organizationId', '=', organizationId),
    )
    .select(['u.id', 'u.email', 'u.language', 'mn.data', 'mn.origin'])
    .where('u.organizationId', '=', organizationId)
    .where('u.email', 'is not', null);
  if (filter.only !== undefined) query = query.where('u.id', '=', filter.only);
  if (filter.except !== undefined) query = query.where('u.id', '!=', filter.except);
  if (filter.ids !== undefined) {
    if (filter.ids.length === 0) return [];
    query = query.where('u.id', 'in', filter.ids);
  }
  const rows = (await query.orderBy('u.id').execute()).filter((r) => choicesOf(r.data)[sw]);
  if (rows.length === 0) return [];
  const latest = await q
    .selectFrom('memberNotifications')
    .select('origin')
    .where('organizationId', '=', organizationId)
    .where('origin', 'is not', null)
    .orderBy('updatedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return rows.map((r) => ({
    id: r.id,
    email: r.email as string,
    language: r.language,
    origin: r.origin ?? latest?.origin ?? null,
  }));
}

/**
 * At the moment a notice's mail is sent: is its recipient still a member of its
 * organisation with its switch on? If not, the outbox drops it unsent.
 */
export async function noticeStillWanted(
  q: Db,
  mail: { kind: string; refId: number | null; organizationId: number | null },
): Promise<boolean> {
  const sw = mail.kind.slice(NOTICE_MAIL_PREFIX.length) as NotificationSwitch;
  if (mail.refId === null || mail.organizationId === null) return false;
  const row = await q
    .selectFrom('users as u')
    .leftJoin('memberNotifications as mn', (join) =>
      join.onRef('mn.userId', '=', 'u.id').onRef('mn.organizationId', '=', 'u.organizationId'),
    )
    .select(['u.organizationId', 'mn.data'])
    .where('u.id', '=', mail.refId)
    .executeTakeFirst();
  return row?.organizationId === mail.organizationId && choicesOf(row.data)[sw] === true;
}
