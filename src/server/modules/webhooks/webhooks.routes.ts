import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, errorResponses, idParamsSchema, noContentResponses, ok } from '#shared/schemas/common.ts';
import {
  createdWebhookSchema,
  createWebhookSchema,
  queuedWebhookMessageSchema,
  rotatedWebhookSecretSchema,
  updateWebhookSchema,
  webhookDeliveriesPageSchema,
  webhookDeliveriesQuerySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookRetryParamsSchema,
} from '#shared/schemas/webhooks.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { noContent } from '../../lib/replies.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service.ts';

// Webhook endpoints (docs/api.md "Integrations"): admins only, signed in, never with an
// API key (the permission table says so): a leaked key cannot send the organisation's
// events elsewhere. Another organisation's ids are 404.
export async function webhooksRoutes(app: FastifyInstance, { db, dialect, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accepted = <T>(body: T) => ({ 202: body, ...errorResponses }) as const;

  r.get('/api/webhooks', { schema: { response: ok(webhookEndpointListSchema) } }, async (request) =>
    listWebhooks(db, orgScope(request.user.organizationId)),
  );

  r.post(
    '/api/webhooks',
    { schema: { body: createWebhookSchema, response: created(createdWebhookSchema) } },
    async (request, reply) => {
      const made = await createWebhook({
        db,
        dialect,
        config,
        ...callerOrg(request.user),
        input: request.body,
      });
      return reply.code(201).send(made);
    },
  );

  r.get(
    '/api/webhooks/:id',
    { schema: { params: idParamsSchema, response: ok(webhookEndpointSchema) } },
    async (request) => getWebhook(db, orgScope(request.user.organizationId), request.params.id),
  );

  r.put(
    '/api/webhooks/:id',
    { schema: { params: idParamsSchema, body: updateWebhookSchema, response: ok(webhookEndpointSchema) } },
    async (request) =>
      updateWebhook({
        db,
        dialect,
        config,
        ...callerOrg(request.user),
        id: request.params.id,
        input: request.body,
      }),
  );

  r.delete(
    '/api/webhooks/:id',
    { schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(reply, deleteWebhook({ db, ...callerOrg(request.user), id: request.params.id })),
  );

  r.post(
    '/api/webhooks/:id/rotate-secret',
    { schema: { params: idParamsSchema, response: ok(rotatedWebhookSecretSchema) } },
    async (request) => rotateWebhookSecret({ db, ...callerOrg(request.user), id: request.params.id }),
  );

  r.post(
    '/api/webhooks/:id/test',
    { schema: { params: idParamsSchema, response: accepted(queuedWebhookMessageSchema) } },
    async (request, reply) =>
      reply.code(202).send(await sendTestEvent(db, orgScope(request.user.organizationId), request.params.id)),
  );

  r.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: ok(webhookDeliveriesPageSchema),
      },
    },
    async (request) =>
      listDeliveries(db, orgScope(request.user.organizationId), request.params.id, request.query.page),
  );

  r.post(
    '/api/webhooks/:id/deliveries/:messageId/retry',
    { schema: { params: webhookRetryParamsSchema, response: accepted(queuedWebhookMessageSchema) } },
    async (request, reply) => {
      const { id, messageId } = request.params;
      await retryDelivery(db, orgScope(request.user.organizationId), id, messageId);
      return reply.code(202).send({ messageId });
    },
  );
}
