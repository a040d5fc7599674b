import { BOARD_SIZE, type SupporterBoard } from '#shared/schemas/recognition.ts';
import type { Db } from '../../db/client.ts';
import { recruitsBySupporter } from '../../db/recruits.ts';

// A campaign's public board (docs/api.md "Recognition"): its top sharers and top
// recruiters among the supporters who opted in, named as they chose. Nobody else
// appears; a name staff hid does not either.

/** How long a campaign's board is kept for every visitor. */
export const BOARD_TTL_MS = 10_000;

/** The profiles a board may show: opted in, a name, not hidden. */
const shownProfiles = (db: Db, organizationId: number) =>
  db
    .selectFrom('supporterProfiles')
    .select(['supporterId', 'displayName', 'id'])
    .where('organizationId', '=', organizationId)
    .where('onBoard', '=', 1)
    .where('hiddenAt', 'is', null);

export async function loadBoard(
  db: Db,
  scope: { organizationId: number; campaignId: number },
): Promise<SupporterBoard> {
  const { organizationId, campaignId } = scope;
  const [sharers, recruiters] = await Promise.all([
    db
      .selectFrom('shares as s')
      .innerJoin(shownProfiles(db, organizationId).as('p'), 'p.supporterId', 's.supporterId')
      .select((eb) => ['p.displayName', 'p.id', eb.fn.countAll<number | string>().as('shares')])
      .where('s.campaignId', '=', campaignId)
      .where('s.status', '=', 'shared')
      .groupBy(['p.id', 'p.displayName'])
      .orderBy('shares', 'desc')
      .orderBy('p.id')
      .limit(BOARD_SIZE)
      .execute(),
    db
      .selectFrom(recruitsBySupporter(db, scope).as('r'))
      .innerJoin(shownProfiles(db, organizationId).as('p'), 'p.supporterId', 'r.supporterId')
      .select(['p.displayName', 'p.id', 'r.recruits'])
      .orderBy('r.recruits', 'desc')
      .orderBy('p.id')
      .limit(BOARD_SIZE)
      .execute(),
  ]);
  return {
    topSharers: sharers.map((r) => ({ displayName: r.displayName, shares: Number(r.shares) })),
    topRecruiters: recruiters.map((r) => ({ displayName: r.displayName, recruits: Number(r.recruits) })),
  };
}

/**
 * The boards of this instance, each kept BOARD_TTL_MS and shared by every visitor (one
 * read per campaign per 10 s, whatever the number of pages open). A board is kept only
 * with the supporter view it was read beside (`view`, the campaign's supporter cache
 * entry): hiding or showing a name invalidates the organisation's supporter views,
 * which every instance hears (PostgreSQL NOTIFY), so every board drops at once. A
 * supporter's own change drops the organisation's boards here (dropOrganization).
 */
export class BoardCache {
  private readonly entries = new Map<
    number,
    { organizationId: number; view: object; at: number; board: Promise<SupporterBoard> }
  >();

  constructor(private readonly ttlMs = BOARD_TTL_MS) {}

  get(
    db: Db,
    scope: { organizationId: number; campaignId: number },
    view: object,
    now = Date.now(),
  ): Promise<SupporterBoard> {
    const hit = this.entries.get(scope.campaignId);
    if (hit && hit.view === view && now - hit.at < this.ttlMs) return hit.board;
    const board = loadBoard(db, scope);
    const entry = { organizationId: scope.organizationId, view, at: now, board };
    this.entries.set(scope.campaignId, entry);
    // A failed read is not kept.
    board.catch(() => {
      if (this.entries.get(scope.campaignId) === entry) this.entries.delete(scope.campaignId);
    });
    // Expired entries of campaigns nobody reads any more go on the next write.
    if (this.entries.size > 10_000) this.prune(now);
    return board;
  }

  /**
   * A supporter's own choice (a name, opting in or out) is theirs on every campaign of
   * the organisation: every board of it kept here goes, so it shows at once on this
   * instance. Other instances keep theirs up to BOARD_TTL_MS (no NOTIFY per name change:
   * it would empty the organisation's supporter views, the hot path's cache, on each).
   */
  dropOrganization(organizationId: number): void {
    for (const [campaignId, entry] of this.entries)
      if (entry.organizationId === organizationId) this.entries.delete(campaignId);
  }

  private prune(now: number): void {
    for (const [campaignId, entry] of this.entries)
      if (now - entry.at >= this.ttlMs) this.entries.delete(campaignId);
  }
}
