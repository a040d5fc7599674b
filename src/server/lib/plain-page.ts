import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LOCALE, localeDirection } from '#shared/locales.ts';
import type { MessageLocale } from './messages.ts';

// The small pages a link in a mail opens (unsubscribing, confirming): plain HTML of
// their own, since mail clients open them anywhere, without the app's scripts. A
// page's title and text are the server's words, or escaped (lib/html-escape.ts).

export interface PlainPage {
  status: 200 | 404 | 410;
  title: string;
  text: string;
  /** The path the page's button posts to, and the button's words. */
  action?: string;
  button?: string;
  /** The page's language (its words are already in it); English when absent. */
  locale?: MessageLocale;
}

/** `<html lang dir>` of a page in a language. */
export const htmlLang = (locale: MessageLocale = DEFAULT_LOCALE) =>
  `lang="${locale}"${locale !== 'pseudo' && localeDirection(locale) === 'rtl' ? ' dir="rtl"' : ''}`;

export const plainPageHtml = (p: PlainPage) => `<!doctype html>
<html ${htmlLang(p.locale)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${p.title} | Rally</title></head>
<body><main><h1>${p.title}</h1><p>${p.text}</p>${
  p.action
    ? `\n<form method="post" action="${p.action}"><button type="submit">${p.button ?? 'Unsubscribe'}</button></form>`
    : ''
}</main></body></html>
`;

export const sendPlainPage = (reply: FastifyReply, p: PlainPage) =>
  reply.code(p.status).type('text/html; charset=utf-8').send(plainPageHtml(p));

/** The response schemas of a route that answers with plain pages. */
const html = { content: { 'text/html': { schema: z.string() } } };
export const plainPageResponses = { 200: html, 404: html, 410: html };

/** The RFC 8058 one-click body (or a page's empty form): read, never needed. */
const FORM_BODY_LIMIT = 4096;

/**
 * Lets the routes of this plugin take a page's form post or a mail client's one-click
 * POST (`List-Unsubscribe=One-Click`, form-encoded or multipart): the link says all,
 * so any small form body is read and set aside.
 */
export function acceptFormPosts(app: FastifyInstance) {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, _body, done) => done(null, {}),
    );
  }
}
