import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAMPAIGN_STATUSES,
  type CampaignStatus,
  hasEnded,
  SHARE_REFUSED,
  shareRefusal,
} from '#shared/campaign-lifecycle.ts';
import { DAY_MS } from '#shared/durations.ts';
import { JobRunner } from '../jobs/runner.ts';
import type { Mailer } from '../lib/mail.ts';
import { outboxSenderJob } from '../modules/outbox/index.ts';
import { reminderMailOutcomes, remindersJob } from '../modules/reminders/index.ts';
import { markConfirmed } from '../test/reminder-kit.ts';
import { seedCampaign, seedOrganization } from '../test/seed-db.ts';
import { shareRow } from '../test/db-rows.ts';
import { appPerFile } from '../test/test-app.ts';
import { notOver, openForSharing, sqlNow } from './campaign-open.ts';

// "Open for sharing" has one definition (shareRefusal in src/shared) and one SQL form
// (openForSharing). Every place that decides it must agree, for every status and
// date: the share write (POST /api/shares), the reminder job (a due scheduled share
// with a reminder: reminded, or expired when its campaign is closed), the supporter
// read (GET of the public campaign: its availability, or 404 when hidden) and the
// SQL form itself. The clock is fixed, so the boundaries are exact to the millisecond.

// The app's own job runner stays off: the test runs the reminder job on its own clock.
const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });

type DateVerdict = 'open' | 'not-started' | 'ended';

/** Stored start and end dates around `now`, and what they make of an active campaign. */
function dateCases(now: number): [string | null, string | null, DateVerdict][] {
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  const at = (offset: number) => new Date(now + offset).toISOString();
  const [yesterday, today, tomorrow] = [day(-1), day(0), day(1)];
  return [
    [null, null, 'open'],
    // A plain start date starts at 00:00 UTC that day.
    [tomorrow, null, 'not-started'],
    [today, null, 'open'],
    [yesterday, null, 'open'],
    // A plain end date runs through its whole UTC day.
    [null, yesterday, 'ended'],
    [null, today, 'open'],
    [null, tomorrow, 'open'],
    [yesterday, yesterday, 'ended'],
    [tomorrow, tomorrow, 'not-started'],
    // Instants, to the millisecond: a start counts from its instant, an end ends at it.
    [at(0), null, 'open'],
    [at(1), null, 'not-started'],
    [at(-1), null, 'open'],
    [null, at(0), 'ended'],
    [null, at(1), 'open'],
    [null, at(-1), 'ended'],
    [at(-1), at(1), 'open'],
    [at(1), at(DAY_MS), 'not-started'],
  ];
}

/** What the rules say by hand: the refusal message for a status and a date verdict, null when open. */
function expectedRefusal(status: CampaignStatus, dates: DateVerdict): string | null {
  if (status === 'draft' || status === 'archived') return SHARE_REFUSED[status];
  if (status === 'ended' || dates === 'ended') return SHARE_REFUSED.ended;
  if (status === 'paused') return SHARE_REFUSED.paused;
  return dates === 'open' ? null : SHARE_REFUSED[dates];
}

interface Case {
  status: CampaignStatus;
  startDate: string | null;
  endDate: string | null;
  refusal: string | null;
  campaignId: number;
  assetId: number;
  scheduledShareId: number;
}

/** Always delivers: a reminder of an open campaign ends `reminded`. */
const acceptingMailer: Mailer = { enabled: true, send: async () => true };

let address = 0;
const nextAddress = () => `10.${(++address >> 8) & 255}.${address & 255}.7`;

// Midday, the first and the last millisecond of a UTC day.
const NOWS = ['2031-03-15T12:00:00.000Z', '2031-03-15T00:00:00.000Z', '2031-03-15T23:59:59.999Z'];

