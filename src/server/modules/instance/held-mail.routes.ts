import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, ok } from '#shared/schemas/common.ts';
import {
  heldMailOutcomeSchema,
  heldMailPageSchema,
  instancePageQuerySchema,
} from '#shared/schemas/instance-suspension.ts';
import type { AppDeps } from '../../deps.ts';
import { operatorActor } from '../../lib/instance-audit.ts';
import { actOnHeldMail, listHeldMail } from './held-mail.service.ts';

/** GET /api/instance/held-mail, POST .../:id/release and .../:id/drop (operators only). */
export async function heldMailRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/instance/held-mail',
    {
      preHandler: app.authenticate,
      schema: { querystring: instancePageQuerySchema, response: ok(heldMailPageSchema) },
    },
    async (request) => listHeldMail(db, request.query.page),
  );

  for (const action of ['release', 'drop'] as const)
    r.post(
      `/api/instance/held-mail/:id/${action}`,
      {
        preHandler: app.authenticate,
        schema: { params: idParamsSchema, response: ok(heldMailOutcomeSchema) },
      },
      async (request) =>
        actOnHeldMail(db, { id: request.params.id, action, actor: operatorActor(request.user) }),
    );
}
