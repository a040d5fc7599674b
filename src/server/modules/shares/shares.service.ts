import type { z } from 'zod';
import {
  type logShareSchema,
  type ScheduledShareItem,
  type ScheduledSharesQuery,
  type Share,
  type scheduleShareSchema,
  type ShareOutcome,
  shareSchema,
} from '#shared/schemas/shares.ts';
import { type CompiledQuery, type Insertable, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { statementTemplate } from '../../db/statement-template.ts';
import type { DialectName } from '../../db/dialect.ts';
import { notOver, openForSharing, sqlNow } from '../../db/campaign-open.ts';
import { sharesWithAssetAndCampaign } from '../../db/share-joins.ts';
import type { SharesTable } from '../../db/schema.ts';
import {
  badRequest,
  conflict,
  HttpError,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import { GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { nowIso } from '../../lib/time.ts';
import { writeCounters } from '../../lib/write-counters.ts';
import { getSettings } from '../settings/index.ts';
import {
  emitSharesCreated,
  emitWebhookEvent,
  webhookTargets,
  withShareCreatedItems,
} from '../webhooks/index.ts';
import type { CheckedReminder } from '../reminders/index.ts';
import { messageHash } from './message-nudge.ts';
import { assertNoBlockedWords, assertScheduledText } from './share-guardrails.ts';
import { shareFromSchedule } from './share-from-schedule.ts';
import { assertShareable } from './shareable.ts';
import { shownVariantId } from './shown-variant.ts';

type LogShareBody = z.output<typeof logShareSchema>;
type ScheduleShareBody = z.output<typeof scheduleShareSchema>;

/** The columns of a share as the share calls answer it: the fields of its response schema. */
export const SHARE_COLUMNS = Object.keys(shareSchema.shape) as (keyof Share)[];

type ShareValues = Insertable<SharesTable>;

const insertShare = (db: Db, values: ShareValues): CompiledQuery<Share> =>
  db.insertInto('shares').values(values).returning(SHARE_COLUMNS).compile();

const runInsert = async (db: Db, query: CompiledQuery<Share>): Promise<Share | undefined> =>
  (await db.executeQuery(query)).rows[0];

/**
 * Work to do in the share's own transaction once it is written (its webhook event);
 * `withInsert`, where given, does the same as part of the insert statement itself
 * (PostgreSQL: no transaction needed).
 */
export type AfterShare = ((trx: Db, share: Share) => Promise<void>) & {
  withInsert?: (insert: CompiledQuery<Share>) => CompiledQuery<Share>;
};
interface ShareWrite {
  query: CompiledQuery<Share>;
  after?: AfterShare;
}

const sqliteWriters = new WeakMap<Db, GroupCommit<ShareWrite, Share | undefined>>();

/**
 * Runs one share insert, durable when the promise resolves; undefined when the
 * statement inserted nothing (its conditions did not hold). `after` runs in the same
 * transaction once the row is written, so what it writes (the webhook event) commits
 * with the share or not at all. On SQLite, shares arriving together share one
 * transaction and one fsync (lib/group-commit.ts); a row that breaks a constraint
 * fails alone (SQLite rolls back just that statement). PostgreSQL commits each on its
 * own connection and groups the WAL flushes itself; a share with `after` takes a
 * transaction of its own.
 */
function commitShare(
  db: Db,
  dialect: DialectName,
  query: CompiledQuery<Share>,
  after?: AfterShare,
): Promise<Share | undefined> {
  if (dialect !== 'sqlite') {
    if (!after) return runInsert(db, query);
    if (after.withInsert) return runInsert(db, prepared(after.withInsert(query)));
    return db.transaction().execute(async (trx) => {
      const share = await runInsert(trx, query);
      if (share) await after(trx, share);
      return share;
    });
  }
  let writer = sqliteWriters.get(db);
  if (!writer) {
    writer = new GroupCommit((items) =>
      db.transaction().execute(async (trx) => {
        const outcomes: ItemOutcome<Share | undefined>[] = [];
        for (const item of items) {
          let share: Share | undefined;
          try {
            share = await runInsert(trx, item.query);
          } catch (error) {
            if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
            outcomes.push({ ok: false, error });
            continue;
          }
          if (share && item.after) await item.after(trx, share);
          outcomes.push({ ok: true, value: share });
        }
        return outcomes;
      }),
    );
    sqliteWriters.set(db, writer);
  }
  return writer.submit({ query, after });
}

/** Scheduled shares returned per call at most; the calendar asks for a window. */
export const SCHEDULED_LIST_LIMIT = 1000;

/**
 * The referral parent named by `parentRef`: a share of the same campaign, or none
 * (an unknown code or one of another campaign is ignored, never an error). The share
 * starts a new generation (the parent's + 1) only when its supporter came through the
 * parent's link: a click-through of theirs on the parent share is recorded (a page
 * view of that link confirmed by the page's script, click-throughs.service.ts).
 * Otherwise it keeps the parent but takes the parent's generation: a supporter naming
 * their own earlier share (their own visits are no click-throughs), or a script
 * naming any share it likes with or without a visitor cookie, stacks no generations
 * (API.md "Referral generations"). The logged share's statement
 * (buildInsertIfShareable) applies the same rule in SQL.
 */
async function referralParent(
  db: Db,
  campaignId: number,
  parentRef: string | undefined,
  supporterId: string | null,
): Promise<{ parentShareId: number | null; depth: number }> {
  if (!parentRef) return { parentShareId: null, depth: 0 };
  const parent = await db
    .selectFrom('shares')
    .select(['id', 'campaignId', 'depth'])
    .where('ref', '=', parentRef)
    .executeTakeFirst();
  if (!parent || parent.campaignId !== campaignId) return { parentShareId: null, depth: 0 };
  // A supporter the product cannot tell apart (no visitor id) came through nobody's link.
  if (supporterId === null) return { parentShareId: parent.id, depth: parent.depth };
  const cameThrough = await db
    .selectFrom('clicks')
    .select('id')
    .where('shareId', '=', parent.id)
    .where('visitorId', '=', supporterId)
    .limit(1)
    .executeTakeFirst();
  return { parentShareId: parent.id, depth: cameThrough ? parent.depth + 1 : parent.depth };
}

/** Writes a share, mapping constraint failures onto API statuses. */
async function writeShare(
  db: Db,
  dialect: DialectName,
  query: CompiledQuery<Share>,
  after?: AfterShare,
): Promise<Share | undefined> {
  return mapShareErrors(() => commitShare(db, dialect, query, after));
}

// One AfterShare per looked-up list of endpoints, not two closures per share:
// webhookTargets answers the same array while it is cached, and an array belongs to one
// database and organisation.
const createdEvents = new WeakMap<number[], AfterShare>();

/**
 * The share's `share.created` event for the organisation's subscribed endpoints, or
 * nothing when it has none: the look-up is cached (webhookTargets), so an
 * organisation without webhooks adds no statement and no transaction to a share.
 */
export async function shareCreatedEvent(db: Db, organizationId: number): Promise<AfterShare | undefined> {
  const endpointIds = await webhookTargets(db, organizationId, 'share.created');
  if (endpointIds.length === 0) return undefined;
  let after = createdEvents.get(endpointIds);
  if (!after) {
    after = (trx, share) => emitSharesCreated(trx, organizationId, [share.id], { endpointIds });
    after.withInsert = (insert) => withShareCreatedItems(insert, endpointIds);
    createdEvents.set(endpointIds, after);
  }
  return after;
}

/** The 409 of a share link code (`ref`) another share already has. */
export const SHARE_CODE_TAKEN_MESSAGE = 'This share link code is already in use';

async function mapShareErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('SHARE_CODE_TAKEN', SHARE_CODE_TAKEN_MESSAGE);
    // The asset or campaign was deleted between the ids check and the insert.
    if (isForeignKeyViolation(err)) throw notFound('NOT_FOUND', 'Campaign not found');
    throw err;
  }
}

/** The values of one logged share, as the statement takes them. */
export type LoggedShareValues = {
  assetId: number;
  campaignId: number;
  organizationId: number;
  platform: string;
  supporterInfo: string;
  status: ShareOutcome;
  ref: string | null;
  parentRef: string | null;
  /** None for a browser refusing the visitor cookie (shareSupporterId). */
  supporterId: string | null;
  supporterName: string | null;
  messageHash: string | null;
  variantId: number | null;
  source: string | null;
  /** The locale the page was in; null when the caller did not say (not recorded). */
  language: string | null;
  /** The member whose staff session made the share (teamMemberId in the supporter module); null for supporters. */
  memberId: number | null;
  createdAt: string;
  today: string;
};

const LOGGED_SHARE_VALUES = [
  'assetId',
  'campaignId',
  'organizationId',
  'platform',
  'supporterInfo',
  'status',
  'ref',
  'parentRef',
  'supporterId',
  'supporterName',
  'messageHash',
  'variantId',
  'source',
  'language',
  'memberId',
  'createdAt',
  'today',
] as const;

/**
 * The logged share as one INSERT ... SELECT: it inserts only when the campaign
 * belongs to the organisation and is open for sharing (openForSharing, the SQL form
 * of shareRefusal), and the asset is one of its assets and not deleted; it resolves
 * the referral parent (a share of the same campaign, else none) in the same
 * statement. One round trip, and one statement text compiled once per database
 * (every value a parameter), which PostgreSQL runs prepared.
 */
function buildInsertIfShareable(db: Db, v: LoggedShareValues) {
  return db
    .insertInto('shares')
    .columns([
      'assetId',
      'platform',
      'supporterInfo',
      'campaignId',
      'organizationId',
      'scheduledFor',
      'status',
      'ref',
      'supporterId',
      'supporterName',
      'parentShareId',
      'depth',
      'messageHash',
      'variantId',
      'source',
      'language',
      'memberId',
      'createdAt',
    ])
    .expression(
      db
        .selectFrom('campaigns as c')
        .innerJoin('assets as a', 'a.campaignId', 'c.id')
        // The parent is found by its code alone (the unique index on ref); that it is of
        // the same campaign is checked in the selected columns. With the campaign in the
        // join too, PostgreSQL's generic plan for this prepared statement, chosen while
        // the table was small, read every share of the campaign by its campaign index and
        // filtered on the code: a cost that grew with each share (ADR 0014, addendum).
        .leftJoin('shares as p', (join) => join.on('p.ref', '=', v.parentRef))
        // The variant was checked against the visitor's choice (shown-variant.ts); the join
        // still keeps a variant only on its own asset.
        .leftJoin('assetVariants as v', (join) =>
          join.on('v.id', '=', v.variantId).onRef('v.assetId', '=', 'a.id'),
        )
        .select((eb) => [
          'a.id',
          eb.val(v.platform).as('platform'),
          eb.val(v.supporterInfo).as('supporterInfo'),
          'c.id as campaignId',
          'c.organizationId',
          sql<null>`null`.as('scheduledFor'),
          eb.val<string>(v.status).as('status'),
          eb.val(v.ref).as('ref'),
          eb.val(v.supporterId).as('supporterId'),
          eb.val(v.supporterName).as('supporterName'),
          eb
            .case()
            .when('p.campaignId', '=', eb.ref('c.id'))
            .then(eb.ref('p.id'))
            .else(sql<number | null>`null`)
            .end()
            .as('parentShareId'),
          // The referral generation (referralParent's rule): none without a parent (or
          // with a share of another campaign), the parent's + 1 when this supporter came
          // through the parent's link, else the parent's own.
          eb
            .case()
            .when(eb.or([eb('p.id', 'is', null), eb('p.campaignId', '!=', eb.ref('c.id'))]))
            .then(sql<number>`0`)
            .when(
              eb.exists(
                eb
                  .selectFrom('clicks as k')
                  .select(sql.lit(1).as('one'))
                  .whereRef('k.shareId', '=', 'p.id')
                  .where('k.visitorId', '=', v.supporterId),
              ),
            )
            .then(eb('p.depth', '+', 1))
            .else(eb.ref('p.depth'))
            .end()
            .as('depth'),
          eb.val(v.messageHash).as('messageHash'),
          'v.id as variantId',
          eb.val(v.source).as('source'),
          eb.val(v.language).as('language'),
          eb.val(v.memberId).as('memberId'),
          eb.val(v.createdAt).as('createdAt'),
        ])
        .where('c.id', '=', v.campaignId)
        .where('c.organizationId', '=', v.organizationId)
        .where('a.id', '=', v.assetId)
        .where('a.deletedAt', 'is', null)
        .where(openForSharing({ nowIso: v.createdAt, today: v.today }, 'c'))
        // A suspended organisation's pages are gone (410): nothing is shared from them.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('organizations as o')
                .select(sql.lit(1).as('one'))
                .whereRef('o.id', '=', 'c.organizationId')
                .where('o.suspendedAt', 'is not', null),
            ),
          ),
        ),
    )
    .returning(SHARE_COLUMNS);
}