describe.each(NOWS)('open for sharing at %s', (nowText) => {
  const now = Date.parse(nowText);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the share write, the reminder job, the supporter read and the SQL form give the answer of shareRefusal', async () => {
    const db = t.database.db;
    const organizationId = await seedOrganization(db, 'Lifecycle Org');
    const cases: Case[] = [];
    for (const status of CAMPAIGN_STATUSES) {
      for (const [startDate, endDate, dates] of dateCases(now)) {
        const refusal = expectedRefusal(status, dates);
        // The shared rule says what the table says.
        expect({
          status,
          startDate,
          endDate,
          refusal: shareRefusal({ status, startDate, endDate }, now),
        }).toEqual({ status, startDate, endDate, refusal });
        const {
          campaignId,
          assetIds: [assetId],
        } = await seedCampaign(db, {
          organizationId,
          name: `${status} ${startDate} ${endDate}`,
          assets: [{ title: 'Text', type: 'text', content: 'Share me' }],
        });
        await db
          .updateTable('campaigns')
          .set({ status, startDate, endDate })
          .where('id', '=', campaignId)
          .execute();
        // A scheduled share that fell due a minute ago, with an email reminder.
        const scheduledFor = new Date(now - 60_000).toISOString();
        const { id: scheduledShareId } = await db
          .insertInto('shares')
          .values(
            shareRow({
              assetId,
              campaignId,
              organizationId,
              platform: 'all',
              status: 'pending',
              scheduledFor,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('reminders')
          .values({
            shareId: scheduledShareId,
            organizationId,
            dueAt: scheduledFor,
            email: `supporter${scheduledShareId}@example.org`,
            emailKey: `key-${scheduledShareId}`,
            pushSubscription: null,
            origin: 'https://rally.example',
            claimedAt: null,
            createdAt: scheduledFor,
          })
          .execute();
        // The address confirmed this organisation's reminders (docs/decisions/0024).
        await markConfirmed(t, organizationId, `supporter${scheduledShareId}@example.org`);
        cases.push({ status, startDate, endDate, refusal, campaignId, assetId, scheduledShareId });
      }
    }
    const label = ({ status, startDate, endDate }: Case) => ({ status, startDate, endDate });

    // The share write.
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        remoteAddress: nextAddress(),
        payload: { assetId: c.assetId, campaignId: c.campaignId, organizationId, platform: 'twitter' },
      });
      const answer = res.statusCode === 201 ? null : res.json().message;
      expect({ ...label(c), status: res.statusCode, answer }).toEqual({
        ...label(c),
        status: c.refusal === null ? 201 : 409,
        answer: c.refusal,
      });
    }

    // The supporter read: hidden campaigns are 404 to the public, the others say their state.
    for (const c of cases) {
      const res = await t.app.inject({
        url: `/api/supporter/campaigns/${c.campaignId}`,
        remoteAddress: nextAddress(),
      });
      const state = res.statusCode === 404 ? null : res.json().availability.state;
      const answer =
        state === null
          ? SHARE_REFUSED[c.status as 'draft' | 'archived']
          : state === 'open'
            ? null
            : SHARE_REFUSED[state as 'ended'];
      expect({ ...label(c), status: res.statusCode, answer }).toEqual({
        ...label(c),
        status: c.status === 'draft' || c.status === 'archived' ? 404 : 200,
        answer: c.refusal,
      });
    }

    // The reminder job: an open campaign's reminder goes out (through the outbox, its
    // organisation's new-organisation hold off), a closed one's share expires.
    const config = { ...t.config, mailHoldNewOrgsMs: 0 };
    await new JobRunner({
      db,
      dialect: t.database.dialect,
      jobs: [
        remindersJob({ db, config, now: () => now }),
        outboxSenderJob({
          db,
          dialect: t.database.dialect,
          config,
          mailer: acceptingMailer,
          outcomes: { reminder: reminderMailOutcomes },
          now: () => now,
        }),
      ],
      intervalMs: 0,
    }).runOnce();
    const shareStatus = new Map(
      (
        await db
          .selectFrom('shares')
          .select(['id', 'status'])
          .where(
            'id',
            'in',
            cases.map((c) => c.scheduledShareId),
          )
          .execute()
      ).map((r) => [r.id, r.status]),
    );
    for (const c of cases) {
      expect({ ...label(c), share: shareStatus.get(c.scheduledShareId) }).toEqual({
        ...label(c),
        share: c.refusal === null ? 'reminded' : 'expired',
      });
    }

    // The SQL form on its own, and "not over" (not ended by status or date, not archived).
    const ids = cases.map((c) => c.campaignId);
    const select = async (where: typeof openForSharing) =>
      (
        await db
          .selectFrom('campaigns')
          .select('id')
          .where('id', 'in', ids)
          .where(where(sqlNow(now)))
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    expect(await select(openForSharing)).toEqual(
      cases.filter((c) => c.refusal === null).map((c) => c.campaignId),
    );
    expect(await select(notOver)).toEqual(
      cases.filter((c) => c.status !== 'archived' && !hasEnded(c, now)).map((c) => c.campaignId),
    );
  });
});
