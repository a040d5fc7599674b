import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ok,
  idParamsSchema,
  noContentResponses,
  tokenParamsSchema,
  created,
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
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.ts';
import { listMembers, removeMember, setMemberRole } from './members.service.ts';
import { noContent } from '../../lib/replies.ts';

// Roles are enforced by the permission table (lib/permissions.ts) before these run.
export async function membersRoutes(app: FastifyInstance, { db, dialect, config, mailer }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/organization/members', { schema: { response: ok(memberListSchema) } }, async (request) =>
    listMembers(db, orgScope(request.user.organizationId)),
  );

  r.put(
    '/api/organization/members/:userId',
    { schema: { params: userIdParamsSchema, body: updateMemberSchema, response: ok(memberSchema) } },
    async (request) =>
      setMemberRole({
        db,
        dialect,
        ...callerOrg(request.user),
        userId: request.params.userId,
        role: request.body.role,
        canReview: request.body.canReview,
      }),
  );

  r.delete(
    '/api/organization/members/:userId',
    { schema: { params: userIdParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(
        reply,
        removeMember({
          db,
          dialect,
          caller: request.user,
          orgId: orgScope(request.user.organizationId),
          userId: request.params.userId,
        }),
      ),
  );

  r.post(
    '/api/organization/invitations',
    { schema: { body: createInvitationSchema, response: created(createdInvitationSchema) } },
    async (request, reply) => {
      const invitation = await createInvitation({
        db,
        mail: { dialect, config, enabled: mailer.enabled },
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
    { schema: { response: ok(invitationListSchema) } },
    async (request) => listInvitations(db, orgScope(request.user.organizationId)),
  );

  r.delete(
    '/api/organization/invitations/:id',
    { schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(reply, revokeInvitation({ db, ...callerOrg(request.user), id: request.params.id })),
  );

  r.get(
    '/api/invitations/:token',
    { schema: { params: tokenParamsSchema, response: ok(invitationPreviewSchema) } },
    async (request) => previewInvitation(db, request.params.token),
  );

  r.post(
    '/api/invitations/:token/accept',
    { schema: { params: tokenParamsSchema, response: ok(acceptedInvitationSchema) } },
    async (request) => acceptInvitation({ db, user: request.user, token: request.params.token }),
  );
}
