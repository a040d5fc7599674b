import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/schemas/common.ts';
import {
  notificationChoicesSchema,
  notificationUnsubscribeParamsSchema,
  updateNotificationChoicesSchema,
} from '#shared/schemas/notifications.ts';
import type { AppDeps } from '../../deps.ts';
import { pageLanguage } from '../../lib/language.ts';
import { readNotificationChoices, writeNotificationChoices } from '../../lib/member-notifications.ts';
import { callerOrg } from '../../lib/org-scope.ts';
import { acceptFormPosts, plainPageResponses, sendPlainPage } from '../../lib/plain-page.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { noStore } from '../../lib/replies.ts';
import { unsubscribeLinkPage, unsubscribeWithLink } from './notifications.service.ts';

export async function notificationsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The caller's own switches in their organisation (every member has their own).
  r.get(
    '/api/user/notifications',
    { schema: { response: ok(notificationChoicesSchema) } },
    async (request) => {
      const { orgId, actorId } = callerOrg(request.user);
      return readNotificationChoices(db, { userId: actorId, organizationId: orgId });
    },
  );

  r.put(
    '/api/user/notifications',
    { schema: { body: updateNotificationChoicesSchema, response: ok(notificationChoicesSchema) } },
    async (request) =>
      writeNotificationChoices({ db, ...callerOrg(request.user) }, request.body, {
        origin: publicOrigin(request, config),
        how: 'in the settings',
      }),
  );

  const schema = { params: notificationUnsubscribeParamsSchema, response: plainPageResponses };

  // Opening a mail's link (as mail scanners do too): what the button will turn off. Changes nothing.
  r.get('/notifications/unsubscribe/:token', { onRequest: noStore, schema }, async (request, reply) =>
    sendPlainPage(reply, await unsubscribeLinkPage(db, request.params.token, pageLanguage(request))),
  );

  // The button, or the mail client's one-click POST: the switch goes off, no sign-in needed.
  acceptFormPosts(app);
  r.post('/notifications/unsubscribe/:token', { onRequest: noStore, schema }, async (request, reply) =>
    sendPlainPage(reply, await unsubscribeWithLink(db, request.params.token, pageLanguage(request))),
  );
}
