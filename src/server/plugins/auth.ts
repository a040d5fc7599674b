import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE_NAME } from '#shared/constants.ts';
import type { Db } from '../db/client.ts';
import type { UsersTable } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { findLiveSession, touchSession } from '../modules/auth/sessions.ts';

export type UserRow = {
  [K in keyof UsersTable]: UsersTable[K] extends import('kysely').Generated<infer T> ? T : UsersTable[K];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`: the signed-in user. */
    user: UserRow;
    /** Id of the caller's session (set with `user`). */
    sessionId: number;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a session. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The bearer token, or the `token` cookie the client mirrors (SPEC.md section 9). */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const t = header.slice(7).trim();
    if (t) return t;
  }
  const cookie = request.cookies?.[TOKEN_COOKIE_NAME];
  return cookie || undefined;
}

export async function loadSessionUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const session = await findLiveSession(db, readToken(request));
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirst();
  if (!user) throw new HttpError(401, 'Not authenticated');
  request.sessionId = session.id;
  await touchSession(db, session, request.headers['user-agent']);
  return user as UserRow;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorateRequest('sessionId', 0);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    // The permission hook usually loaded the user already, before the body was read.
    if (request.user) return;
    request.user = await loadSessionUser(db, request);
  });
}
