import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { createTestContent } from './debug.service.ts';

export async function debugRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.post('/api/debug/create-test-content', { preHandler: app.authenticate }, async (request, reply) => {
    const result = await createTestContent({ db, orgId: orgScope(request.user.organizationId) });
    return reply.code(201).send(result);
  });
}
