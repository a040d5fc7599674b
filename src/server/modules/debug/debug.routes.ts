import type { FastifyInstance } from 'fastify';
import { created, noContentResponses } from '#shared/schemas/common.ts';
import { testContentSchema } from '#shared/schemas/debug.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { noContent } from '../../lib/replies.ts';
import { createTestContent, runJobsNow } from './debug.service.ts';

export async function debugRoutes(app: FastifyInstance, { db, supporterCache, jobs }: AppDeps) {
  app.post(
    '/api/debug/create-test-content',
    { preHandler: app.authenticate, schema: { response: created(testContentSchema) } },
    async (request, reply) => {
      const result = await createTestContent(callerWrite({ db, supporterCache }, request.user));
      return reply.code(201).send(result);
    },
  );

  // Every background job now, the periodic ones too (digests, notifications): what a
  // tester would otherwise wait minutes for.
  app.post(
    '/api/debug/run-jobs',
    { preHandler: app.authenticate, schema: { response: noContentResponses } },
    async (_request, reply) => noContent(reply, runJobsNow(db, jobs)),
  );
}
