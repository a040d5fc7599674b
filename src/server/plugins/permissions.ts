import type { FastifyInstance } from 'fastify';
import { MISSING_ORG_MESSAGE } from '#shared/errors.ts';
import { roleNeededMessage } from '#shared/schemas/members.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';
import { hasRole, ruleFor } from '../lib/permissions.ts';
import { authenticateRequest } from './auth.ts';

export const API_KEY_REFUSED_MESSAGE = 'API keys cannot be used here: sign in as a member';

/**
 * Enforces the permission table (lib/permissions.ts) on every route, in onRequest:
 * before the body is parsed or validated, so an anonymous or under-privileged
 * caller learns nothing about the body's shape. The user is loaded fresh from the
 * database on every call, so a removed member's still-open session gets 403 at
 * once, and a changed role applies at the next call. An API key stands for a member
 * with the key's role, except on the table's session-only routes (403).
 */
export function registerPermissions(app: FastifyInstance, db: Db, config: Config): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route matched: the not-found handler answers
    const rule = ruleFor(request.method, url);
    if (rule?.access === 'public') return;
    if (rule === undefined) {
      // Fail closed; the permission-table test keeps this from ever happening.
      request.log.error({ method: request.method, url }, 'route missing from the permission table');
      throw forbidden('FORBIDDEN', 'Not allowed');
    }
    await authenticateRequest(db, config, request);
    if (rule.sessionOnly && request.apiKeyId !== null)
      throw forbidden('API_KEY_NOT_ALLOWED', API_KEY_REFUSED_MESSAGE);
    const { access } = rule;
    if (access === 'session') return;
    if (!request.user.organizationId) throw forbidden('NO_ORGANIZATION', MISSING_ORG_MESSAGE);
    if (access === 'member') return;
    if (!hasRole(request.user.role, access)) throw forbidden('ROLE_REQUIRED', roleNeededMessage(access));
  });
}