const insertIfShareableTemplates = new WeakMap<Db, (v: LoggedShareValues) => CompiledQuery<Share>>();

export function insertIfShareable(db: Db, values: LoggedShareValues): CompiledQuery<Share> {
  let template = insertIfShareableTemplates.get(db);
  if (!template) {
    template = statementTemplate(LOGGED_SHARE_VALUES, (v: LoggedShareValues) =>
      buildInsertIfShareable(db, v),
    );
    insertIfShareableTemplates.set(db, template);
  }
  return prepared(template(values));
}

/**
 * Logs a share with the outcome the caller saw (`status`: shared, opened or prepared). Durable when this resolves: SQLite commits with
 * synchronous=FULL, PostgreSQL with its commit. Counters are not touched here;
 * stats are computed from these rows. The common case is one statement; when it
 * inserts nothing, the checks run one by one to answer why (404, 400 or 409).
 */
export async function logShare(opts: {
  db: Db;
  dialect: DialectName;
  input: LogShareBody;
  /** The visitor id the share is stored under; null for a refused browser (shareSupporterId). */
  supporterId: string | null;
  /** The HMAC key of message hashes (appSecrets 'message-hash'). */
  messageKey: Buffer;
  /**
   * The visitor id when its cookie's tag checked out: only it proves whose scheduled
   * share this is and which variant the visitor was shown.
   */
  verifiedSupporterId?: string;
  /** The visitor-cookie key, from which the variant choice derives. */
  cookieKey: Buffer;
  /** The member whose staff session made the share (teamMemberId in the supporter module); none for supporters. */
  memberId?: number | null;
}): Promise<Share> {
  const { db, dialect, input, supporterId } = opts;
  const memberId = opts.memberId ?? null;
  // Only a share with a message reads the organisation's list (off the common path).
  if (input.message?.trim()) await assertNoBlockedWords(db, input.organizationId, input.message, 'message');
  const supporterName = await keptSupporterName(db, input);
  const variantId = await shownVariantId(db, {
    cookieKey: opts.cookieKey,
    visitorId: opts.verifiedSupporterId,
    assetId: input.assetId,
    variantId: input.variantId,
  });
  // Only the keyed hash of the personal message is stored, never its words.
  const hashOfMessage = messageHash(opts.messageKey, input.message);
  const createdEvent = await shareCreatedEvent(db, input.organizationId);
  if (input.scheduledShareId) {
    await assertShareable(db, input);
    const moved = await shareFromSchedule({
      createdEvent,
      db,
      dialect,
      scheduledShareId: input.scheduledShareId,
      input,
      supporterId,
      owner: opts.verifiedSupporterId,
      supporterName,
      messageHash: hashOfMessage,
      variantId,
      memberId,
    });
    if (moved) return moved;
  }
  const after = createdEvent;
  const createdAt = nowIso();
  const query = insertIfShareable(db, {
    assetId: input.assetId,
    campaignId: input.campaignId,
    organizationId: input.organizationId,
    platform: input.platform,
    supporterInfo: input.supporterInfo ?? '',
    status: input.status ?? 'shared',
    ref: input.ref ?? null,
    parentRef: input.parentRef ?? null,
    supporterId,
    supporterName,
    messageHash: hashOfMessage,
    variantId,
    source: input.source ?? null,
    language: input.language ?? null,
    memberId,
    createdAt,
    today: createdAt.slice(0, 10),
  });
  let share = await writeShare(db, dialect, query, after);
  if (!share) {
    await assertShareable(db, input, Date.parse(createdAt));
    // Shareable after all: the campaign or asset changed between the statement and the checks.
    const parent = await referralParent(db, input.campaignId, input.parentRef, supporterId);
    share = await writeShare(
      db,
      dialect,
      insertShare(db, {
        ...parent,
        variantId,
        source: input.source ?? null,
        language: input.language ?? null,
        assetId: input.assetId,
        platform: input.platform,
        supporterInfo: input.supporterInfo ?? '',
        campaignId: input.campaignId,
        organizationId: input.organizationId,
        scheduledFor: null,
        status: input.status ?? 'shared',
        ref: input.ref ?? null,
        supporterId,
        supporterName,
        messageHash: hashOfMessage,
        memberId,
        createdAt,
      }),
      after,
    );
    if (!share) throw new Error('Share insert returned no row');
  }
  writeCounters.sharesLogged++;
  return share;
}

