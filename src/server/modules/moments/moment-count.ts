import { isHiddenStatus } from '#shared/campaign-lifecycle.ts';
import type { Db } from '../../db/client.ts';

// The live count of a moment: distinct supporters whose share carries the moment, the
// same rows as its one-per-visitor unique index. A commitment the supporter moved to
// another time leaves the moment (the reschedule clears its `momentId`, shares.service.ts),
// so it neither counts nor holds the visitor's place; one reminded, posted or whose
// reminder lapsed still carries it, and counts.

/** How long one count serves every visitor of a moment, per instance. */
export const MOMENT_COUNT_TTL_MS = 2_000;
/** Size bound: ids come from the public's requests. */
const MAX_CACHED = 10_000;

/** The count of the moment, or undefined when it is not one the public may see (unknown, hidden, suspended). */
export async function readMomentCount(db: Db, momentId: number): Promise<number | undefined> {
  const moment = await db
    .selectFrom('moments')
    .innerJoin('campaigns', 'campaigns.id', 'moments.campaignId')
    .innerJoin('organizations', 'organizations.id', 'moments.organizationId')
    .select(['campaigns.status', 'organizations.suspendedAt'])
    .where('moments.id', '=', momentId)
    .executeTakeFirst();
  if (!moment || moment.suspendedAt || isHiddenStatus(moment.status)) return undefined;
  const row = await db
    .selectFrom('shares')
    .select((eb) => eb.fn.count<number | string>('supporterId').distinct().as('count'))
    .where('momentId', '=', momentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

interface Cached {
  at: number;
  count: Promise<number | undefined>;
}

/**
 * One read per moment per MOMENT_COUNT_TTL_MS per instance, whatever the number of open
 * pages polling it; concurrent askers share the read in flight.
 */
export class MomentCountCache {
  private readonly entries = new Map<number, Cached>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = MOMENT_COUNT_TTL_MS,
  ) {}

  get(momentId: number, now = Date.now()): Promise<number | undefined> {
    const hit = this.entries.get(momentId);
    if (hit && now - hit.at < this.ttlMs) return hit.count;
    if (this.entries.size >= MAX_CACHED) this.entries.clear();
    const count = readMomentCount(this.db, momentId);
    const entry = { at: now, count };
    this.entries.set(momentId, entry);
    // A failed read is not kept: the next asker tries again.
    count.catch(() => {
      if (this.entries.get(momentId) === entry) this.entries.delete(momentId);
    });
    return count;
  }

  /** A commitment on this instance: its supporter sees their own count at once. */
  forget(momentId: number): void {
    this.entries.delete(momentId);
  }
}
