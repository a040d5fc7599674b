import type { FastifyRequest } from 'fastify';
import type { Generated } from 'kysely';
import { TOKEN_COOKIE_NAME } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import type { UsersTable } from '../../db/schema.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findLiveSession, touchSession } from './sessions.ts';

/** A users row as selected (generated columns resolved). */
export type UserRow = {
  [K in keyof UsersTable]: UsersTable[K] extends Generated<infer T> ? T : UsersTable[K];
};

/**
 * The session token and where it came from: the `Authorization: Bearer` header, or
 * else the `token` cookie (set by the server on sign-in, and mirrored by the client
 * so that plain page loads are signed in too). Cookie-borne writes must also pass
 * the same-origin check (plugins/csrf.ts); the header cannot be sent cross-site.
 */
export function readTokenSource(request: FastifyRequest): { token?: string; fromCookie: boolean } {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const t = header.slice(7).trim();
    if (t) return { token: t, fromCookie: false };
  }
  const cookie = request.cookies?.[TOKEN_COOKIE_NAME];
  return { token: cookie || undefined, fromCookie: Boolean(cookie) };
}

/** The session token from the header or the cookie (see readTokenSource). */
export const readToken = (request: FastifyRequest): string | undefined => readTokenSource(request).token;

/**
 * The signed-in user of this request; 401 without a live session. Notes the
 * session's id on the request and its latest use for the account's session list.
 */
export async function loadSessionUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const session = await findLiveSession(db, readToken(request));
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirst();
  if (!user) throw unauthorized('NOT_AUTHENTICATED', 'Not authenticated');
  request.sessionId = session.id;
  await touchSession(db, session, request.headers['user-agent']);
  return user as UserRow;
}
