import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, created } from '#shared/schemas/common.ts';
import {
  createOrganizationSchema,
  organizationQuerySchema,
  organizationSchema,
} from '#shared/schemas/organizations.ts';
import type { AppDeps } from '../../deps.ts';
import { createOrganization, getOwnOrganization } from './organizations.service.ts';

export async function organizationRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/organizations',
    {
      preHandler: app.authenticate,
      schema: { body: createOrganizationSchema, response: created(organizationSchema) },
    },
    async (request, reply) => {
      const org = await createOrganization({ db, userId: request.user.id, input: request.body });
      return reply.code(201).send(org);
    },
  );

  r.get(
    '/api/organization',
    {
      preHandler: app.authenticate,
      schema: { querystring: organizationQuerySchema, response: ok(organizationSchema) },
    },
    async (request) =>
      getOwnOrganization({ db, callerOrgId: request.user.organizationId, requestedId: request.query.id }),
  );
}
