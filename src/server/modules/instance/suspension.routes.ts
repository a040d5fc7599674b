import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, ok } from '#shared/schemas/common.ts';
import {
  suspendedOrganizationSchema,
  suspendOrganizationSchema,
} from '#shared/schemas/instance-suspension.ts';
import type { AppDeps } from '../../deps.ts';
import { operatorActor } from '../../lib/instance-audit.ts';
import { restoreOrganization, suspendedOrganization, suspendOrganization } from './suspension.service.ts';

/**
 * POST /api/instance/organizations/:id/suspend {reason} and .../restore (operators
 * only): each answers the organisation's row as the console's table shows it.
 */
export async function suspensionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rowOf = (id: number) => suspendedOrganization(deps.db, id);

  r.post(
    '/api/instance/organizations/:id/suspend',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParamsSchema,
        body: suspendOrganizationSchema,
        response: ok(suspendedOrganizationSchema),
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      const actor = operatorActor(request.user);
      await suspendOrganization(deps, { organizationId, reason: request.body.reason, actor });
      return rowOf(organizationId);
    },
  );

  r.post(
    '/api/instance/organizations/:id/restore',
    {
      preHandler: app.authenticate,
      schema: { params: idParamsSchema, response: ok(suspendedOrganizationSchema) },
    },
    async (request) => {
      const organizationId = request.params.id;
      await restoreOrganization(deps, { organizationId, actor: operatorActor(request.user) });
      return rowOf(organizationId);
    },
  );
}
