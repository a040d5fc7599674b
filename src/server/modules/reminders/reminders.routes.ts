import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/schemas/common.ts';
import { pushPublicKeySchema, unsubscribeParamsSchema } from '#shared/schemas/reminders.ts';
import type { AppDeps } from '../../deps.ts';
import { type ConfirmOutcome, confirmAddress, lookUpConfirmation } from './reminder-addresses.ts';
import { loadReminderKeys } from './reminder-keys.ts';
import { type UnsubscribeOutcome, unsubscribe, unsubscribeLinkState } from './reminders.service.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { noStore } from '../../lib/replies.ts';
import {
  acceptFormPosts,
  type PlainPage,
  plainPageHtml,
  plainPageResponses,
  sendPlainPage,
} from '../../lib/plain-page.ts';

const PAGES: Record<UnsubscribeOutcome, PlainPage> = {
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
const unsubscribeButtonPage = (token: string): PlainPage => ({
  status: 200,
  title: 'Unsubscribe from reminders',
  text: 'Press the button to stop reminder emails to this address from this organization. Reminders you scheduled are removed, and your address with them.',
  action: `/unsubscribe/${encodeURIComponent(token)}`,
});

/**
 * The confirmation link's page. Opening it (GET, as mail scanners do) changes
 * nothing: its button posts to the same address, and that confirms. The
 * organisation's name is escaped: it is anyone's text.
 */
function confirmPage(
  result: ConfirmOutcome,
  token: string,
  posted: boolean,
): { status: 200 | 404; html: string } {
  if (result.outcome === 'unknown') {
    return {
      status: 404,
      html: plainPageHtml({
        status: 404,
        title: 'This confirmation link is not valid',
        text: 'The link may be mistyped, already replaced by a newer one, or older than it may be. Schedule the reminder again to get a new one.',
      }),
    };
  }
  const org = escapeHtml(result.organizationName);
  if (result.outcome === 'already' || posted) {
    return {
      status: 200,
      html: plainPageHtml({
        status: 200,
        title: 'Your email is confirmed',
        text: `Reminders you schedule with ${org} will be emailed to this address at the time you chose. Every reminder has a link to unsubscribe.`,
      }),
    };
  }
  return {
    status: 200,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Confirm your email | Rally</title></head>
<body><main><h1>Confirm your email</h1>
<p>Confirm that this address may get the share reminders you schedule with ${org}.</p>
<form method="post" action="/reminders/confirm/${encodeURIComponent(token)}"><button type="submit">Confirm my email</button></form>
<p>If you did not ask for reminders, close this page: nothing will be sent to you.</p></main></body></html>
`,
  };
}

export async function remindersRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/push/public-key', { schema: { response: ok(pushPublicKeySchema) } }, async () => ({
    publicKey: (await loadReminderKeys(db)).vapid.publicKey,
  }));

  const pageSchema = { params: unsubscribeParamsSchema, response: plainPageResponses };

  // Opening the link: the button (or what became of the link). Changes nothing.
  r.get('/unsubscribe/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) => {
    const state = await unsubscribeLinkState(db, request.params.token);
    return sendPlainPage(
      reply,
      state === 'live' ? unsubscribeButtonPage(request.params.token) : PAGES[state],
    );
  });

  // The unsubscribe itself: the page's button, or the mail client's one-click POST.
  acceptFormPosts(app);
  r.post('/unsubscribe/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) =>
    sendPlainPage(reply, PAGES[await unsubscribe(db, request.params.token)]),
  );
}

/**
 * The confirmation page's form posts here (application/x-www-form-urlencoded, an empty
 * body): a parser for that type only within these routes, which read no body.
 */
export async function reminderConfirmRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const html = { content: { 'text/html': { schema: z.string() } } };
  const schema = { params: unsubscribeParamsSchema, response: { 200: html, 404: html } };
  r.get('/reminders/confirm/:token', { onRequest: noStore, schema }, async (request, reply) => {
    const result = confirmPage(
      await lookUpConfirmation(db, request.params.token),
      request.params.token,
      false,
    );
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.html);
  });
  r.post('/reminders/confirm/:token', { onRequest: noStore, schema }, async (request, reply) => {
    const result = confirmPage(await confirmAddress(db, request.params.token), request.params.token, true);
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.html);
  });
}
