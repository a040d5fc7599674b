import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentResponses, ok, tokenParamsSchema } from '#shared/schemas/common.ts';
import { type SupporterDataExport, supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import {
  acceptFormPosts,
  htmlLang,
  type PlainPage,
  plainPageResponses,
  sendPlainPage,
} from '../../lib/plain-page.ts';
import { pageLanguage } from '../../lib/language.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';
import { DEFAULT_LOCALE } from '#shared/locales.ts';
import { noStore } from '../../lib/replies.ts';
import { clearVisitorCookie, issuedVisitorId } from '../../lib/supporter-id.ts';
import { assertSameOrigin } from '../../plugins/csrf.ts';
import { hashToken } from '../auth/index.ts';
import { eraseSupporterData, exportSupporterData, type SupporterSubject } from './supporter-data.ts';

// "My data" (issue 27 item 3, docs/api.md "Privacy"): what Rally holds about the
// caller's browser (its signed visitor cookie), to read and to erase; and the page a
// reminder mail's link opens (modules/reminders/data-link.ts) for the same about an
// address. Both are instance-wide: the supporter's own request.
// The browser is known by a visitor cookie this server issued (a made-up or unsigned
// id is nobody's data), read even when the browser now refuses the cookie (Global
// Privacy Control, or its choice): what its still-present cookie names is its own.

/** Reads of a browser's own data per client network a minute. */
export const MY_DATA_READS_PER_MINUTE = 30;
/** Erasures per client network a minute: a person needs one. */
export const MY_DATA_ERASURES_PER_MINUTE = 5;

const browserSubject = (visitorId: string | undefined): SupporterSubject => ({
  organizationId: null,
  visitorIds: visitorId ? [visitorId] : [],
  emailKeys: [],
});

/**
 * Another site's page may neither read nor erase a visitor's data: a request a browser
 * marks as cross-site (a hostile embedding page's fetch, form or link) is refused, and
 * the erasure must come from our own pages (Origin, csrf.ts). No CORS header is ever
 * sent, so no other origin can read the JSON.
 */
function refuseCrossSite(request: FastifyRequest) {
  if (request.headers['sec-fetch-site'] === 'cross-site')
    throw forbidden('CROSS_SITE_REFUSED', 'Your data can be read and erased from this site only');
}

export async function myDataRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  await registerNetworkRateLimit(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/supporter/my-data',
    {
      onRequest: noStore,
      config: { rateLimit: { max: MY_DATA_READS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { response: ok(supporterDataExportSchema) },
    },
    async (request) => {
      refuseCrossSite(request);
      return exportSupporterData(db, browserSubject(issuedVisitorId(request)));
    },
  );

  r.delete(
    '/api/supporter/my-data',
    {
      onRequest: noStore,
      config: { rateLimit: { max: MY_DATA_ERASURES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { response: noContentResponses },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const visitorId = issuedVisitorId(request);
      // The cookie is what another site could ride on: with one, the request must be our page's.
      if (visitorId) assertSameOrigin(request, config);
      // The erasure counts what it changed: no row is nothing held (its transaction changed nothing).
      const erased =
        visitorId !== undefined &&
        (await db.transaction().execute((trx) => eraseSupporterData(trx, browserSubject(visitorId)))).rows >
          0;
      // Nothing held is nothing erased: the answer says so rather than claim an erasure.
      if (!erased)
        throw notFound('NO_DATA_HELD', 'Rally holds nothing about this browser: there is nothing to erase');
      // The browser starts over as a new visitor: the erased id is nobody's any more.
      clearVisitorCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  // The reminder mail's link: the page (GET changes nothing), the JSON file, the erasure (POST).
  acceptFormPosts(app);
  const pageSchema = { params: tokenParamsSchema, response: plainPageResponses };
  r.get('/my-data/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) => {
    const subject = await linkSubject(db, request.params.token);
    if (!subject) return sendPlainPage(reply, linkGone(pageLanguage(request)));
    const data = await exportSupporterData(db, subject);
    return reply
      .type('text/html; charset=utf-8')
      .send(addressPage(request.params.token, data, pageLanguage(request)));
  });

  r.get(
    '/my-data/:token/data.json',
    { onRequest: noStore, schema: { params: tokenParamsSchema, response: ok(supporterDataExportSchema) } },
    async (request, reply) => {
      const subject = await linkSubject(db, request.params.token);
      if (!subject) throw notFound('NOT_FOUND', linkGone(DEFAULT_LOCALE).title);
      reply.header('content-disposition', 'attachment; filename="rally-my-data.json"');
      return exportSupporterData(db, subject);
    },
  );

  r.post('/my-data/:token', { onRequest: noStore, schema: pageSchema }, async (request, reply) => {
    const erased = await db.transaction().execute(async (trx) => {
      const subject = await linkSubject(trx, request.params.token);
      if (!subject) return false;
      await eraseSupporterData(trx, subject);
      return true;
    });
    const locale = pageLanguage(request);
    return sendPlainPage(reply, erased ? erasedPage(locale) : linkGone(locale));
  });
}

/** The address a live data link stands for, as an instance-wide subject; undefined for any other token. */
async function linkSubject(db: Db, token: string): Promise<SupporterSubject | undefined> {
  const link = await db
    .selectFrom('reminderDataLinks')
    .select('emailKey')
    .where('tokenHash', '=', hashToken(token))
    .where('expiresAt', '>', new Date().toISOString())
    .executeTakeFirst();
  return link && { organizationId: null, visitorIds: [], emailKeys: [link.emailKey] };
}

// The pages a data link opens, in the reader's language: the server catalog's words.
const WORDS = {
  goneTitle: /*i18n*/ { id: 'page.myData.gone.title', message: 'This link no longer works' },
  goneText: /*i18n*/ {
    id: 'page.myData.gone.text',
    message:
      'Links to your data work for 7 days, and not after the data was erased. The next reminder email has a new one.',
  },
  erasedTitle: /*i18n*/ { id: 'page.myData.erased.title', message: 'Your data is erased' },
  erasedText: /*i18n*/ {
    id: 'page.myData.erased.text',
    message:
      'The reminders for this address, the record that it confirmed them and the mail waiting for it are gone, and no reminder will be sent. If you unsubscribed, a keyed hash of the address is kept, so it is never mailed again. Shares already counted stay in the campaigns’ figures, anonymously.',
  },
  title: /*i18n*/ { id: 'page.myData.title', message: 'Your data' },
  intro: /*i18n*/ {
    id: 'page.myData.intro',
    message: 'What this Rally server holds for this email address:',
  },
  reminder: /*i18n*/ {
    id: 'page.myData.reminder',
    message: 'A reminder for {campaign}, due {due}, to {address}',
  },
  thisAddress: /*i18n*/ { id: 'page.myData.thisAddress', message: 'this address' },
  confirmedFrom: /*i18n*/ {
    id: 'page.myData.confirmedFrom',
    message: 'Confirmed for reminders from: {organizations}',
  },
  unsubscribedFrom: /*i18n*/ {
    id: 'page.myData.unsubscribedFrom',
    message: 'Unsubscribed from: {organizations} (kept when you erase, so nothing is sent again)',
  },
  mailLog: /*i18n*/ {
    id: 'page.myData.mailLog',
    message: '{count, plural, one {# email} other {# emails}} in the send log',
  },
  nothing: /*i18n*/ { id: 'page.myData.nothing', message: 'Nothing but this link' },
  download: /*i18n*/ { id: 'page.myData.download', message: 'Download it as JSON' },
  erase: /*i18n*/ { id: 'page.myData.erase', message: 'Erase my data' },
  eraseNote: /*i18n*/ {
    id: 'page.myData.eraseNote',
    message:
      'Erasing removes the address, its reminders and the mail waiting for it; shares already counted stay in the figures, anonymously.',
  },
};
type Word = keyof typeof WORDS;

const page = (locale: MessageLocale, status: 200 | 404, title: Word, text: Word): PlainPage => ({
  status,
  title: translate(locale, WORDS[title]),
  text: translate(locale, WORDS[text]),
  locale,
});
const linkGone = (locale: MessageLocale) => page(locale, 404, 'goneTitle', 'goneText');
const erasedPage = (locale: MessageLocale) => page(locale, 200, 'erasedTitle', 'erasedText');

const names = (items: { name: string }[]) => [...new Set(items.map((i) => escapeHtml(i.name)))].join(', ');
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The data page of an address: a list in plain words, the JSON download and the erase button. */
function addressPage(token: string, data: SupporterDataExport, locale: MessageLocale): string {
  const w = (word: Word, values?: Record<string, unknown>) => translate(locale, WORDS[word], values);
  const path = `/my-data/${encodeURIComponent(token)}`;
  const items = [
    ...data.reminders.map(
      (m) =>
        `<li>${w('reminder', {
          campaign: escapeHtml(m.campaign.name),
          due: when(m.dueAt),
          address: m.address ? escapeHtml(m.address) : w('thisAddress'),
        })}</li>`,
    ),
    data.reminderAddresses.length > 0 &&
      `<li>${w('confirmedFrom', { organizations: names(data.reminderAddresses.map((a) => a.organization)) })}</li>`,
    data.unsubscribed.length > 0 &&
      `<li>${w('unsubscribedFrom', { organizations: names(data.unsubscribed.map((u) => u.organization)) })}</li>`,
    data.mail.length > 0 && `<li>${w('mailLog', { count: data.mail.length })}</li>`,
  ].filter(Boolean);
  return `<!doctype html>
<html ${htmlLang(locale)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${w('title')} | Rally</title></head>
<body><main><h1>${w('title')}</h1>
<p>${w('intro')}</p>
<ul>${items.length > 0 ? items.join('') : `<li>${w('nothing')}</li>`}</ul>
<p><a href="${path}/data.json" download>${w('download')}</a></p>
<form method="post" action="${path}"><button type="submit">${w('erase')}</button></form>
<p>${w('eraseNote')}</p>
</main></body></html>
`;
}
