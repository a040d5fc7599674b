import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/schemas/common.ts';
import { instanceAuditPageSchema, instancePageQuerySchema } from '#shared/schemas/instance-suspension.ts';
import type { AppDeps } from '../../deps.ts';
import { listInstanceAudit } from './instance-audit.service.ts';

/** GET /api/instance/audit: what operators did, newest first (operators only). */
export async function instanceAuditRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/instance/audit',
    {
      preHandler: app.authenticate,
      schema: { querystring: instancePageQuerySchema, response: ok(instanceAuditPageSchema) },
    },
    async (request) => listInstanceAudit(db, request.query.page),
  );
}
