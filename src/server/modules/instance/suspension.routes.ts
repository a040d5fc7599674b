import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, ok } from '#shared/schemas/common.ts';
import { instanceOrgSchema } from '#shared/schemas/instance-console.ts';
import { suspendOrganizationSchema } from '#shared/schemas/instance-suspension.ts';
import type { AppDeps } from '../../deps.ts';
import { operatorActor } from '../../lib/instance-audit.ts';
import { notFound } from '../../lib/errors.ts';
import { organizationTableRow } from './organizations-table.service.ts';
import { ORGANIZATION_NOT_FOUND, restoreOrganization, suspendOrganization } from './suspension.service.ts';

/**
 * POST /api/instance/organizations/:id/suspend {reason} and .../restore (operators
 * only): each answers the organisation's row as the console's table shows it.
 */
export async function suspensionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rowOf = async (id: number) => {
    const row = await organizationTableRow({ db, storageQuotaBytes: config.uploadQuotaBytes }, id);
    if (!row) throw notFound('NOT_FOUND', ORGANIZATION_NOT_FOUND);
    return row;
  };

  r.post(
    '/api/instance/organizations/:id/suspend',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParamsSchema,
        body: suspendOrganizationSchema,
        response: ok(instanceOrgSchema),
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
      schema: { params: idParamsSchema, response: ok(instanceOrgSchema) },
    },
    async (request) => {
      const organizationId = request.params.id;
      await restoreOrganization(deps, { organizationId, actor: operatorActor(request.user) });
      return rowOf(organizationId);
    },
  );
}
