import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { loadSessionUser, readToken } from '../auth/index.ts';

// A suspended organisation's media are not served (GET /uploads/:name answers what its
// supporter pages answer: 410 CAMPAIGN_UNAVAILABLE). Files are served very often (every
// image of every supporter page, every range of a video), so the question is answered
// from memory per instance, never a query per request:
// - a file's organisation never changes: kept once found (bounded). A name with no row
//   (a file stored before uploads were recorded) is served as before, asked again after
//   the TTL;
// - an organisation's suspension: kept UPLOAD_SUSPENSION_TTL_MS, and forgotten at once
//   when the supporter cache is emptied, which suspending and restoring do on every
//   instance (PostgreSQL NOTIFY, modules/supporter/cache-invalidation.ts). The TTL bounds
//   the delay only when that signal is lost (a listener reconnecting also empties it).
// Concurrent askers of one name or organisation share the one query in flight.

export const UPLOAD_SUSPENSION_TTL_MS = 10_000;
/** Size bound: names are public input, so a scan of random names cannot grow memory without limit. */
const MAX_ENTRIES = 10_000;

interface Kept<T> {
  value: Promise<T>;
  expires: number;
}

/** The cached value of `key`, or `load`'s (kept `ttlMs`; a failed load is not kept). */
function remember<K, T>(map: Map<K, Kept<T>>, key: K, load: () => Promise<T>, ttlMs: number): Promise<T> {
  const now = Date.now();
  const hit = map.get(key);
  if (hit && hit.expires > now) return hit.value;
  if (map.size >= MAX_ENTRIES && !hit) {
    // Maps iterate in insertion order: drop the oldest entry.
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  const kept: Kept<T> = { value: load(), expires: now + ttlMs };
  kept.value.catch(() => {
    if (map.get(key) === kept) map.delete(key);
  });
  map.set(key, kept);
  return kept.value;
}

export class UploadSuspensions {
  /** File name → its organisation (null: no row). */
  private readonly owners = new Map<string, Kept<number | null>>();
  /** Organisation → suspended now. */
  private readonly organizations = new Map<number, Kept<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = UPLOAD_SUSPENSION_TTL_MS,
  ) {}

  /** The organisation of the file `name` when it is suspended; null otherwise (or for no row). */
  async suspendedOwner(name: string): Promise<number | null> {
    const owner = await remember(this.owners, name, () => this.ownerOf(name), this.ttlMs);
    if (owner === null) return null;
    const suspended = await remember(this.organizations, owner, () => this.isSuspended(owner), this.ttlMs);
    return suspended ? owner : null;
  }

  /** Forgets every organisation's suspension (it changed somewhere); owners stay right. */
  forgetSuspensions(): void {
    this.organizations.clear();
  }

  private async ownerOf(name: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('uploads')
      .select('organizationId')
      .where('name', '=', name)
      .executeTakeFirst();
    // Known forever once found; a miss is asked again after the TTL (see above).
    if (!row) return null;
    const kept = this.owners.get(name);
    if (kept) kept.expires = Number.POSITIVE_INFINITY;
    return row.organizationId;
  }

  private async isSuspended(organizationId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('organizations')
      .select('suspendedAt')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return Boolean(row?.suspendedAt);
  }
}

/**
 * True when the request carries the session of a member of the organisation (bearer
 * token or `token` cookie): members of a suspended organisation may still read, and see
 * their media. Asked only for a suspended organisation's file, never on the hot path.
 * The supporter module's isTeamMember, which this module cannot import (supporter
 * depends on assets, assets on uploads).
 */
export async function isOrganizationMember(
  db: Db,
  request: FastifyRequest,
  organizationId: number,
): Promise<boolean> {
  if (!readToken(request)) return false;
  try {
    return (await loadSessionUser(db, request)).organizationId === organizationId;
  } catch (err) {
    // No live session (401): the visitor is the public. Anything else is a real failure.
    if (err instanceof HttpError && err.statusCode === 401) return false;
    throw err;
  }
}
