import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  idParamsSchema,
  noContentResponses,
  tokenParamsSchema,
} from '#shared/schemas/common.ts';
import {
  acceptedInvitationSchema,
  createdInvitationSchema,
  createInvitationSchema,
  invitationListSchema,
  invitationPreviewSchema,
  memberListSchema,
  memberSchema,
  updateMemberSchema,
  userIdParamsSchema,
} from '#shared/schemas/members.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.ts';
import { listMembers, removeMember, setMemberRole } from './members.service.ts';

// Roles are enforced by the permission table (lib/permissions.ts) before these run.
export async function membersRoutes(app: FastifyInstance, { db, dialect, config, mailer }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/members',
    { schema: { response: { 200: memberListSchema, ...errorResponses } } },
    async (request) => listMembers(db, orgScope(request.user.organizationId)),
  );

  r.put(
    '/api/organization/members/:userId',
    {
      schema: {
        params: userIdParamsSchema,
        body: updateMemberSchema,
        response: { 200: memberSchema, ...errorResponses },
      },
    },
    async (request) =>
      setMemberRole({
        db,
        dialect,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        userId: request.params.userId,
        role: request.body.role,
      }),
  );

  r.delete(
    '/api/organization/members/:userId',
    { schema: { params: userIdParamsSchema, response: noContentResponses } },
    async (request, reply) => {
      await removeMember({
        db,
        dialect,
        caller: request.user,
        orgId: orgScope(request.user.organizationId),
        userId: request.params.userId,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/organization/invitations',
    {
      schema: { body: createInvitationSchema, response: { 201: createdInvitationSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const invitation = await createInvitation({
        db,
        mailer,
        orgId: orgScope(request.user.organizationId),
        actor: request.user,
        input: request.body,
        origin: publicOrigin(request, config),
      });
      return reply.code(201).send(invitation);
    },
  );

  r.get(
    '/api/organization/invitations',
    { schema: { response: { 200: invitationListSchema, ...errorResponses } } },
    async (request) => listInvitations(db, orgScope(request.user.organizationId)),
  );

  r.delete(
    '/api/organization/invitations/:id',
    { schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) => {
      await revokeInvitation({
        db,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/invitations/:token',
    { schema: { params: tokenParamsSchema, response: { 200: invitationPreviewSchema, ...errorResponses } } },
    async (request) => previewInvitation(db, request.params.token),
  );

  r.post(
    '/api/invitations/:token/accept',
    { schema: { params: tokenParamsSchema, response: { 200: acceptedInvitationSchema, ...errorResponses } } },
    async (request) => acceptInvitation({ db, user: request.user, token: request.params.token }),
  );
}
