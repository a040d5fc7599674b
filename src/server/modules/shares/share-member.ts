import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { loadSessionUser, readToken } from '../auth/index.ts';

/**
 * The member a share on the supporter page is recorded for (the members' leaderboard,
 * docs/api.md "Staff leaderboard"): the signed-in user of the request's staff session,
 * when they belong to the organisation the share is for; else none. Without a session
 * token (every supporter) this costs nothing: no query on the hot path.
 */
export async function sharingMemberId(
  db: Db,
  request: FastifyRequest,
  organizationId: number,
): Promise<number | null> {
  if (!readToken(request)) return null;
  try {
    const user = await loadSessionUser(db, request);
    return user.organizationId === organizationId ? user.id : null;
  } catch (err) {
    // A lapsed session or an API key in the header: the share is a supporter's.
    if (err instanceof HttpError && err.statusCode === 401) return null;
    throw err;
  }
}
