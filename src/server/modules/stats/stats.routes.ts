import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsQuerySchema,
  assetAnalyticsSchema,
  campaignAnalyticsSchema,
  exportQuerySchema,
  organizationAnalyticsSchema,
} from '#shared/schemas/analytics.ts';
import { errorResponses, ok, idParamsSchema } from '#shared/schemas/common.ts';
import { organizationQuerySchema } from '#shared/schemas/organizations.ts';
import { campaignStatsSchema, organizationStatsSchema } from '#shared/schemas/stats.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { getOwnCampaign } from '../../lib/own-campaign.ts';
import { campaignStats, organizationStats } from './stats.service.ts';
import { campaignAnalytics, organizationAnalytics } from './analytics.service.ts';
import { exportCsv } from './export.service.ts';
import { assetAnalytics } from './asset-analytics.service.ts';

/** The export answers CSV text; errors are the usual JSON bodies. */
const csvResponse = {
  200: { content: { 'text/csv': { schema: z.string() } } },
  ...errorResponses,
};

export async function statsRoutes(app: FastifyInstance, { db, dialect, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/stats',
    {
      preHandler: app.authenticate,
      schema: { querystring: organizationQuerySchema, response: ok(organizationStatsSchema) },
    },
    async (request) =>
      organizationStats({ db, dialect, orgId: orgScope(request.user.organizationId, request.query.id) }),
  );

  r.get(
    '/api/campaigns/:id/stats',
    { preHandler: app.authenticate, schema: { params: idParamsSchema, response: ok(campaignStatsSchema) } },
    async (request) => {
      const orgId = orgScope(request.user.organizationId);
      const campaign = await getOwnCampaign({ db, orgId, campaignId: request.params.id });
      return campaignStats({ db, dialect, campaignId: campaign.id });
    },
  );

  r.get(
    '/api/organization/analytics',
    {
      preHandler: app.authenticate,
      schema: { querystring: analyticsQuerySchema, response: ok(organizationAnalyticsSchema) },
    },
    async (request) =>
      organizationAnalytics({
        db,
        dialect,
        orgId: orgScope(request.user.organizationId),
        query: request.query,
        key: app.visitorCookieKey,
      }),
  );

  r.get(
    '/api/campaigns/:id/analytics',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParamsSchema,
        querystring: analyticsQuerySchema,
        response: ok(campaignAnalyticsSchema),
      },
    },
    async (request) => {
      const orgId = orgScope(request.user.organizationId);
      const campaign = await getOwnCampaign({ db, orgId, campaignId: request.params.id });
      return campaignAnalytics({
        db,
        dialect,
        campaignId: campaign.id,
        query: request.query,
        key: app.visitorCookieKey,
      });
    },
  );

  // An asset's share-text variants: figures per variant and the A/B winner, all time.
  r.get(
    '/api/assets/:id/analytics',
    {
      preHandler: app.authenticate,
      schema: { params: idParamsSchema, response: ok(assetAnalyticsSchema) },
    },
    async (request) =>
      assetAnalytics({
        db,
        dialect,
        orgId: orgScope(request.user.organizationId),
        assetId: request.params.id,
      }),
  );

  const sendCsv = (reply: FastifyReply, name: string, body: AsyncGenerator<string>) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      // Byte mode: the stream buffers about 16 KB ahead of the socket, not 16 pages.
      .send(Readable.from(body, { objectMode: false }));

  r.get(
    '/api/organization/export.csv',
    { preHandler: app.authenticate, schema: { querystring: exportQuerySchema, response: csvResponse } },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId);
      const body = exportCsv({
        db,
        scope: { column: 'organizationId', id: orgId },
        query: request.query,
        key: app.visitorCookieKey,
        pageSize: config.exportPageSize,
      });
      return sendCsv(reply, `organization-${orgId}-${request.query.type}.csv`, body);
    },
  );

  r.get(
    '/api/campaigns/:id/export.csv',
    {
      preHandler: app.authenticate,
      schema: { params: idParamsSchema, querystring: exportQuerySchema, response: csvResponse },
    },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId);
      const campaign = await getOwnCampaign({ db, orgId, campaignId: request.params.id });
      const body = exportCsv({
        db,
        scope: { column: 'campaignId', id: campaign.id },
        query: request.query,
        key: app.visitorCookieKey,
        pageSize: config.exportPageSize,
      });
      return sendCsv(reply, `campaign-${campaign.id}-${request.query.type}.csv`, body);
    },
  );
}
