import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE_NAME } from '#shared/constants.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { UsersTable } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { resolveSession } from '../modules/auth/sessions.ts';
import { assertSameOrigin } from './csrf.ts';

export type UserRow = {
  [K in keyof UsersTable]: UsersTable[K] extends import('kysely').Generated<infer T> ? T : UsersTable[K];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`: the signed-in user. */
    user: UserRow;
  }
  interface FastifyInstance {
    /** For routes that need a session; runs before body validation (see registerAuth). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The session token and where it came from: the Bearer header, or the `token` cookie. */
export function readTokenSource(request: FastifyRequest): { token?: string; fromCookie: boolean } {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const t = header.slice(7).trim();
    if (t) return { token: t, fromCookie: false };
  }
  const cookie = request.cookies?.[TOKEN_COOKIE_NAME];
  return { token: cookie || undefined, fromCookie: Boolean(cookie) };
}

/** The bearer token, or the `token` cookie (set by the server and mirrored by the client). */
export const readToken = (request: FastifyRequest): string | undefined => readTokenSource(request).token;

export async function loadSessionUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const userId = await resolveSession(db, readToken(request));
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(401, 'Not authenticated');
  return user as UserRow;
}

export function registerAuth(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('user', null as unknown as UserRow);
  const authenticate = async (request: FastifyRequest) => {
    if (readTokenSource(request).fromCookie) assertSameOrigin(request, config);
    request.user = await loadSessionUser(db, request);
  };
  app.decorate('authenticate', authenticate);
  // Routes declare `preHandler: app.authenticate`, but preHandler runs after body
  // validation: a caller without a session would get the route's field errors (and
  // so learn its shape) instead of 401. Every route's authenticate runs first in
  // preValidation instead, before the body is looked at.
  app.addHook('onRoute', (route) => {
    const pre = route.preHandler;
    const list = Array.isArray(pre) ? pre : pre ? [pre] : [];
    if (!list.includes(authenticate)) return;
    route.preHandler = list.filter((h) => h !== authenticate);
    const validation = route.preValidation;
    route.preValidation = [
      authenticate,
      ...(Array.isArray(validation) ? validation : validation ? [validation] : []),
    ];
  });
}
