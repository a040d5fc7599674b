import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityListSchema,
  changePasswordSchema,
  emailChangeResultSchema,
  firstRunSchema,
  firstRunStepParamsSchema,
  orgActivityListSchema,
  orgActivityQuerySchema,
  PASSWORD_RESET_ACCEPTED,
  passwordResetRequestSchema,
  passwordResetSchema,
  sessionListSchema,
} from '#shared/schemas/account.ts';
import {
  errorResponses,
  ok,
  idParamsSchema,
  messageSchema,
  noContentResponses,
  tokenParamsSchema,
} from '#shared/schemas/common.ts';
import { profileUpdateBodySchema, profileUpdateSchema } from '#shared/schemas/auth.ts';
import { accountDataSchema, deleteAccountSchema } from '#shared/schemas/account-data.ts';
import type { AppDeps } from '../../deps.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { clientNetwork } from '../../lib/client-address.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import {
  changePassword,
  endSession,
  listSessions,
  organizationActivity,
  organizationActivityCsv,
  userActivity,
} from './account.service.ts';
import { firstRunSteps, markFirstRunStep } from './first-run.ts';
import { accountData, deleteAccount } from './account-data.ts';
import { confirmEmailChange, undoEmailChange, updateProfile } from './email-change.service.ts';
import { queuePasswordReset, resetPassword } from './password-reset.service.ts';
import { noContent, noStore } from '../../lib/replies.ts';
import { spendPasswordBudget } from '../auth/index.ts';

/** Reset requests per client network: on top of the per-account cap in the service. */
export const PASSWORD_RESETS_PER_HOUR = 10;

export async function accountRoutes(app: FastifyInstance, { db, dialect, config, mailer }: AppDeps) {
  await registerNetworkRateLimit(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** What the services need to write mail into the outbox. */
  const mail = { dialect, config, enabled: mailer.enabled };

  r.put(
    '/api/user/password',
    { schema: { body: changePasswordSchema, response: ok(messageSchema) } },
    async (request) => {
      await spendPasswordBudget({ db, config, request });
      await changePassword({
        db,
        user: request.user,
        sessionId: request.sessionId,
        // The network, like login: one /64 is one guesser however its addresses rotate.
        address: clientNetwork(request),
        ...request.body,
      });
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );

  // The profile is the account's: a new email needs the password and the new address's confirmation.
  r.put(
    '/api/user/profile',
    {
      preHandler: app.authenticate,
      schema: { body: profileUpdateBodySchema, response: ok(profileUpdateSchema) },
    },
    async (request) =>
      updateProfile({
        db,
        mail,
        origin: publicOrigin(request, config),
        user: request.user,
        address: clientNetwork(request),
        input: request.body,
        // The same per-network budget as login and password change, spent only when the password is checked.
        beforeHash: () => spendPasswordBudget({ db, config, request }),
      }),
  );

  r.get('/api/user/sessions', { schema: { response: ok(sessionListSchema) } }, async (request) =>
    listSessions(db, request.user.id, request.sessionId),
  );

  r.delete(
    '/api/user/sessions/:id',
    { schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) => noContent(reply, endSession({ db, user: request.user, id: request.params.id })),
  );

  // The member's own data, and the account's deletion (docs/api.md "Privacy").
  r.get(
    '/api/user/data',
    { onRequest: noStore, schema: { response: ok(accountDataSchema) } },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="rally-account-data.json"');
      return accountData(db, request.user.id);
    },
  );

  r.delete(
    '/api/user',
    { schema: { body: deleteAccountSchema, response: noContentResponses } },
    async (request, reply) => {
      await spendPasswordBudget({ db, config, request });
      return noContent(
        reply,
        deleteAccount({
          db,
          dialect,
          user: request.user,
          address: clientNetwork(request),
          password: request.body.password,
        }),
      );
    },
  );

  r.get('/api/user/activity', { schema: { response: ok(activityListSchema) } }, async (request) =>
    userActivity(db, request.user.id),
  );

  const member = ({ user }: FastifyRequest) => ({
    db,
    userId: user.id,
    orgId: orgScope(user.organizationId),
  });
  r.get('/api/user/first-run', { schema: { response: ok(firstRunSchema) } }, async (request) =>
    firstRunSteps(member(request)),
  );
  r.put(
    '/api/user/first-run/:step',
    { schema: { params: firstRunStepParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(reply, markFirstRunStep({ ...member(request), step: request.params.step })),
  );

  r.get(
    '/api/organization/activity',
    { schema: { querystring: orgActivityQuerySchema, response: ok(orgActivityListSchema) } },
    async (request) =>
      organizationActivity({ db, orgId: orgScope(request.user.organizationId), ...request.query }),
  );

  // The same log as a file: what an auditor or a privacy officer keeps.
  r.get(
    '/api/organization/activity.csv',
    {
      onRequest: noStore,
      schema: {
        querystring: orgActivityQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId);
      const body = await organizationActivityCsv({ db, orgId, ...request.query });
      return reply
        .header('content-disposition', `attachment; filename="activity-${orgId}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(body);
    },
  );

  r.post(
    '/api/email-change/:token/confirm',
    { schema: { params: tokenParamsSchema, response: ok(emailChangeResultSchema) } },
    async (request) =>
      confirmEmailChange({
        db,
        mail,
        origin: publicOrigin(request, config),
        token: request.params.token,
      }),
  );

  r.post(
    '/api/email-change/:token/undo',
    { schema: { params: tokenParamsSchema, response: ok(emailChangeResultSchema) } },
    async (request) => undoEmailChange({ db, token: request.params.token }),
  );

  r.post(
    '/api/password-reset',
    {
      config: { rateLimit: { max: PASSWORD_RESETS_PER_HOUR, timeWindow: '1 hour' } },
      schema: { body: passwordResetRequestSchema, response: { 202: messageSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const job = {
        db,
        mail,
        email: request.body.email,
        origin: publicOrigin(request, config),
      };
      // The answer goes first and the work (lookup, token, mail) after it: how long the
      // answer takes must not tell whether the address has an account.
      afterResponse(reply, () => queuePasswordReset(job), request.log);
      return reply.code(202).send({ message: PASSWORD_RESET_ACCEPTED });
    },
  );

  r.post(
    '/api/password-reset/:token',
    { schema: { params: tokenParamsSchema, body: passwordResetSchema, response: ok(messageSchema) } },
    async (request) => {
      await resetPassword({
        db,
        token: request.params.token,
        newPassword: request.body.newPassword,
        // Spent only for a live token: a made-up one is refused before any hashing.
        beforeHash: () => spendPasswordBudget({ db, config, request }),
      });
      return { message: 'Password changed. Please sign in with the new password.' };
    },
  );
}
