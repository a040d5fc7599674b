import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { pageLanguage } from '../../lib/language.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { ensureFramedSupporterId, isCrossSiteFrame, visitorCookieState } from '../../lib/supporter-id.ts';
import { framableCsp } from '../../plugins/security.ts';
import { embedAllowedOrigins } from '../settings/index.ts';
import { parseId } from '../../lib/parse-id.ts';
import {
  getSupporterEntry,
  LANGUAGE_VARY,
  requestLanguage,
  servedView,
  visitorView,
} from '../supporter/index.ts';
import { renderEmbedCard, renderEmbedNotFound } from './embed-page.ts';
import { embedScriptFile } from './embed-script.ts';

type Params = { Params: { campaignId: string } };

/**
 * GET /embed/{campaignId}: the share card an organisation frames on its own site.
 * The only route that may be framed, and only by the origins its organisation's
 * admin listed (settings.embed.allowedOrigins): its CSP `frame-ancestors` names them
 * ('none' for an empty list), and it sends no X-Frame-Options, which would
 * contradict that list in browsers that read it. Draft, archived and unknown
 * campaigns are the same 404, which no site may frame.
 */
export async function embedRoutes(app: FastifyInstance, { db, config, supporterCache: cache }: AppDeps) {
  const script = embedScriptFile(config.clientDist);
  const html = { content: { 'text/html': { schema: z.string() } } };

  app.get<Params>(
    '/embed/:campaignId',
    { schema: { response: { 200: html, 404: html, 410: html } } },
    async (request, reply) => {
      const campaignId = parseId(request.params.campaignId);
      const entry = campaignId === undefined ? undefined : await getSupporterEntry({ db, cache, campaignId });
      // Private: the card says whether this browser shares without the visitor cookie.
      reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
      // A suspended organisation's card: the neutral words, nothing of the organisation.
      // No campaign to take a language from: the request's, as a page without one.
      if (!entry?.view || entry.hidden || entry.suspended) reply.header('vary', LANGUAGE_VARY);
      if (entry?.suspended) return reply.code(410).send(renderEmbedNotFound(pageLanguage(request), true));
      if (!entry?.view || entry.hidden)
        return reply.code(404).send(renderEmbedNotFound(pageLanguage(request)));

      const origins = await embedAllowedOrigins(db, entry.view.campaign.organizationId);
      // The card shows (and its shares name) the variant this visitor is shown on the
      // supporter page: the same choice for the id the card's shares will carry.
      const identity = ensureFramedSupporterId(request, reply);
      // In the language negotiated as for the page (`?lang=` on the frame's address, the
      // browser's header); A/B variants only in the campaign's default language.
      if (entry.languages.length > 1) reply.header('vary', LANGUAGE_VARY);
      const served = servedView(entry, requestLanguage(entry, request));
      const { view } = visitorView(served, app.visitorCookieKey, identity.supporterId);
      reply.removeHeader('x-frame-options');
      return reply.header('content-security-policy', framableCsp(origins)).send(
        renderEmbedCard(view ?? entry.view, {
          origin: publicOrigin(request, config),
          script,
          cookie: { state: visitorCookieState(request), framed: isCrossSiteFrame(request) },
        }),
      );
    },
  );
}
