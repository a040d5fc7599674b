import type { FastifyInstance } from 'fastify';
import { created } from '#shared/schemas/common.ts';
import { testContentSchema } from '#shared/schemas/debug.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { createTestContent } from './debug.service.ts';

export async function debugRoutes(app: FastifyInstance, { db, supporterCache }: AppDeps) {
  app.post(
    '/api/debug/create-test-content',
    { preHandler: app.authenticate, schema: { response: created(testContentSchema) } },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId);
      const result = await createTestContent({ db, supporterCache, orgId });
      return reply.code(201).send(result);
    },
  );
}
