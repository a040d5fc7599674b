import { randomBytes } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';
import { ANONYMOUS_PREFIX, type PersonalField, personalFields } from '../../db/personal-data.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { Job } from '../../jobs/runner.ts';

// The retention of raw events (issue 27 item 5, docs/privacy.md "How long"): an
// organisation's shares, click-throughs, visits and variant views keep their personal
// fields (the registry's `rawEvents` columns) for its `personalDataMonths`; after that
// this job strips them, as the registry's erasure rule says, a batch a step.
//
// Counts never change: an event is stripped only once the rollup job has counted it
// (its id at or below the table's mark in rollupState), the event row stays, and a
// visitor id that is part of a key gets a fresh anonymous value per row (variant views
// and visits are counted by rows). Variant views are not rolled up: they are counted
// by rows, which stay.
//
// A scheduled share is an event of its creation and of its moment: it keeps its fields
// until both are past the retention (the reminder and the supporter posting it from
// the reminder link need its words, name and visitor id at and after its moment).
//
// `organizations.personalDataStrippedTo` is the cutoff of the last finished pass, so a
// pass reads only the events created between it and the new cutoff; it does not move
// while an event of the window waits for the rollups. The shares of that window
// scheduled after the cutoff are held back, and the mark still moves past them: a
// second window of each pass reads, by their moment, the shares created before the
// mark and scheduled between the mark and the new cutoff, which is where every
// held-back share lands once its moment is past the retention.

export const RETENTION_JOB = 'personal-data-retention';
/** Daily: an event loses its personal fields within a day of its date. */
export const RETENTION_EVERY_MS = DAY_MS;
/** Events stripped in one step (one transaction), across tables and organisations. */
export const RETENTION_BATCH = 1000;
/** Organisations one step looks at, at most. */
export const RETENTION_ORGS_PER_STEP = 100;

export type EventTable = 'shares' | 'clicks' | 'visits' | 'variantViews';

export interface EventSource {
  table: EventTable;
  /** Its rollup mark in rollupState, or null when it is counted by rows and never rolled up. */
  mark: 'shares' | 'clicks' | 'visits' | null;
  /** The columns that pick out one row. */
  key: string[];
  /** How the rows of an organisation are found. */
  orgColumn: 'organizationId' | 'campaignId';
  /**
   * The window a pass reads: events created between the mark and the cutoff, or the
   * shares held back by earlier passes whose moment is now between them.
   */
  by: 'createdAt' | 'scheduledFor';
}

const SOURCES: EventSource[] = [
  { table: 'shares', mark: 'shares', key: ['id'], orgColumn: 'organizationId', by: 'createdAt' },
  { table: 'shares', mark: 'shares', key: ['id'], orgColumn: 'organizationId', by: 'scheduledFor' },
  { table: 'clicks', mark: 'clicks', key: ['id'], orgColumn: 'organizationId', by: 'createdAt' },
  { table: 'visits', mark: 'visits', key: ['id'], orgColumn: 'organizationId', by: 'createdAt' },
  {
    table: 'variantViews',
    mark: null,
    key: ['variantId', 'visitorId', 'day'],
    orgColumn: 'campaignId',
    by: 'createdAt',
  },
];

/** The sources a pass reads: a first pass (no mark) has held nothing back before. */
const sourcesOf = (pass: Pass) => (pass.from ? SOURCES : SOURCES.filter((s) => s.by === 'createdAt'));

/** The registry's retention-bound personal columns of a table. */
export const rawEventFields = (table: EventTable): PersonalField[] =>
  personalFields().filter((f) => f.table === table && f.retention === 'rawEvents');

/** A fresh anonymous value: unique per row, linked to nothing. */
export const anonymousId = () => `${ANONYMOUS_PREFIX}${randomBytes(12).toString('base64url')}`;

