import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultPosterLine } from '#shared/poster-text.ts';
import { errorResponses, idParamsSchema } from '#shared/schemas/common.ts';
import { posterQuerySchema, qrPngQuerySchema, qrSvgQuerySchema } from '#shared/schemas/qr.ts';
import { LANGUAGE_QUERY, type Locale } from '#shared/locales.ts';
import { invalidField, notOffered } from '../../lib/campaign-languages.ts';
import { qrSupporterUrl, supporterUrl } from '#shared/share-links.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { assertOrganizationActive } from '../../lib/org-suspension.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { getOwnCampaign } from '../../lib/own-campaign.ts';
import { allowAnyAddress, refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { getSettings } from '../settings/index.ts';
import { loadPosterLogo } from './poster-logo.ts';
import { posterWords } from './poster-words.ts';

/** The QR drawing (qrcode, and pdf-lib for the poster) is loaded at the first file, not at start. */
const qrCode = () => import('./qr-code.ts');

export const NO_PUBLIC_ORIGIN =
  'This server does not know its public address, so a QR code would have no link to carry: set PUBLIC_URL (or add this host to ALLOWED_HOSTS)';

/**
 * Bumped whenever the drawing changes (layout, error correction), so cached files
 * with an old look are not revalidated as current.
 */
const DRAWING_VERSION = '2';

/** A file response: its media type with bytes, documented as binary. */
const fileResponse = (mime: string, description: string) => ({
  200: { content: { [mime]: { schema: z.string().describe(description) } } },
  ...errorResponses,
});

export async function qrRoutes(app: FastifyInstance, { db, config, uploads }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const policy = config.allowPrivateFetch ? allowAnyAddress : refusePrivateAddress;

  /**
   * The caller's campaign and the absolute links of its code. A code must carry an
   * absolute link, so a server that cannot name its public origin refuses (409). A
   * suspended organisation prints nothing that leads to its pages (403).
   */
  async function campaignLinks(request: FastifyRequest, campaignId: number, lang?: Locale) {
    const orgId = orgScope(request.user.organizationId);
    await assertOrganizationActive(db, orgId);
    const campaign = await getOwnCampaign({ db, orgId, campaignId });
    const origin = publicOrigin(request, config);
    if (!origin) throw conflict('PUBLIC_URL_MISSING', NO_PUBLIC_ORIGIN);
    // A code in one language opens the page in it (docs/api.md "Languages").
    if (lang && !campaign.languages.includes(lang)) throw invalidField('lang', notOffered(lang));
    const inLang = lang ? `${LANGUAGE_QUERY}=${encodeURIComponent(lang)}` : '';
    return {
      campaign,
      codeUrl: qrSupporterUrl(origin, campaign.id) + (inLang && `&${inLang}`),
      pageUrl: supporterUrl(origin, campaign.id) + (inLang && `?${inLang}`),
    };
  }

  /**
   * Sends a generated file with an ETag over everything it is drawn from, so the
   * browser's copy is revalidated (the link changes only with PUBLIC_URL or the
   * host) and an unchanged file costs a 304 instead of being drawn again. Private:
   * only members of the organisation may read it.
   */
  async function sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    file: {
      type: string;
      name: string;
      drawnFrom: (string | number)[];
      body: () => Promise<Buffer | string>;
    },
  ) {
    const digest = createHash('sha256')
      .update(JSON.stringify([DRAWING_VERSION, file.type, ...file.drawnFrom]))
      .digest('base64url');
    const etag = `"${digest.slice(0, 27)}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${file.name}"`);
    const known = String(request.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(etag)) return reply.code(304).send();
    return reply.type(file.type).send(await file.body());
  }

  r.get(
    '/api/campaigns/:id/qr.svg',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParamsSchema,
        querystring: qrSvgQuerySchema,
        response: fileResponse('image/svg+xml', 'The QR code (SVG)'),
      },
    },
    async (request, reply) => {
      const { campaign, codeUrl } = await campaignLinks(request, request.params.id, request.query.lang);
      return sendFile(request, reply, {
        type: 'image/svg+xml; charset=utf-8',
        name: `campaign-${campaign.id}-qr.svg`,
        drawnFrom: [codeUrl],
        body: async () => (await qrCode()).qrSvg(codeUrl),
      });
    },
  );

  r.get(
    '/api/campaigns/:id/qr.png',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParamsSchema,
        querystring: qrPngQuerySchema,
        response: fileResponse('image/png', 'The QR code (PNG), size x size pixels'),
      },
    },
    async (request, reply) => {
      const { campaign, codeUrl } = await campaignLinks(request, request.params.id, request.query.lang);
      const { size } = request.query;
      return sendFile(request, reply, {
        type: 'image/png',
        name: `campaign-${campaign.id}-qr-${size}.png`,
        drawnFrom: [codeUrl, size],
        body: async () => (await qrCode()).qrPng(codeUrl, size),
      });
    },
  );

  r.get(
    '/api/campaigns/:id/poster.pdf',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParamsSchema,
        querystring: posterQuerySchema,
        response: fileResponse('application/pdf', 'The A4 poster (PDF)'),
      },
    },
    async (request, reply) => {
      const { campaign, codeUrl, pageUrl } = await campaignLinks(
        request,
        request.params.id,
        request.query.lang,
      );
      // The poster's own words in its language: the code's, else the campaign's default.
      const words = posterWords(request.query.lang ?? campaign.defaultLanguage);
      const line =
        request.query.line ||
        (campaign.description?.trim() ? defaultPosterLine(campaign.description) : words.line);
      // The printed link is the page without the source tag: whoever types it in
      // did not scan the code.
      const printedUrl = pageUrl.replace(/^https?:\/\//, '');
      const settings = await getSettings(db, campaign.organizationId);
      const logo = await loadPosterLogo({
        logoUrl: settings.branding.logoUrl,
        storage: uploads,
        policy,
        log: request.log,
      });
      const organization = { name: settings.general.name, logo };
      return sendFile(request, reply, {
        type: 'application/pdf',
        name: `campaign-${campaign.id}-poster.pdf`,
        drawnFrom: [codeUrl, campaign.name, line, words.caption, organization.name, logo?.digest ?? ''],
        body: async () => {
          // pdf-lib unpacks its fonts as it loads: read at the first poster.
          const { posterPdf } = await import('./poster.ts');
          return Buffer.from(
            await posterPdf({
              organization,
              name: campaign.name,
              line,
              codeUrl,
              printedUrl,
              caption: words.caption,
            }),
          );
        },
      });
    },
  );
}
