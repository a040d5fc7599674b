import { createHash, randomBytes } from 'node:crypto';
import { EXPIRED_SESSION_MEMORY_MS, SESSION_LIFETIME_MS } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';

// Opaque random tokens; only their SHA-256 is stored, so a leaked table grants nothing.

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** An opaque random token (32 bytes): sessions, invitations and password resets. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: isoAfter(SESSION_LIFETIME_MS),
    })
    .execute();
  return token;
}

export interface LiveSession {
  id: number;
  userId: number;
  lastSeenAt: string | null;
  userAgent: string | null;
}

/** A live session; 401 (with tokenExpired for a remembered expired one) otherwise. */
export async function findLiveSession(db: Db, token: string | undefined): Promise<LiveSession> {
  if (!token) throw new HttpError(401, 'NOT_AUTHENTICATED', 'Not authenticated');
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'userId', 'expiresAt', 'lastSeenAt', 'userAgent'])
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new HttpError(401, 'NOT_AUTHENTICATED', 'Not authenticated');
  if (row.expiresAt <= nowIso())
    throw new HttpError(401, 'TOKEN_EXPIRED', 'Session expired', { tokenExpired: true });
  return { id: row.id, userId: row.userId, lastSeenAt: row.lastSeenAt, userAgent: row.userAgent };
}

/** The user id of a live session; 401 (with tokenExpired for a remembered expired one) otherwise. */
export async function resolveSession(db: Db, token: string | undefined): Promise<number> {
  return (await findLiveSession(db, token)).userId;
}

/** lastSeenAt is refreshed at most this often, so most requests do not write. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
const MAX_USER_AGENT = 300;

/** Notes the session's latest use (and browser) for the account's session list. */
export async function touchSession(db: Db, session: LiveSession, userAgent: string | undefined) {
  const agent = userAgent?.slice(0, MAX_USER_AGENT) ?? null;
  const stale = !session.lastSeenAt || Date.parse(session.lastSeenAt) <= Date.now() - LAST_SEEN_RESOLUTION_MS;
  if (!stale && agent === session.userAgent) return;
  await db
    .updateTable('sessions')
    .set({ lastSeenAt: nowIso(), userAgent: agent })
    .where('id', '=', session.id)
    .execute();
}

/** Forget sessions that expired more than the remembered period ago. */
export async function pruneSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<', isoBefore(EXPIRED_SESSION_MEMORY_MS)).execute();
}
