import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/schemas/common.ts';
import { pushPublicKeySchema, unsubscribeParamsSchema } from '#shared/schemas/reminders.ts';
import type { AppDeps } from '../../deps.ts';
import { loadReminderKeys } from './reminder-keys.ts';
import { type UnsubscribeOutcome, unsubscribe } from './reminders.service.ts';
import { noStore } from '../../lib/replies.ts';

const PAGES: Record<UnsubscribeOutcome, { status: 200 | 404 | 410; title: string; text: string }> = {
  unsubscribed: {
    status: 200,
    title: 'You are unsubscribed',
    text: 'No more reminder emails will be sent to this address for this organization. Reminders you scheduled are removed from our list, and your address with them.',
  },
  used: {
    status: 410,
    title: 'This link has already been used',
    text: 'You were unsubscribed when this link was first opened. Nothing else needs doing.',
  },
  unknown: {
    status: 404,
    title: 'This unsubscribe link is not valid',
    text: 'The link may be mistyped or too old. If you still get reminders, use the link in the latest email.',
  },
};

/** A small page of its own: it must work without the app's scripts (mail clients open it anywhere). */
const page = (p: (typeof PAGES)[UnsubscribeOutcome]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${p.title} | Rally</title></head>
<body><main><h1>${p.title}</h1><p>${p.text}</p></main></body></html>
`;

export async function remindersRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/push/public-key', { schema: { response: ok(pushPublicKeySchema) } }, async () => ({
    publicKey: (await loadReminderKeys(db)).vapid.publicKey,
  }));

  const html = { content: { 'text/html': { schema: z.string() } } };
  r.get(
    '/unsubscribe/:token',
    {
      onRequest: noStore,
      schema: { params: unsubscribeParamsSchema, response: { 200: html, 404: html, 410: html } },
    },
    async (request, reply) => {
      const result = PAGES[await unsubscribe(db, request.params.token)];
      return reply.code(result.status).type('text/html; charset=utf-8').send(page(result));
    },
  );
}
