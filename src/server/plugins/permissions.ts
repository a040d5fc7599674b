import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { MISSING_ORG_MESSAGE, OPERATOR_REQUIRED_MESSAGE } from '#shared/errors.ts';
import { mayReview, REVIEWER_NEEDED_MESSAGE, roleNeededMessage } from '#shared/schemas/members.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';
import { assertOrganizationActive } from '../lib/org-suspension.ts';
import { hasRole, type RouteRule, ruleFor } from '../lib/permissions.ts';
import { authenticateRequest } from './auth.ts';

/** The methods that change nothing: a suspended organisation's members may still use them. */
const READS = new Set(['GET', 'HEAD']);

export const API_KEY_REFUSED_MESSAGE = 'API keys cannot be used here: sign in as a member';

/**
 * Enforces the permission table (lib/permissions.ts) on every route, in onRequest:
 * before the body is parsed or validated, so an anonymous or under-privileged
 * caller learns nothing about the body's shape. The user is loaded fresh from the
 * database on every call, so a removed member's still-open session gets 403 at
 * once, and a changed role applies at the next call. An API key stands for a member
 * with the key's role, except on the table's session-only routes (403). The
 * instance's routes need an operator (users.isOperator), whatever the organisation role.
 *
 * A route's rule depends only on its method and URL, so it is looked up once, when
 * the route is registered: a public route gets no hook at all (the supporter reads
 * are the hot path), any other gets its check as the first of its onRequest hooks.
 *
 * A suspended organisation (lib/org-suspension.ts) keeps its reads: every write in it
 * (any method but GET and HEAD on a route for its members) is refused here, 403
 * ORGANIZATION_SUSPENDED with the operators' reason. Its API keys never get this far.
 */
export function registerPermissions(app: FastifyInstance, db: Db, config: Config): void {
  async function check(request: FastifyRequest, rule: RouteRule | undefined) {
    if (rule === undefined) {
      // Fail closed; the permission-table test keeps this from ever happening.
      request.log.error(
        { method: request.method, url: request.routeOptions.url },
        'route missing from the permission table',
      );
      throw forbidden('FORBIDDEN', 'Not allowed');
    }
    if (rule.access === 'public') return;
    await authenticateRequest(db, config, request);
    if (rule.sessionOnly && request.apiKeyId !== null)
      throw forbidden('API_KEY_NOT_ALLOWED', API_KEY_REFUSED_MESSAGE);
    const { access } = rule;
    if (access === 'session') return;
    if (access === 'operator') {
      // An instance role: an API key never stands for it, an organisation role never implies it.
      if (request.apiKeyId !== null) throw forbidden('API_KEY_NOT_ALLOWED', API_KEY_REFUSED_MESSAGE);
      if (!request.user.isOperator) throw forbidden('OPERATOR_REQUIRED', OPERATOR_REQUIRED_MESSAGE);
      return;
    }
    const orgId = request.user.organizationId;
    if (!orgId) throw forbidden('NO_ORGANIZATION', MISSING_ORG_MESSAGE);
    if (access === 'reviewer') {
      if (!mayReview(request.user.role, request.user.canReview))
        throw forbidden('FORBIDDEN', REVIEWER_NEEDED_MESSAGE);
    } else if (access !== 'member' && !hasRole(request.user.role, access))
      throw forbidden('ROLE_REQUIRED', roleNeededMessage(access));
    if (!READS.has(request.method)) await assertOrganizationActive(db, orgId);
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rules = new Map(methods.map((m) => [m, ruleFor(m, route.url)]));
    if ([...rules.values()].every((rule) => rule?.access === 'public')) return;
    const hook: onRequestHookHandler = (request) => check(request, rules.get(request.method));
    const own = route.onRequest;
    route.onRequest = [hook, ...(Array.isArray(own) ? own : own ? [own] : [])];
  });
}
