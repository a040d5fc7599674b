import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/schemas/common.ts';
import { instanceHealthSchema } from '#shared/schemas/instance-console.ts';
import type { AppDeps } from '../../deps.ts';
import { instanceHealth } from './health.service.ts';

/** GET /api/instance/health: job lag, outbox, storage, database, version, migrations (operators only). */
export async function instanceHealthRoutes(app: FastifyInstance, { db, dialect }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/instance/health',
      { preHandler: app.authenticate, schema: { response: ok(instanceHealthSchema) } },
      async () => instanceHealth({ db, dialect }),
    );
}
