import type { z } from 'zod';
import type {
  logShareSchema,
  ScheduledShareItem,
  ScheduledSharesQuery,
  Share,
  scheduleShareSchema,
} from '#shared/schemas/shares.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { SharesTable } from '../../db/schema.ts';
import {
  badRequest,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import { GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { nowIso } from '../../lib/time.ts';
import { writeCounters } from '../../lib/write-counters.ts';
import { getSettings } from '../settings/settings.service.ts';
import { assertShareable, openCampaignAndAsset } from './shareable.ts';

type LogShareBody = z.output<typeof logShareSchema>;
type ScheduleShareBody = z.output<typeof scheduleShareSchema>;

const SHARE_COLUMNS = [
  'id',
  'assetId',
  'platform',
  'supporterInfo',
  'campaignId',
  'organizationId',
  'scheduledFor',
  'status',
  'ref',
  'createdAt',
] as const;

type ShareValues = Insertable<SharesTable>;

const insertShare = (db: Db, values: ShareValues): Promise<Share> =>
  db.insertInto('shares').values(values).returning(SHARE_COLUMNS).executeTakeFirstOrThrow();

const sqliteWriters = new WeakMap<Db, GroupCommit<ShareValues, Share>>();

/**
 * Inserts one share, durable when the promise resolves. On SQLite, shares arriving
 * together share one transaction and one fsync (lib/group-commit.ts); a row that
 * breaks a constraint fails alone (SQLite rolls back just that statement).
 * PostgreSQL commits each on its own connection and groups the WAL flushes itself.
 */
function commitShare(db: Db, dialect: DialectName, values: ShareValues): Promise<Share> {
  if (dialect !== 'sqlite') return insertShare(db, values);
  let writer = sqliteWriters.get(db);
  if (!writer) {
    writer = new GroupCommit((items) =>
      db.transaction().execute(async (trx) => {
        const outcomes: ItemOutcome<Share>[] = [];
        for (const item of items) {
          try {
            outcomes.push({ ok: true, value: await insertShare(trx, item) });
          } catch (error) {
            if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
            outcomes.push({ ok: false, error });
          }
        }
        return outcomes;
      }),
    );
    sqliteWriters.set(db, writer);
  }
  return writer.submit(values);
}

/** Scheduled shares returned per call at most; the calendar asks for a window. */
export const SCHEDULED_LIST_LIMIT = 1000;

/**
 * The referral parent named by `parentRef`: a share of the same campaign, or none
 * (an unknown code or one of another campaign is ignored, never an error).
 */
async function referralParent(
  db: Db,
  campaignId: number,
  parentRef: string | undefined,
): Promise<{ parentShareId: number | null; depth: number }> {
  if (!parentRef) return { parentShareId: null, depth: 0 };
  const parent = await db
    .selectFrom('shares')
    .select(['id', 'campaignId', 'depth'])
    .where('ref', '=', parentRef)
    .executeTakeFirst();
  if (!parent || parent.campaignId !== campaignId) return { parentShareId: null, depth: 0 };
  return { parentShareId: parent.id, depth: parent.depth + 1 };
}

/** Writes a share row, mapping constraint failures onto API statuses. */
async function writeShare(db: Db, dialect: DialectName, values: ShareValues): Promise<Share> {
  try {
    return await commitShare(db, dialect, values);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This share link code is already in use');
    // The asset or campaign was deleted between the ids check and the insert.
    if (isForeignKeyViolation(err)) throw notFound('Campaign not found');
    throw err;
  }
}

/**
 * Logs a share (status 'shared'). Durable when this resolves: SQLite commits with
 * synchronous=FULL, PostgreSQL with its commit. Counters are not touched here;
 * stats are computed from these rows.
 */
export async function logShare(opts: {
  db: Db;
  dialect: DialectName;
  input: LogShareBody;
  supporterId: string;
}): Promise<Share> {
  const { db, dialect, input, supporterId } = opts;
  await assertShareable(db, input);
  const supporterName = await keptSupporterName(db, input);
  const parent = await referralParent(db, input.campaignId, input.parentRef);
  const share = await writeShare(db, dialect, {
    ...parent,
    assetId: input.assetId,
    platform: input.platform,
    supporterInfo: input.supporterInfo ?? '',
    campaignId: input.campaignId,
    organizationId: input.organizationId,
    scheduledFor: null,
    status: 'shared',
    ref: input.ref ?? null,
    supporterId,
    supporterName,
    createdAt: nowIso(),
  });
  writeCounters.sharesLogged++;
  return share;
}

/**
 * The name a supporter gave with a share is kept only while the organisation collects
 * supporter information (the page offers the field only then); otherwise the share
 * stays anonymous. Settings are read only when a name was sent, off the hot path.
 */
async function keptSupporterName(db: Db, input: LogShareBody): Promise<string | null> {
  if (!input.supporterName) return null;
  const settings = await getSettings(db, input.organizationId);
  return settings.supporters.collectInfo ? input.supporterName : null;
}

/** Schedules a share for later: always status 'pending', platform may be 'all'. */
export async function scheduleShare(opts: {
  db: Db;
  dialect: DialectName;
  input: ScheduleShareBody;
  supporterId: string;
  now?: number;
}): Promise<Share> {
  const { db, dialect, input, supporterId } = opts;
  const { assetId, campaignId, organizationId, platform, scheduledFor } = input;
  // The schema already rejects these; narrowing keeps the types honest.
  if (!assetId || !campaignId || !organizationId || !platform || !scheduledFor) {
    throw badRequest('Missing required fields for scheduling a share');
  }
  const when = Date.parse(scheduledFor);
  if (!(when > (opts.now ?? Date.now()))) throw badRequest('Scheduled time must be in the future');
  const endsAt = await assertShareable(db, { assetId, campaignId, organizationId });
  if (endsAt !== null && when >= endsAt) throw badRequest('Scheduled time must be before the campaign ends');
  const parent = await referralParent(db, campaignId, input.parentRef);
  const share = await writeShare(db, dialect, {
    ...parent,
    assetId,
    platform,
    supporterInfo: '',
    campaignId,
    organizationId,
    // Normalised to UTC so the text column sorts and compares in time order.
    scheduledFor: new Date(when).toISOString(),
    status: 'pending',
    ref: input.ref ?? null,
    supporterId,
    createdAt: nowIso(),
    // What the supporter chose, so the Schedule tab and a reminder give it back.
    shareText: input.text ?? null,
    timeZone: input.timeZone ?? null,
  });
  writeCounters.sharesScheduled++;
  if (input.replaces) await retireReplaced(db, input.replaces, { supporterId, campaignId });
  return share;
}

/**
 * A reschedule retires the share it replaces: only the same visitor's, in the same
 * campaign, still pending. Anything else is left as it is (never an error: the new
 * share stands either way).
 */
async function retireReplaced(
  db: Db,
  shareId: number,
  owner: { supporterId: string; campaignId: number },
): Promise<void> {
  await db
    .updateTable('shares')
    .set({ status: 'rescheduled' })
    .where('id', '=', shareId)
    .where('supporterId', '=', owner.supporterId)
    .where('campaignId', '=', owner.campaignId)
    .where('status', '=', 'pending')
    .execute();
}

/** Pending scheduled shares of one organisation, soonest first, for the staff calendar. */
export async function listScheduledShares(opts: {
  db: Db;
  organizationId: number;
  query: ScheduledSharesQuery;
}): Promise<ScheduledShareItem[]> {
  const { db, organizationId, query } = opts;
  let q = db
    .selectFrom('shares')
    .innerJoin('assets', 'assets.id', 'shares.assetId')
    .innerJoin('campaigns', 'campaigns.id', 'shares.campaignId')
    .select([
      'shares.id',
      'shares.assetId',
      'assets.title as assetTitle',
      'shares.campaignId',
      'campaigns.name as campaignName',
      'shares.platform',
      'shares.scheduledFor',
      'shares.status',
    ])
    .where('shares.organizationId', '=', organizationId)
    .where('shares.status', '=', 'pending')
    .where('shares.scheduledFor', 'is not', null)
    .where((eb) => openCampaignAndAsset(eb, new Date()));
  if (query.from) q = q.where('shares.scheduledFor', '>=', new Date(query.from).toISOString());
  if (query.to) q = q.where('shares.scheduledFor', '<', new Date(query.to).toISOString());
  const rows = await q
    .orderBy('shares.scheduledFor')
    .orderBy('shares.id')
    .limit(SCHEDULED_LIST_LIMIT)
    .execute();
  return rows as ScheduledShareItem[];
}
