import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, idParamsSchema, noContentResponses, ok } from '#shared/schemas/common.ts';
import {
  instanceSettingsSchema,
  instanceSettingsUpdateSchema,
  signupInvitationCreateSchema,
  signupInvitationCreatedSchema,
  signupInvitationListSchema,
} from '#shared/schemas/instance-settings.ts';
import type { AppDeps } from '../../deps.ts';
import { operatorActor } from '../../lib/instance-audit.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { noContent } from '../../lib/replies.ts';
import { readInstanceSettings, updateInstanceSettings } from './instance-settings.service.ts';
import {
  createSignupInvitation,
  listSignupInvitations,
  revokeSignupInvitation,
} from './signup-invitations.service.ts';

// The sign-up policy and the operators' sign-up links in the console: operators only,
// signed in (the permission table).
export async function instanceSettingsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/instance/settings', { schema: { response: ok(instanceSettingsSchema) } }, async () =>
    readInstanceSettings(db, config),
  );

  r.put(
    '/api/instance/settings',
    { schema: { body: instanceSettingsUpdateSchema, response: ok(instanceSettingsSchema) } },
    async (request) => updateInstanceSettings(db, config, request.body, operatorActor(request.user)),
  );

  r.post(
    '/api/instance/invitations',
    {
      schema: { body: signupInvitationCreateSchema, response: created(signupInvitationCreatedSchema) },
    },
    async (request, reply) => {
      const link = await createSignupInvitation(db, {
        origin: publicOrigin(request, config),
        days: request.body.expiresInDays,
        actor: operatorActor(request.user),
      });
      return reply.code(201).send(link);
    },
  );

  r.get('/api/instance/invitations', { schema: { response: ok(signupInvitationListSchema) } }, async () => ({
    items: await listSignupInvitations(db),
  }));

  r.delete(
    '/api/instance/invitations/:id',
    { schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(reply, revokeSignupInvitation(db, request.params.id, operatorActor(request.user))),
  );
}
