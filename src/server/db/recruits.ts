import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from './client.ts';
import type { Database } from './schema.ts';

// Recruits (docs/api.md "Recognition"): the people a supporter's links brought. A
// recruit is a supporter whose FIRST posted share (outcome `shared`, as the boards count
// shares: an opened window or a scheduled share is no post) in a campaign came through another's share
// as a new referral generation (depth = the parent's + 1, "Referral generations"): the
// rule that already refuses a generation to a supporter's own visits, to a share named
// by a client without a click-through, and to a chain one visitor posts. Counting the
// first share only makes each recruit count once per campaign, for one recruiter.

export interface RecruitScope {
  organizationId: number;
  campaignId?: number;
  /** The recruit's first share made at or after this instant (ISO), if given. */
  from?: string;
  /** ... and before this one. */
  before?: string;
}

/** No earlier posted share of the same supporter in the same campaign. */
const firstShare = (eb: ExpressionBuilder<Database & { s: Database['shares'] }, 's'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('shares as e')
        .select(sql.lit(1).as('one'))
        .whereRef('e.campaignId', '=', 's.campaignId')
        .whereRef('e.supporterId', '=', 's.supporterId')
        .where('e.status', '=', 'shared')
        .whereRef('e.id', '<', 's.id'),
    ),
  );

/**
 * One row per recruit and campaign: who recruited them (`recruiterId`, the parent
 * share's visitor id, and `recruiterMember`, its member when a signed-in member made
 * it) and the recruit's visitor id.
 */
export function recruitRows(db: Db, scope: RecruitScope) {
  let q = db
    .selectFrom('shares as s')
    .innerJoin('shares as p', 'p.id', 's.parentShareId')
    .select(['p.supporterId as recruiterId', 'p.memberId as recruiterMember', 's.supporterId as recruitId'])
    .where('s.organizationId', '=', scope.organizationId)
    .whereRef('p.campaignId', '=', 's.campaignId')
    .where((eb) => eb('s.depth', '=', eb('p.depth', '+', 1)))
    .where('s.supporterId', 'is not', null)
    .where('s.status', '=', 'shared')
    .whereRef('s.supporterId', '!=', 'p.supporterId')
    .where(firstShare);
  if (scope.campaignId !== undefined) q = q.where('s.campaignId', '=', scope.campaignId);
  if (scope.from !== undefined) q = q.where('s.createdAt', '>=', scope.from);
  if (scope.before !== undefined) q = q.where('s.createdAt', '<', scope.before);
  return q;
}

/** Recruits per recruiting supporter (visitor id) in the scope. */
export function recruitsBySupporter(db: Db, scope: RecruitScope) {
  return db
    .selectFrom(recruitRows(db, scope).as('r'))
    .select((eb) => ['r.recruiterId as supporterId', eb.fn.countAll<number | string>().as('recruits')])
    .where('r.recruiterId', 'is not', null)
    .groupBy('r.recruiterId');
}

/**
 * A supporter's recruits in a campaign and their place among its recruiters (1 + those
 * with more; ties share a place), null without recruits. Nobody else is named.
 */
export async function recruitsAndRank(
  db: Db,
  scope: { organizationId: number; campaignId: number },
  supporterId: string,
): Promise<{ recruits: number; rank: number | null }> {
  const own = await db
    .selectFrom(recruitRows(db, scope).as('r'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('r.recruiterId', '=', supporterId)
    .executeTakeFirst();
  const recruits = Number(own?.n ?? 0);
  if (recruits === 0) return { recruits, rank: null };
  const ahead = await db
    .selectFrom(recruitsBySupporter(db, scope).as('g'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('g.recruits', '>', recruits)
    .executeTakeFirst();
  return { recruits, rank: Number(ahead?.n ?? 0) + 1 };
}