/** The value a field takes when stripped (or erased). */
function strippedValue(f: PersonalField): string | null {
  switch (f.erase) {
    case 'null':
      return null;
    case 'empty':
      return '';
    case 'anonymise':
      return anonymousId();
    default:
      throw new Error(`${f.table}.${f.column}: erasure ${f.erase} is not one the retention job applies`);
  }
}

type AnyEb = ExpressionBuilder<any, any>;

/** True while any of the fields still holds what it held: the rows a pass has left to strip. */
function stillPersonal(eb: AnyEb, fields: PersonalField[]): Expression<SqlBool> {
  return eb.or(
    fields.map((f) => {
      const c = eb.ref(f.column);
      if (f.erase === 'null') return eb(c, 'is not', null);
      if (f.erase === 'empty') return eb(c, '<>', '');
      return eb(c, 'not like', `${ANONYMOUS_PREFIX}%`);
    }),
  );
}

/** `now` minus `months` calendar months (UTC), the day kept within the shorter month. */
export function cutoffFor(months: number, now: number): string {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.toISOString();
}

export interface Pass {
  organizationId: number;
  /** Events created before it are past the retention. */
  cutoff: string;
  /** Events before it were stripped by an earlier pass. */
  from: string | null;
}

/** The organisations after `after` whose last pass is older than their cutoff, by id. */
async function duePasses(trx: Db, now: number, after: number, limit: number): Promise<Pass[]> {
  const months = await trx.selectFrom('organizations').select('personalDataMonths').distinct().execute();
  const passes: Pass[] = [];
  for (const { personalDataMonths } of months) {
    const cutoff = cutoffFor(personalDataMonths, now);
    const due = await trx
      .selectFrom('organizations')
      .select(['id', 'personalDataStrippedTo'])
      .where('personalDataMonths', '=', personalDataMonths)
      .where('id', '>', after)
      .where((eb) =>
        eb.or([eb('personalDataStrippedTo', 'is', null), eb('personalDataStrippedTo', '<', cutoff)]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const o of due) passes.push({ organizationId: o.id, cutoff, from: o.personalDataStrippedTo });
  }
  return passes.sort((a, b) => a.organizationId - b.organizationId).slice(0, limit);
}

/** The rows of `source` in the pass's window, optionally only those above or at most at the mark. */
function windowRows(trx: Db, source: EventSource, pass: Pass) {
  const db = trx as unknown as Kysely<any>;
  let q = db.selectFrom(source.table);
  if (source.by === 'scheduledFor') {
    // Shares an earlier pass held back (created before its cutoff, scheduled after
    // it) whose moment is now past the retention too; read by shares_org_scheduled_idx.
    if (!pass.from) throw new Error('Held-back shares are read only after a first pass');
    q = q
      .where('scheduledFor', 'is not', null)
      .where('scheduledFor', '>=', pass.from)
      .where('scheduledFor', '<', pass.cutoff)
      .where('createdAt', '<', pass.from);
  } else {
    q = q.where('createdAt', '<', pass.cutoff);
    if (pass.from) q = q.where('createdAt', '>=', pass.from);
    // A scheduled share whose moment is not yet past the retention keeps what it needs;
    // the window by `scheduledFor` of a later pass strips it.
    if (source.table === 'shares')
      q = q.where((eb) => eb.or([eb('scheduledFor', 'is', null), eb('scheduledFor', '<', pass.cutoff)]));
  }
  q =
    source.orgColumn === 'organizationId'
      ? q.where('organizationId', '=', pass.organizationId)
      : q.where(
          'campaignId',
          'in',
          db.selectFrom('campaigns').select('id').where('organizationId', '=', pass.organizationId),
        );
  return q.where((eb) => stillPersonal(eb, rawEventFields(source.table)));
}

/** The keys of up to `budget` rows of one table a pass strips next (bench/retention-plans.ts explains it). */
export function strippable(
  trx: Db,
  source: EventSource,
  pass: Pass,
  mark: number | undefined,
  budget: number,
) {
  let q = windowRows(trx, source, pass).select(source.key);
  if (source.mark)
    q = q.where('id', '<=', mark ?? 0).orderBy(source.by === 'scheduledFor' ? 'scheduledFor' : 'id');
  return q.limit(budget);
}

/** The source of each raw event table's window (by creation, or the held-back shares by their moment). */
export const eventSource = (table: EventTable, by: EventSource['by'] = 'createdAt'): EventSource =>
  SOURCES.find((s) => s.table === table && s.by === by)!;

/** Strips up to `budget` rows of one table in a pass; returns how many it stripped. */
async function stripSome(
  trx: Db,
  source: EventSource,
  pass: Pass,
  mark: number | undefined,
  budget: number,
): Promise<number> {
  const db = trx as unknown as Kysely<any>;
  const fields = rawEventFields(source.table);
  const rows = (await strippable(trx, source, pass, mark, budget).execute()) as Record<string, unknown>[];
  if (rows.length === 0) return 0;
  if (fields.every((f) => f.erase !== 'anonymise') && source.key.length === 1) {
    const set = Object.fromEntries(fields.map((f) => [f.column, strippedValue(f)]));
    await db
      .updateTable(source.table)
      .set(set)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  }
  // Each row its own anonymous values, so keys and unique indexes hold.
  for (const row of rows) {
    let u = db
      .updateTable(source.table)
      .set(Object.fromEntries(fields.map((f) => [f.column, strippedValue(f)])));
    for (const k of source.key) u = u.where(k, '=', row[k]);
    await u.execute();
  }
  return rows.length;
}

/** Whether an event of the pass's window is still past the rollup mark (the pass must wait). */
async function waitsForRollups(trx: Db, source: EventSource, pass: Pass, mark: number | undefined) {
  if (!source.mark) return false;
  const row = await windowRows(trx, source, pass)
    .select(sql<number>`1`.as('one'))
    .where('id', '>', mark ?? 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One step of a run: strips up to `batch` events of the organisations due after
 * `after.id`, moving `after.id` past each one finished. Returns whether more is
 * waiting (the runner calls it again; the periodic job is not stamped until a step
 * finds nothing more); a run's last step sets `after.id` back to 0.
 */
export async function stripExpiredPersonalData(
  trx: Db,
  opts: { now: number; batch?: number; after?: { id: number } },
): Promise<boolean> {
  const after = opts.after ?? { id: 0 };
  let budget = opts.batch ?? RETENTION_BATCH;
  const marks = new Map(
    (await trx.selectFrom('rollupState').select(['name', 'lastId']).execute()).map((r) => [r.name, r.lastId]),
  );
  const passes = await duePasses(trx, opts.now, after.id, RETENTION_ORGS_PER_STEP);
  for (const pass of passes) {
    let waiting = false;
    for (const source of sourcesOf(pass)) {
      const mark = source.mark ? marks.get(source.mark) : undefined;
      budget -= await stripSome(trx, source, pass, mark, budget);
      // The organisation is taken up again by the next step, where it stopped.
      if (budget <= 0) return true;
      waiting ||= await waitsForRollups(trx, source, pass, mark);
    }
    // An event of the window still waits for the rollups: the next run reads it again.
    if (!waiting)
      await trx
        .updateTable('organizations')
        .set({ personalDataStrippedTo: pass.cutoff })
        .where('id', '=', pass.organizationId)
        .execute();
    after.id = pass.organizationId;
  }
  if (passes.length === RETENTION_ORGS_PER_STEP) return true;
  after.id = 0;
  return false;
}

/** The retention job: daily, after the rollups of the same tick. */
export function personalDataRetentionJob(opts: { now?: () => number; batch?: number } = {}): Job {
  // Where the run has got to: a step's transaction that fails leaves it where it was
  // before that step, which only repeats work that the next step finds already done.
  const after = { id: 0 };
  return periodicJob({
    name: RETENTION_JOB,
    lockKey: 27,
    everyMs: RETENTION_EVERY_MS,
    now: opts.now,
    work: (trx, now) => stripExpiredPersonalData(trx, { now, batch: opts.batch, after }),
  });
}
