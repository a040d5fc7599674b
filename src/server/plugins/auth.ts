import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { authenticateApiKey, isApiKey } from '../modules/api-keys/index.ts';
import { loadSessionUser, readTokenSource, type UserRow } from '../modules/auth/index.ts';
import { assertSameOrigin } from './csrf.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by `app.authenticate` (or the permission hook): the signed-in user; for an
     * API key, the key's creator with the key's role and `apiKeyId` (which callerOrg
     * passes on to the audit log).
     */
    user: UserRow & { apiKeyId?: number };
    /** Id of the caller's session (set with `user`; 0 for an API key). */
    sessionId: number;
    /** Id of the API key the request came with; null for a session (or no caller). */
    apiKeyId: number | null;
  }
  interface FastifyInstance {
    /** For routes that need a session; runs before body validation (see registerAuth). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The signed-in user of this request. A cookie-borne session must also come from
 * our own origin: other sites can make a browser send the cookie, never the header.
 * An API key counts only in the Authorization header (a key in the cookie is just an
 * unknown session token), and a request that brings one is judged by the key alone:
 * its cookies are never looked at.
 */
export async function authenticateRequest(db: Db, config: Config, request: FastifyRequest): Promise<void> {
  if (request.user) return;
  const { token, fromCookie } = readTokenSource(request);
  if (token && !fromCookie && isApiKey(token)) {
    const caller = await authenticateApiKey(db, token, config.apiKeyRequestsPerMinute);
    request.apiKeyId = caller.keyId;
    request.user = { ...caller.user, apiKeyId: caller.keyId };
    return;
  }
  if (fromCookie) assertSameOrigin(request, config);
  request.user = await loadSessionUser(db, request);
}

/** Decorates the app with `authenticate`; sessions and the user loader live in modules/auth. */
export function registerAuth(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorateRequest('sessionId', 0);
  app.decorateRequest('apiKeyId', null);
  const authenticate = (request: FastifyRequest) => authenticateRequest(db, config, request);
  app.decorate('authenticate', authenticate);
  // Routes declare `preHandler: app.authenticate`, but preHandler runs after body
  // validation: a caller without a session would get the route's field errors (and
  // so learn its shape) instead of 401. Every route's authenticate runs first in
  // preValidation instead, before the body is looked at. (The permission hook
  // usually loaded the user earlier still, in onRequest.)
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
