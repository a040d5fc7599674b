import { createHash, randomBytes } from 'node:crypto';
import { EXPIRED_SESSION_MEMORY_MS, SESSION_LIFETIME_MS } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';

// Opaque random tokens; only their SHA-256 is stored, so a leaked table grants nothing.

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: nowIso(),
      expiresAt: isoAfter(SESSION_LIFETIME_MS),
    })
    .execute();
  return token;
}

/** The user id of a live session; 401 (with tokenExpired for a remembered expired one) otherwise. */
export async function resolveSession(db: Db, token: string | undefined): Promise<number> {
  if (!token) throw new HttpError(401, 'Not authenticated');
  const row = await db
    .selectFrom('sessions')
    .select(['userId', 'expiresAt'])
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new HttpError(401, 'Not authenticated');
  if (row.expiresAt <= nowIso()) throw new HttpError(401, 'Session expired', { tokenExpired: true });
  return row.userId;
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).execute();
}

/** Forget sessions that expired more than the remembered period ago. */
export async function pruneSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<', isoBefore(EXPIRED_SESSION_MEMORY_MS)).execute();
}