/**
 * The name a supporter gave with a share is kept only while the organisation collects
 * supporter information (the page offers the field only then); otherwise the share
 * stays anonymous. Settings are read only when a name was sent, off the hot path; an
 * unknown organisation keeps no name (the insert then answers why it refused).
 */
async function keptSupporterName(db: Db, input: LogShareBody): Promise<string | null> {
  if (!input.supporterName) return null;
  try {
    const settings = await getSettings(db, input.organizationId);
    return settings.supporters.collectInfo ? input.supporterName : null;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  }
}

/** The scheduled share's `share.created` event (with which reminder, never to whom), if anyone subscribed. */
async function scheduledShareEvent(
  db: Db,
  organizationId: number,
  reminder: 'email' | 'push' | null,
): Promise<AfterShare | undefined> {
  const endpointIds = await webhookTargets(db, organizationId, 'share.scheduled');
  if (endpointIds.length === 0) return undefined;
  return (trx, share) =>
    emitWebhookEvent(
      trx,
      organizationId,
      'share.scheduled',
      {
        id: share.id,
        campaignId: share.campaignId,
        assetId: share.assetId,
        platform: share.platform,
        scheduledFor: share.scheduledFor as string,
        reminder,
      },
      { endpointIds },
    );
}

/** Schedules a share for later: always status 'pending', platform may be 'all'. */
export async function scheduleShare(opts: {
  db: Db;
  dialect: DialectName;
  input: ScheduleShareBody;
  /** The visitor id the share is stored under; null for a refused browser (shareSupporterId). */
  supporterId: string | null;
  /** The member whose staff session scheduled it (teamMemberId in the supporter module); none for supporters. */
  memberId?: number | null;
  now?: number;
  /**
   * Checks the requested reminder once the share itself is valid; it is saved in the
   * share's transaction (with the mail it causes), so a refusal then writes nothing.
   */
  checkReminder?: () => Promise<CheckedReminder>;
  /** The shared moment this share commits to (modules/moments): one per visitor, a unique index. */
  momentId?: number;
}): Promise<Share> {
  const { db, dialect, input, supporterId } = opts;
  const { assetId, campaignId, organizationId, platform, scheduledFor } = input;
  // The schema already rejects these; narrowing keeps the types honest.
  if (!assetId || !campaignId || !organizationId || !platform || !scheduledFor) {
    throw badRequest('VALIDATION_FAILED', 'Missing required fields for scheduling a share');
  }
  const when = Date.parse(scheduledFor);
  if (!(when > (opts.now ?? Date.now())))
    throw badRequest('SCHEDULE_NOT_IN_FUTURE', 'Scheduled time must be in the future');
  const endsAt = await assertShareable(db, { assetId, campaignId, organizationId });
  if (endsAt !== null && when >= endsAt)
    throw badRequest('SCHEDULE_AFTER_CAMPAIGN_END', 'Scheduled time must be before the campaign ends');
  await assertScheduledText(db, { assetId, campaignId, organizationId }, input.text);
  const reminder = await opts.checkReminder?.();
  const parent = await referralParent(db, campaignId, input.parentRef, supporterId);
  const values: ShareValues = {
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
    // Kept for the share posted from it and for its reminder's words.
    language: input.language ?? null,
    memberId: opts.memberId ?? null,
    ...(opts.momentId !== undefined && { momentId: opts.momentId }),
  };
  const scheduledEvent = await scheduledShareEvent(
    db,
    organizationId,
    reminder ? (reminder.values.email !== null ? 'email' : 'push') : null,
  );
  const share = reminder
    ? await db.transaction().execute(async (trx) => {
        const written = await mapShareErrors(() => runInsert(trx, insertShare(trx, values)));
        if (!written) throw new Error('Share insert returned no row');
        await reminder.save(trx, { id: written.id, scheduledFor: written.scheduledFor as string });
        await scheduledEvent?.(trx, written);
        return written;
      })
    : await writeShare(db, dialect, insertShare(db, values), scheduledEvent);
  if (!share) throw new Error('Share insert returned no row');
  writeCounters.sharesScheduled++;
  // Only a visitor the product recognises can prove the replaced share is theirs.
  if (input.replaces && supporterId !== null)
    await retireReplaced(db, input.replaces, { supporterId, campaignId });
  return share;
}

