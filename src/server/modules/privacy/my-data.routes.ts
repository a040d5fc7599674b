import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentResponses, ok, tokenParamsSchema } from '#shared/schemas/common.ts';
import { type SupporterDataExport, supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { acceptFormPosts, type PlainPage, plainPageResponses, sendPlainPage } from '../../lib/plain-page.ts';
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
    if (!subject) return sendPlainPage(reply, LINK_GONE);
    const data = await exportSupporterData(db, subject);
    return reply.type('text/html; charset=utf-8').send(addressPage(request.params.token, data));
  });

  r.get(
    '/my-data/:token/data.json',
    { onRequest: noStore, schema: { params: tokenParamsSchema, response: ok(supporterDataExportSchema) } },
    async (request, reply) => {
      const subject = await linkSubject(db, request.params.token);
      if (!subject) throw notFound('NOT_FOUND', LINK_GONE.title);
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
    return sendPlainPage(reply, erased ? ERASED : LINK_GONE);
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

const page = (status: 200 | 404, title: string, text: string): PlainPage => ({ status, title, text });

const LINK_GONE = page(
  404,
  'This link no longer works',
  'Links to your data work for 7 days, and not after the data was erased. The next reminder email has a new one.',
);

const ERASED = page(
  200,
  'Your data is erased',
  'The reminders for this address, the record that it confirmed them and the mail waiting for it are gone, and no reminder will be sent. If you unsubscribed, a keyed hash of the address is kept, so it is never mailed again. Shares already counted stay in the campaigns’ figures, anonymously.',
);

const names = (items: { name: string }[]) => [...new Set(items.map((i) => escapeHtml(i.name)))].join(', ');
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The data page of an address: a list in plain words, the JSON download and the erase button. */
function addressPage(token: string, data: SupporterDataExport): string {
  const path = `/my-data/${encodeURIComponent(token)}`;
  const items = [
    ...data.reminders.map(
      (m) =>
        `<li>A reminder for ${escapeHtml(m.campaign.name)}, due ${when(m.dueAt)}, to ${escapeHtml(m.address ?? 'this address')}</li>`,
    ),
    data.reminderAddresses.length > 0 &&
      `<li>Confirmed for reminders from: ${names(data.reminderAddresses.map((a) => a.organization))}</li>`,
    data.unsubscribed.length > 0 &&
      `<li>Unsubscribed from: ${names(data.unsubscribed.map((u) => u.organization))} (kept when you erase, so nothing is sent again)</li>`,
    data.mail.length > 0 && `<li>${data.mail.length} email(s) in the send log</li>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Your data | Rally</title></head>
<body><main><h1>Your data</h1>
<p>What this Rally server holds for this email address:</p>
<ul>${items.length > 0 ? items.join('') : '<li>Nothing but this link</li>'}</ul>
<p><a href="${path}/data.json" download>Download it as JSON</a></p>
<form method="post" action="${path}"><button type="submit">Erase my data</button></form>
<p>Erasing removes the address, its reminders and the mail waiting for it; shares already counted stay in the figures, anonymously.</p>
</main></body></html>
`;
}
