import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '#shared/schemas/common.ts';
import {
  importBodySchema,
  importQuerySchema,
  importResultSchema,
  MAX_IMPORT_BYTES,
} from '#shared/schemas/imports.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { HttpError } from '../../lib/errors.ts';
import { allowAnyAddress, refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { editorWaitsForReview } from '../settings/index.ts';
import { readFilePart } from '../uploads/index.ts';
import { checkedRows, type RawRow, rowsOfFile } from './import-file.ts';
import { importRefused, importResult, planImport } from './import-plan.ts';
import { importTemplateCsv } from './import-template.ts';
import { writeImport } from './import-write.ts';

/** The rows of the request: a multipart file (CSV or JSON), or a JSON body `{rows: [...]}`. */
async function requestRows(request: FastifyRequest): Promise<RawRow[]> {
  if (request.isMultipart()) return rowsOfFile(await readFilePart(request, MAX_IMPORT_BYTES));
  if (request.body === undefined)
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data in a field named file, or JSON {"rows": [...]}',
    );
  return checkedRows(importBodySchema.parse(request.body).rows);
}

// Bulk import (docs/api.md "Bulk import"). The route takes a file or a JSON body, so
// it declares no body schema (that would refuse the multipart file): the JSON body is
// checked against importBodySchema in the handler, with the same 400 a schema gives.
export async function importsRoutes(
  app: FastifyInstance,
  { db, dialect, config, uploads, supporterCache, fetchSlots }: AppDeps,
) {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const policy = config.allowPrivateFetch ? allowAnyAddress : refusePrivateAddress;

  r.get(
    '/api/campaigns/import/template.csv',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: { content: { 'text/csv': { schema: z.string() } } }, ...errorResponses } },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="rally-import-template.csv"')
        .send(importTemplateCsv()),
  );

  r.post(
    '/api/campaigns/import',
    {
      preHandler: app.authenticate,
      schema: {
        description:
          'A CSV or JSON file (multipart, field `file`) or a JSON body `{rows: [...]}`, one row per asset (docs/api.md "Bulk import").',
        querystring: importQuerySchema,
        response: ok(importResultSchema),
      },
    },
    async (request) => {
      const write = callerWrite({ db, supporterCache, config }, request.user);
      const rows = await requestRows(request);
      const draftsOnly = await editorWaitsForReview(db, request.user);
      const plan = await planImport({ db, orgId: write.orgId, rows, policy, draftsOnly });
      const dryRun = request.query.dryRun !== 'false';
      if (dryRun) return importResult(plan, true);
      if (!plan.valid) throw importRefused(plan);
      const campaignIds = await writeImport(
        write,
        { db, dialect, config, storage: uploads, policy, log: request.log, fetchSlots },
        plan,
      );
      return { ...importResult(plan, false), campaignIds };
    },
  );
}
