import { createHmac } from 'node:crypto';
import { type CompiledQuery, type Insertable, sql } from 'kysely';
import {
  CLICK_DEDUP_WINDOW_MS,
  CLICK_NETWORK_WINDOW_MS,
  CLICKS_PER_SHARE_PER_NETWORK,
} from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { statementTemplate } from '../../db/statement-template.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { ClicksTable } from '../../db/schema.ts';
import { batchedWriter } from '../../lib/group-commit.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';
import { writeCounters } from '../../lib/write-counters.ts';
import { campaignOrganization, emitWebhookEvent, webhookTargets } from '../webhooks/index.ts';

type ClickValues = Insertable<ClicksTable> & { networkHash: string };

/**
 * Keyed hash of the client's network (lib/client-address.ts clientNetwork: IPv4
 * address or IPv6 /64): the cap needs equality, not the address.
 */
export const networkHash = (key: Buffer, network: string): string =>
  createHmac('sha256', key).update(network).digest('base64url').slice(0, 22);

/**
 * Inserts the click unless this visitor already has one for this share within 24 h,
 * or the share already has its cap of clicks from this network.
 */
async function insertWithinLimits(db: Db, values: ClickValues): Promise<boolean> {
  const recent = await db
    .selectFrom('clicks')
    .select('id')
    .where('shareId', '=', values.shareId)
    .where('visitorId', '=', values.visitorId)
    .where('createdAt', '>', isoBefore(CLICK_DEDUP_WINDOW_MS))
    .limit(1)
    .executeTakeFirst();
  if (recent) return false;
  const fromNetwork = await db
    .selectFrom(
      db
        .selectFrom('clicks')
        .select('id')
        .where('shareId', '=', values.shareId)
        .where('networkHash', '=', values.networkHash)
        .where('createdAt', '>', isoBefore(CLICK_NETWORK_WINDOW_MS))
        .limit(CLICKS_PER_SHARE_PER_NETWORK)
        .as('n'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(fromNetwork.n) >= CLICKS_PER_SHARE_PER_NETWORK) return false;
  await db.insertInto('clicks').values(values).execute();
  return true;
}

/**
 * Checks and insert in one transaction, on SQLite: clicks arriving together (a link
 * going viral) share one transaction and one fsync; the checks run inside it, so
 * they stay exact. A constraint failure (the share was just deleted) fails that click alone.
 */
const isConstraintError = (error: unknown) => /constraint/i.test(String((error as { code?: string })?.code));
const writeSqliteClick = batchedWriter(async (trx: Db, item: { values: ClickValues; after?: AfterClick }) => {
  const recorded = await insertWithinLimits(trx, item.values);
  if (recorded) await item.after?.(trx);
  return recorded;
}, isConstraintError);

/** The click's `click.confirmed` event, written in the click's transaction. */
type AfterClick = (trx: Db) => Promise<void>;

/**
 * The click's webhook event for the campaign's organisation, or nothing when it has no
 * subscriber: both look-ups are cached, so a click of an organisation without
 * webhooks costs no statement more.
 */
async function clickConfirmedEvent(
  db: Db,
  campaignId: number,
  share: () => Promise<{ id: number; platform: string } | undefined>,
): Promise<AfterClick | undefined> {
  const organizationId = await campaignOrganization(db, campaignId);
  if (organizationId === undefined) return undefined;
  const endpointIds = await webhookTargets(db, organizationId, 'click.confirmed');
  if (endpointIds.length === 0) return undefined;
  return async (trx) => {
    const clicked = await share();
    if (!clicked) return;
    await emitWebhookEvent(
      trx,
      organizationId,
      'click.confirmed',
      { clicks: [{ campaignId, shareId: clicked.id, platform: clicked.platform, confirmedAt: nowIso() }] },
      { endpointIds },
    );
  };
}

/**
 * On PostgreSQL the share lookup, the checks and the insert are one prepared call of
 * record_click_through (migration 0011-write-path): it takes a transaction-scoped
 * advisory lock on the share before the checks, so the per-visitor and per-network
 * limits are exact under simultaneous clicks, in one round trip.
 */
type ClickCallValues = {
  campaignId: number;
  ref: string;
  visitorId: string;
  networkHash: string;
  createdAt: string;
  dedupSince: string;
  networkSince: string;
};

const CLICK_CALL_VALUES = [
  'campaignId',
  'ref',
  'visitorId',
  'networkHash',
  'createdAt',
  'dedupSince',
  'networkSince',
] as const;

const clickCallTemplates = new WeakMap<Db, (v: ClickCallValues) => CompiledQuery<{ recorded: boolean }>>();

async function recordPostgresClick(
  db: Db,
  v: { campaignId: number; ref: string; visitorId: string; networkHash: string },
): Promise<boolean> {
  let template = clickCallTemplates.get(db);
  if (!template) {
    template = statementTemplate(CLICK_CALL_VALUES, (p: ClickCallValues) => ({
      compile: () =>
        sql<{
          recorded: boolean;
        }>`select record_click_through(${p.campaignId}, ${p.ref}, ${p.visitorId}, ${p.networkHash}, ${p.createdAt}, ${p.dedupSince}, ${p.networkSince}, ${CLICKS_PER_SHARE_PER_NETWORK}) as recorded`.compile(
          db,
        ),
    }));
    clickCallTemplates.set(db, template);
  }
  const now = Date.now();
  const query = template({
    ...v,
    createdAt: new Date(now).toISOString(),
    dedupSince: isoBefore(CLICK_DEDUP_WINDOW_MS, now),
    networkSince: isoBefore(CLICK_NETWORK_WINDOW_MS, now),
  });
  const { rows } = await db.executeQuery(prepared(query));
  return rows[0]?.recorded === true;
}

/**
 * Counts one click-through for the share whose tracked link this visitor followed
 * and whose page confirmed the visit (API.md "Honest click-throughs"). The caller has
 * checked the request (browser, not a prefetch, a cookie this server issued); here:
 * nothing is counted for an unknown code, a code of another campaign, the sharer's
 * own visit, a repeat within 24 h, or past the share's cap for the client network.
 * Returns whether a click was recorded.
 */
export async function recordClickThrough(opts: {
  db: Db;
  dialect: DialectName;
  campaignId: number;
  ref: string;
  visitorId: string;
  networkHash: string;
}): Promise<boolean> {
  const { db, dialect, campaignId, ref, visitorId } = opts;
  if (dialect !== 'sqlite') {
    const click = { campaignId, ref, visitorId, networkHash: opts.networkHash };
    const after = await clickConfirmedEvent(db, campaignId, () =>
      db.selectFrom('shares').select(['id', 'platform']).where('ref', '=', ref).executeTakeFirst(),
    );
    const recorded = after
      ? await db.transaction().execute(async (trx) => {
          const done = await recordPostgresClick(trx, click);
          if (done) await after(trx);
          return done;
        })
      : await recordPostgresClick(db, click);
    if (recorded) writeCounters.clicksRecorded++;
    return recorded;
  }
  const share = await db
    .selectFrom('shares')
    .select(['id', 'campaignId', 'organizationId', 'supporterId', 'platform'])
    .where('ref', '=', ref)
    .executeTakeFirst();
  // A scheduled share's link (the calendar reminder) is a tracked link too: once the
  // supporter posts it, its visits are real click-throughs.
  if (!share || share.campaignId !== campaignId) return false;
  if (share.supporterId === visitorId) return false;
  const after = await clickConfirmedEvent(db, campaignId, async () => share);
  const recorded = await writeSqliteClick(db, {
    values: {
      shareId: share.id,
      campaignId: share.campaignId,
      organizationId: share.organizationId,
      sharerId: share.supporterId,
      visitorId,
      networkHash: opts.networkHash,
      createdAt: nowIso(),
    },
    after,
  });
  if (recorded) writeCounters.clicksRecorded++;
  return recorded;
}

interface UnconfirmedValues {
  campaignId: number;
  ref: string;
  visitorId: string | undefined;
  hour: string;
}

/** Adds one to the campaign's counter of the hour, when `ref` is a share of the campaign and not the visitor's own. */
async function addUnconfirmed(db: Db, v: UnconfirmedValues): Promise<boolean> {
  let share = db
    .selectFrom('shares')
    .select(['campaignId', 'organizationId', sql<string>`${v.hour}`.as('hour'), sql<number>`1`.as('count')])
    .where('ref', '=', v.ref)
    .where('campaignId', '=', v.campaignId);
  const { visitorId } = v;
  if (visitorId)
    share = share.where((eb) => eb.or([eb('supporterId', 'is', null), eb('supporterId', '<>', visitorId)]));
  const result = await db
    .insertInto('unconfirmedClicks')
    .columns(['campaignId', 'organizationId', 'hour', 'count'])
    .expression(share)
    .onConflict((oc) =>
      oc
        .columns(['campaignId', 'hour'])
        .doUpdateSet((eb) => ({ count: eb('unconfirmedClicks.count', '+', 1) })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** On SQLite, with the clicks' group commit: a burst of forged confirmations costs one fsync, not one each. */
const writeSqliteUnconfirmed = batchedWriter(addUnconfirmed, isConstraintError);

/**
 * Counts a confirmation that did not prove a page view of the share link (API.md
 * "Honest click-throughs": no visit token, a forged one, one for another visitor or
 * share, one sent too soon or too late): not a click-through, but an unconfirmed one,
 * in a counter per campaign and UTC hour (bounded whatever is sent). Nothing for an
 * unknown code, a code of another campaign, or the sharer's own confirmation.
 * Returns whether it was counted.
 */
export async function recordUnconfirmedClick(opts: {
  db: Db;
  dialect: DialectName;
  campaignId: number;
  ref: string;
  visitorId: string | undefined;
}): Promise<boolean> {
  const values = {
    campaignId: opts.campaignId,
    ref: opts.ref,
    visitorId: opts.visitorId,
    hour: nowIso().slice(0, 13),
  };
  return opts.dialect === 'sqlite'
    ? writeSqliteUnconfirmed(opts.db, values)
    : addUnconfirmed(opts.db, values);
}
