import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/schemas/common.ts';
import { instanceOrgsPageSchema, instanceOrgsQuerySchema } from '#shared/schemas/instance-console.ts';
import type { AppDeps } from '../../deps.ts';
import { listOrganizations } from './organizations-table.service.ts';

/** GET /api/instance/organizations: the console's table of every organisation (operators only). */
export async function organizationsTableRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/instance/organizations',
    {
      preHandler: app.authenticate,
      schema: { querystring: instanceOrgsQuerySchema, response: ok(instanceOrgsPageSchema) },
    },
    async (request) => listOrganizations({ db, storageQuotaBytes: config.uploadQuotaBytes }, request.query),
  );
}
