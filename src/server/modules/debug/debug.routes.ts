import type { FastifyInstance } from 'fastify';
import { created } from '#shared/schemas/common.ts';
import { testContentSchema } from '#shared/schemas/debug.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { createTestContent } from './debug.service.ts';

export async function debugRoutes(app: FastifyInstance, { db, supporterCache }: AppDeps) {
  app.post(
    '/api/debug/create-test-content',
    { preHandler: app.authenticate, schema: { response: created(testContentSchema) } },
    async (request, reply) => {
      const result = await createTestContent(callerWrite({ db, supporterCache }, request.user));
      return reply.code(201).send(result);
    },
  );
}
