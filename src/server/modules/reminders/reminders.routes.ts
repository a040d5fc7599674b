import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/schemas/common.ts';
import { pushPublicKeySchema, unsubscribeParamsSchema } from '#shared/schemas/reminders.ts';
import type { AppDeps } from '../../deps.ts';
import { loadReminderKeys } from './reminder-keys.ts';
import { type UnsubscribeOutcome, unsubscribe, unsubscribeLinkState } from './reminders.service.ts';
import { noStore } from '../../lib/replies.ts';

interface Page {
  status: 200 | 404 | 410;
  title: string;
  text: string;
  /** The path the page's button posts to. */
  action?: string;
}

const PAGES: Record<UnsubscribeOutcome, Page> = {
  unsubscribed: {
    status: 200,
    title: 'You are unsubscribed',
    text: 'No more reminder emails will be sent to this address for this organization. Reminders you scheduled are removed from our list, and your address with them.',
  },
  used: {
    status: 410,
    title: 'This link has already been used',
    text: 'You were unsubscribed when this link was first used. Nothing else needs doing.',
  },
  unknown: {
    status: 404,
    title: 'This unsubscribe link is not valid',
    text: 'The link may be mistyped or too old. If you still get reminders, use the link in the latest email.',
  },
};

/** What opening a live link shows: a button, since opening alone (a mail scanner) must change nothing. */
const confirmPage = (token: string): Page => ({
  status: 200,
  title: 'Unsubscribe from reminders',
  text: 'Press the button to stop reminder emails to this address from this organization. Reminders you scheduled are removed, and your address with them.',
  action: `/unsubscribe/${encodeURIComponent(token)}`,
});

/** A small page of its own: it must work without the app's scripts (mail clients open it anywhere). */
const page = (p: Page) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${p.title} | Rally</title></head>
<body><main><h1>${p.title}</h1><p>${p.text}</p>${
  p.action
    ? `\n<form method="post" action="${p.action}"><button type="submit">Unsubscribe</button></form>`
    : ''
}</main></body></html>
`;

/** The RFC 8058 one-click body (or the page's empty form): read, never needed. */
const FORM_BODY_LIMIT = 4096;

export async function remindersRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/push/public-key', { schema: { response: ok(pushPublicKeySchema) } }, async () => ({
    publicKey: (await loadReminderKeys(db)).vapid.publicKey,
  }));

  const html = { content: { 'text/html': { schema: z.string() } } };
  const sendPage = (reply: FastifyReply, p: Page) =>
    reply.code(p.status).type('text/html; charset=utf-8').send(page(p));
  const pageSchema = {
    params: unsubscribeParamsSchema,
    response: { 200: html, 404: html, 410: html },
  };

  // Opening the link: the button (or what became of the link). Changes nothing.
  r.get('/unsubscribe/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) => {
    const state = await unsubscribeLinkState(db, request.params.token);
    return sendPage(reply, state === 'live' ? confirmPage(request.params.token) : PAGES[state]);
  });

  // The unsubscribe itself: the page's button, or the mail client's one-click POST
  // (`List-Unsubscribe=One-Click`, form-encoded or multipart). Its body says nothing
  // the link does not, so any small form body is read and set aside.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, _body, done) => done(null, {}),
    );
  }
  r.post('/unsubscribe/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) =>
    sendPage(reply, PAGES[await unsubscribe(db, request.params.token)]),
  );
}
