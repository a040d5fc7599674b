import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '#shared/schemas/common.ts';
import { type SupporterDataExport as Export, supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import {
  eraseRequestSchema,
  eraseResultSchema,
  exportQuerySchema,
  supporterKeyParamsSchema,
  supporterMatchListSchema,
  supporterSearchQuerySchema,
} from '#shared/schemas/privacy-requests.ts';
import type { AppDeps } from '../../deps.ts';
import type { OrgWrite } from '../../lib/audit.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { noStore } from '../../lib/replies.ts';
import { eraseSupporter, exportSupporter, searchSupporters, supporterCsv } from './requests.service.ts';

// Admins' data requests about a supporter (docs/api.md "Privacy"); who may call them
// is the permission table's (admins, signed in).

const BASE = '/api/organization/privacy/supporters';
const csvResponse = { 200: { content: { 'text/csv': { schema: z.string() } } }, ...errorResponses };

const attachment = (reply: FastifyReply, name: string) =>
  reply.header('content-disposition', `attachment; filename="${name}"`);

export async function privacyRequestRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The caller's organisation and who acts, for an audited request. */
  const as = (request: FastifyRequest): OrgWrite => ({
    db,
    orgId: orgScope(request.user.organizationId),
    actorId: request.user.id,
  });

  r.get(
    BASE,
    {
      onRequest: noStore,
      schema: { querystring: supporterSearchQuerySchema, response: ok(supporterMatchListSchema) },
    },
    async (request) => searchSupporters({ ...as(request), query: request.query }),
  );

  // The same export as JSON or as CSV (one row per value), each audited.
  const exports = [
    { ext: 'json', format: 'JSON', response: ok(supporterDataExportSchema), body: (d: Export) => d },
    { ext: 'csv', format: 'CSV', response: csvResponse, body: supporterCsv },
  ] as const;
  for (const { ext, format, response, body } of exports)
    r.get(
      `${BASE}/:key/export.${ext}`,
      {
        onRequest: noStore,
        schema: { params: supporterKeyParamsSchema, querystring: exportQuerySchema, response },
      },
      async (request, reply) => {
        const data = await exportSupporter({
          ...as(request),
          key: request.params.key,
          format,
          ...request.query,
        });
        attachment(reply, `supporter-data.${ext}`);
        if (ext === 'csv') reply.type('text/csv; charset=utf-8');
        return body(data);
      },
    );

  r.post(
    `${BASE}/:key/erase`,
    {
      schema: { params: supporterKeyParamsSchema, body: eraseRequestSchema, response: ok(eraseResultSchema) },
    },
    async (request) =>
      eraseSupporter({ ...as(request), key: request.params.key, reason: request.body.reason }),
  );
}
