import { SHARING_STATUS } from '#shared/campaign-lifecycle.ts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

// The campaign lifecycle of src/shared/campaign-lifecycle.ts as SQL conditions, for
// the statements that decide in the database: the share write (one INSERT ...
// SELECT), the reminder job, the public lists. The same on SQLite and PostgreSQL.
//
// Campaign dates are stored in the two forms `storedDate` writes (every write goes
// through it; migration 0020 brought older rows to them): a plain UTC date
// (yyyy-MM-dd) and a UTC instant as toISOString writes it. Both sort as text in time
// order, so each rule is a text comparison with `now`:
// - a start has come when start <= nowIso: a plain date of today is a prefix of
//   nowIso, so it sorts before it, as it should (it started at 00:00 UTC);
// - an end is still ahead when end > nowIso (an instant, or a plain date after
//   today) or end = today (a plain date runs through its whole UTC day).

/** `now` as the conditions compare it: the instant as toISOString writes it, and its UTC day. */
export interface SqlNow {
  nowIso: string;
  today: string;
}

export function sqlNow(now: number | Date = Date.now()): SqlNow {
  const nowIso = new Date(now).toISOString();
  return { nowIso, today: nowIso.slice(0, 10) };
}

/** The campaigns table or its alias in the statement ('campaigns', 'c'). */
type CampaignTable = string;

const column = (table: CampaignTable, name: 'status' | 'startDate' | 'endDate') =>
  sql.ref(`${table}.${name}`);

/** The campaign's start date, if any, has come (startInstant <= now). */
function startReached(at: SqlNow, table: CampaignTable): RawBuilder<SqlBool> {
  const start = column(table, 'startDate');
  return sql<SqlBool>`(${start} is null or ${start} <= ${at.nowIso})`;
}

/** The campaign's end date, if any, is still ahead (endInstant > now). */
function endAhead(at: SqlNow, table: CampaignTable): RawBuilder<SqlBool> {
  const end = column(table, 'endDate');
  return sql<SqlBool>`(${end} is null or ${end} > ${at.nowIso} or ${end} = ${at.today})`;
}

/**
 * The campaign takes shares, scheduled shares and reminders at `at`: what
 * `shareRefusal(campaign, now) === null` says (status `active`, within its dates).
 */
export function openForSharing(at: SqlNow, table: CampaignTable = 'campaigns'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column(table, 'status')} = ${SHARING_STATUS} and ${startReached(at, table)} and ${endAhead(at, table)})`;
}

/**
 * The campaign is not over at `at`: neither ended (by status or by its end date,
 * `hasEnded`) nor archived. Paused and not yet started campaigns are not over.
 */
export function notOver(at: SqlNow, table: CampaignTable = 'campaigns'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column(table, 'status')} not in (${'ended'}, ${'archived'}) and ${endAhead(at, table)})`;
}