/**
 * A reschedule retires the share it replaces: only the same visitor's, in the same
 * campaign, still pending. Anything else is left as it is (never an error: the new
 * share stands either way). The retired share's reminder goes with the address or
 * subscription in it: nothing is left to remind of. A retired commitment to a shared
 * moment leaves the moment (`momentId` cleared, docs/decisions/0037): it no longer
 * counts, and the visitor's one place in the moment is free to commit again.
 */
async function retireReplaced(
  db: Db,
  shareId: number,
  owner: { supporterId: string; campaignId: number },
): Promise<void> {
  const retired = await db
    .updateTable('shares')
    .set({ status: 'rescheduled', momentId: null })
    .where('id', '=', shareId)
    .where('supporterId', '=', owner.supporterId)
    .where('campaignId', '=', owner.campaignId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(retired.numUpdatedRows) > 0)
    await db.deleteFrom('reminders').where('shareId', '=', shareId).where('status', '=', 'pending').execute();
}

/** Pending scheduled shares of one organisation, soonest first, for the staff calendar. */
export async function listScheduledShares(opts: {
  db: Db;
  organizationId: number;
  query: ScheduledSharesQuery;
}): Promise<ScheduledShareItem[]> {
  const { db, organizationId, query } = opts;
  let q = sharesWithAssetAndCampaign(db)
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
    .where('assets.deletedAt', 'is', null)
    .where(notOver(sqlNow()));
  if (query.from) q = q.where('shares.scheduledFor', '>=', new Date(query.from).toISOString());
  if (query.to) q = q.where('shares.scheduledFor', '<', new Date(query.to).toISOString());
  const rows = await q
    .orderBy('shares.scheduledFor')
    .orderBy('shares.id')
    .limit(SCHEDULED_LIST_LIMIT)
    .execute();
  return rows as ScheduledShareItem[];
}
