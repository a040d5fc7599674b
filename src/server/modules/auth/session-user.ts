import type { FastifyRequest } from 'fastify';
import type { Generated } from 'kysely';
import { TOKEN_COOKIE_NAME } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import type { UsersTable } from '../../db/schema.ts';
import { unauthorized } from '../../lib/errors.ts';
import { resolveSession } from './sessions.ts';

/** A users row as selected (generated columns resolved). */
export type UserRow = {
  [K in keyof UsersTable]: UsersTable[K] extends Generated<infer T> ? T : UsersTable[K];
};

/**
 * The session token: the `Authorization: Bearer` header, or else the `token`
 * cookie, which the client mirrors so that plain page loads are signed in too.
 */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const t = header.slice(7).trim();
    if (t) return t;
  }
  const cookie = request.cookies?.[TOKEN_COOKIE_NAME];
  return cookie || undefined;
}

/** The signed-in user of this request; 401 without a live session. */
export async function loadSessionUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const userId = await resolveSession(db, readToken(request));
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw unauthorized();
  return user as UserRow;
}
