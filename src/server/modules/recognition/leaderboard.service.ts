import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import { LEADERBOARD_SIZE, type LeaderboardKind, type LeaderboardRow } from '#shared/schemas/recognition.ts';
import type { Db } from '../../db/client.ts';
import { recruitRows, type RecruitScope } from '../../db/recruits.ts';
import { csvRow } from '../stats/index.ts';

// The staff leaderboard (docs/api.md "Staff leaderboard"): an organisation's supporters
// or members by shares, then recruits, with their click-throughs; filtered by campaign
// and period (UTC days). A supporter is named only as they chose for the boards (opted
// in, not hidden); everyone else is "Anonymous supporter" and a keyed hash, never the
// cookie. Members are named as their team knows them.

export interface LeaderboardFilter {
  kind: LeaderboardKind;
  campaignId?: number;
  /** UTC days, both ends included. */
  from?: string;
  to?: string;
}

interface Figures {
  key: string | number;
  shares: number;
  clickThroughs: number;
  recruits: number;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();

function scopeOf(organizationId: number, f: LeaderboardFilter): RecruitScope {
  return {
    organizationId,
    campaignId: f.campaignId,
    from: f.from ? `${f.from}T00:00:00.000Z` : undefined,
    before: f.to ? nextDay(f.to) : undefined,
  };
}

/**
 * The label of a supporter shown without a name: stable within the organisation, and
 * reveals nothing of the visitor id. Keyed by the organisation too: the visitor cookie
 * is one per instance, so one label everywhere would tell two organisations comparing
 * their lists that the same person supports both.
 */
export const anonymousLabel = (key: Buffer, organizationId: number, supporterId: string) =>
  `Anonymous supporter ${createHmac('sha256', key).update(`leaderboard:${organizationId}:${supporterId}`).digest('hex').slice(0, 6)}`;

/** The organisation's shares in the scope, with outcome `shared`. */
function sharesIn(db: Db, s: RecruitScope) {
  let q = db
    .selectFrom('shares')
    .where('organizationId', '=', s.organizationId)
    .where('status', '=', 'shared');
  if (s.campaignId !== undefined) q = q.where('campaignId', '=', s.campaignId);
  if (s.from !== undefined) q = q.where('createdAt', '>=', s.from);
  if (s.before !== undefined) q = q.where('createdAt', '<', s.before);
  return q;
}

/** The organisation's click-throughs in the scope, with the share they came through. */
function clicksIn(db: Db, s: RecruitScope) {
  let q = db
    .selectFrom('clicks as k')
    .innerJoin('shares as ks', 'ks.id', 'k.shareId')
    .where('k.organizationId', '=', s.organizationId);
  if (s.campaignId !== undefined) q = q.where('k.campaignId', '=', s.campaignId);
  if (s.from !== undefined) q = q.where('k.createdAt', '>=', s.from);
  if (s.before !== undefined) q = q.where('k.createdAt', '<', s.before);
  return q;
}

const zero = sql<number>`0`;
const FIGURES_LIMIT = LEADERBOARD_SIZE;

/** Each supporter's figures (by visitor id), the top LEADERBOARD_SIZE by shares then recruits. */
async function supporterFigures(db: Db, s: RecruitScope): Promise<Figures[]> {
  const shares = sharesIn(db, s)
    .select((eb) => [
      'supporterId as key',
      eb.fn.countAll<number>().as('shares'),
      zero.as('clicks'),
      zero.as('recruits'),
    ])
    .where('supporterId', 'is not', null)
    .groupBy('supporterId');
  const clicks = clicksIn(db, s)
    .select((eb) => [
      'k.sharerId as key',
      zero.as('shares'),
      eb.fn.countAll<number>().as('clicks'),
      zero.as('recruits'),
    ])
    .where('k.sharerId', 'is not', null)
    .groupBy('k.sharerId');
  const recruits = db
    .selectFrom(recruitRows(db, s).as('r'))
    .select((eb) => [
      'r.recruiterId as key',
      zero.as('shares'),
      zero.as('clicks'),
      eb.fn.countAll<number>().as('recruits'),
    ])
    .where('r.recruiterId', 'is not', null)
    .groupBy('r.recruiterId');
  const rows = await db
    .selectFrom(shares.unionAll(clicks).unionAll(recruits).as('t'))
    .select((eb) => [
      't.key',
      eb.fn.sum<number | string>('t.shares').as('shares'),
      eb.fn.sum<number | string>('t.clicks').as('clicks'),
      eb.fn.sum<number | string>('t.recruits').as('recruits'),
    ])
    .groupBy('t.key')
    .orderBy('shares', 'desc')
    .orderBy('recruits', 'desc')
    .orderBy('t.key')
    .limit(FIGURES_LIMIT)
    .execute();
  return rows.map((r) => ({
    key: String(r.key),
    shares: Number(r.shares),
    clickThroughs: Number(r.clicks),
    recruits: Number(r.recruits),
  }));
}

/** Each current member's figures: the shares they made signed in, their clicks and recruits. */
async function memberFigures(db: Db, s: RecruitScope): Promise<Figures[]> {
  const [shares, clicks, recruits, members] = await Promise.all([
    sharesIn(db, s)
      .select((eb) => ['memberId as key', eb.fn.countAll<number | string>().as('n')])
      .where('memberId', 'is not', null)
      .groupBy('memberId')
      .execute(),
    clicksIn(db, s)
      .select((eb) => ['ks.memberId as key', eb.fn.countAll<number | string>().as('n')])
      .where('ks.memberId', 'is not', null)
      .groupBy('ks.memberId')
      .execute(),
    db
      .selectFrom(recruitRows(db, s).as('r'))
      .select((eb) => ['r.recruiterMember as key', eb.fn.countAll<number | string>().as('n')])
      .where('r.recruiterMember', 'is not', null)
      .groupBy('r.recruiterMember')
      .execute(),
    db.selectFrom('users').select('id').where('organizationId', '=', s.organizationId).execute(),
  ]);
  const byMember = (rows: { key: number | null; n: number | string }[]) =>
    new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
  const [sh, cl, re] = [byMember(shares), byMember(clicks), byMember(recruits)];
  return members
    .map((m) => ({
      key: m.id,
      shares: sh.get(m.id) ?? 0,
      clickThroughs: cl.get(m.id) ?? 0,
      recruits: re.get(m.id) ?? 0,
    }))
    .sort((a, b) => b.shares - a.shares || b.recruits - a.recruits || (a.key as number) - (b.key as number))
    .slice(0, LEADERBOARD_SIZE);
}

/** Place by shares then recruits: 1 + the rows strictly ahead, so ties share a place. */
function ranked<T extends Figures>(rows: T[]): (T & { rank: number })[] {
  let rank = 0;
  return rows.map((row, i) => {
    const prev = rows[i - 1];
    if (!prev || prev.shares !== row.shares || prev.recruits !== row.recruits) rank = i + 1;
    return { ...row, rank };
  });
}

export async function leaderboard(opts: {
  db: Db;
  organizationId: number;
  filter: LeaderboardFilter;
  /** The key of the anonymous labels (the visitor-cookie key). */
  key: Buffer;
}): Promise<LeaderboardRow[]> {
  const { db, organizationId, filter, key } = opts;
  const scope = scopeOf(organizationId, filter);
  if (filter.kind === 'members') {
    const rows = ranked(await memberFigures(db, scope));
    const ids = rows.map((r) => r.key as number);
    const users =
      ids.length === 0
        ? []
        : await db
            .selectFrom('users')
            .select(['id', 'username', 'firstName', 'lastName'])
            .where('id', 'in', ids)
            .execute();
    const names = new Map(
      users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username]),
    );
    return rows.map(({ key: id, ...r }) => ({
      ...r,
      name: names.get(id as number) ?? '',
      profileId: null,
      hidden: false,
    }));
  }
  const rows = ranked(await supporterFigures(db, scope));
  const ids = rows.map((r) => r.key as string);
  const profiles =
    ids.length === 0
      ? []
      : await db
          .selectFrom('supporterProfiles')
          .select(['id', 'supporterId', 'displayName', 'onBoard', 'hiddenAt'])
          .where('organizationId', '=', organizationId)
          .where('supporterId', 'in', ids)
          .execute();
  const bySupporter = new Map(profiles.map((p) => [p.supporterId, p]));
  return rows.map(({ key: supporterId, ...r }) => {
    const p = bySupporter.get(supporterId as string);
    // Named only as on the public board: opted in and not hidden. A hidden name keeps its
    // profile id here, so staff can show it again.
    const opted = p?.onBoard ? p : undefined;
    return {
      ...r,
      name:
        opted && !opted.hiddenAt
          ? opted.displayName
          : anonymousLabel(key, organizationId, supporterId as string),
      profileId: opted?.id ?? null,
      hidden: Boolean(opted?.hiddenAt),
    };
  });
}

const CSV_COLUMNS = ['rank', 'name', 'shares', 'clickThroughs', 'recruits'] as const;

/** The leaderboard as CSV (the formula guard of every export). */
export function leaderboardCsv(rows: LeaderboardRow[]): string {
  return [csvRow([...CSV_COLUMNS]), ...rows.map((r) => csvRow(CSV_COLUMNS.map((c) => r[c])))].join('');
}
