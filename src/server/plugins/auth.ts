import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { loadSessionUser, type UserRow } from '../modules/auth/session-user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`: the signed-in user. */
    user: UserRow;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a session. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Decorates the app with `authenticate`; sessions and the user loader live in modules/auth. */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await loadSessionUser(db, request);
  });
}
