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
import { pageLanguage } from '../../lib/language.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';
import { noStore } from '../../lib/replies.ts';
import {
  acceptFormPosts,
  htmlLang,
  type PlainPage,
  plainPageHtml,
  plainPageResponses,
  sendPlainPage,
} from '../../lib/plain-page.ts';

// The pages a reminder mail's links open, in the reader's language (their browser's,
// or the language they chose on a campaign page): the server catalog's words.
const WORDS = {
  unsubscribedTitle: /*i18n*/ { id: 'page.reminderUnsubscribe.done.title', message: 'You are unsubscribed' },
  unsubscribedText: /*i18n*/ {
    id: 'page.reminderUnsubscribe.done.text',
    message:
      'No more reminder emails will be sent to this address for this organization. Reminders you scheduled are removed from our list, and your address with them.',
  },
  usedTitle: /*i18n*/ {
    id: 'page.reminderUnsubscribe.used.title',
    message: 'This link has already been used',
  },
  usedText: /*i18n*/ {
    id: 'page.reminderUnsubscribe.used.text',
    message: 'You were unsubscribed when this link was first used. Nothing else needs doing.',
  },
  unknownTitle: /*i18n*/ {
    id: 'page.reminderUnsubscribe.unknown.title',
    message: 'This unsubscribe link is not valid',
  },
  unknownText: /*i18n*/ {
    id: 'page.reminderUnsubscribe.unknown.text',
    message:
      'The link may be mistyped or too old. If you still get reminders, use the link in the latest email.',
  },
  buttonTitle: /*i18n*/ { id: 'page.reminderUnsubscribe.ask.title', message: 'Unsubscribe from reminders' },
  buttonText: /*i18n*/ {
    id: 'page.reminderUnsubscribe.ask.text',
    message:
      'Press the button to stop reminder emails to this address from this organization. Reminders you scheduled are removed, and your address with them.',
  },
  button: /*i18n*/ { id: 'page.reminderUnsubscribe.ask.button', message: 'Unsubscribe' },
  confirmUnknownTitle: /*i18n*/ {
    id: 'page.reminderConfirm.unknown.title',
    message: 'This confirmation link is not valid',
  },
  confirmUnknownText: /*i18n*/ {
    id: 'page.reminderConfirm.unknown.text',
    message:
      'The link may be mistyped, already replaced by a newer one, or older than it may be. Schedule the reminder again to get a new one.',
  },
  confirmedTitle: /*i18n*/ { id: 'page.reminderConfirm.done.title', message: 'Your email is confirmed' },
  confirmedText: /*i18n*/ {
    id: 'page.reminderConfirm.done.text',
    message:
      'Reminders you schedule with {organization} will be emailed to this address at the time you chose. Every reminder has a link to unsubscribe.',
  },
  confirmTitle: /*i18n*/ { id: 'page.reminderConfirm.ask.title', message: 'Confirm your email' },
  confirmText: /*i18n*/ {
    id: 'page.reminderConfirm.ask.text',
    message: 'Confirm that this address may get the share reminders you schedule with {organization}.',
  },
  confirmButton: /*i18n*/ { id: 'page.reminderConfirm.ask.button', message: 'Confirm my email' },
  confirmNotYou: /*i18n*/ {
    id: 'page.reminderConfirm.ask.notYou',
    message: 'If you did not ask for reminders, close this page: nothing will be sent to you.',
  },
};

const OUTCOME_WORDS = {
  unsubscribed: [200, 'unsubscribedTitle', 'unsubscribedText'],
  used: [410, 'usedTitle', 'usedText'],
  unknown: [404, 'unknownTitle', 'unknownText'],
} as const satisfies Record<
  UnsubscribeOutcome,
  [PlainPage['status'], keyof typeof WORDS, keyof typeof WORDS]
>;

/** What became of an unsubscribe link, in a language. */
function outcomePage(outcome: UnsubscribeOutcome, locale: MessageLocale): PlainPage {
  const [status, title, text] = OUTCOME_WORDS[outcome];
  return { status, title: translate(locale, WORDS[title]), text: translate(locale, WORDS[text]), locale };
}

/** What opening a live link shows: a button, since opening alone (a mail scanner) must change nothing. */
const unsubscribeButtonPage = (token: string, locale: MessageLocale): PlainPage => ({
  status: 200,
  title: translate(locale, WORDS.buttonTitle),
  text: translate(locale, WORDS.buttonText),
  action: `/unsubscribe/${encodeURIComponent(token)}`,
  button: translate(locale, WORDS.button),
  locale,
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
  locale: MessageLocale,
): { status: 200 | 404; html: string } {
  const w = (word: keyof typeof WORDS, values?: Record<string, unknown>) =>
    translate(locale, WORDS[word], values);
  if (result.outcome === 'unknown') {
    return {
      status: 404,
      html: plainPageHtml({
        status: 404,
        title: w('confirmUnknownTitle'),
        text: w('confirmUnknownText'),
        locale,
      }),
    };
  }
  const organization = escapeHtml(result.organizationName);
  if (result.outcome === 'already' || posted) {
    return {
      status: 200,
      html: plainPageHtml({
        status: 200,
        title: w('confirmedTitle'),
        text: w('confirmedText', { organization }),
        locale,
      }),
    };
  }
  return {
    status: 200,
    html: `<!doctype html>
<html ${htmlLang(locale)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${w('confirmTitle')} | Rally</title></head>
<body><main><h1>${w('confirmTitle')}</h1>
<p>${w('confirmText', { organization })}</p>
<form method="post" action="/reminders/confirm/${encodeURIComponent(token)}"><button type="submit">${w('confirmButton')}</button></form>
<p>${w('confirmNotYou')}</p></main></body></html>
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
      state === 'live'
        ? unsubscribeButtonPage(request.params.token, pageLanguage(request))
        : outcomePage(state, pageLanguage(request)),
    );
  });

  // The unsubscribe itself: the page's button, or the mail client's one-click POST.
  acceptFormPosts(app);
  r.post('/unsubscribe/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) =>
    sendPlainPage(reply, outcomePage(await unsubscribe(db, request.params.token), pageLanguage(request))),
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
      pageLanguage(request),
    );
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.html);
  });
  r.post('/reminders/confirm/:token', { onRequest: noStore, schema }, async (request, reply) => {
    const result = confirmPage(
      await confirmAddress(db, request.params.token),
      request.params.token,
      true,
      pageLanguage(request),
    );
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.html);
  });
}
