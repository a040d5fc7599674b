import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSchema, updateAssetSchema } from '#shared/schemas/assets.ts';
import { errorResponses, idParamsSchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { deleteAsset, updateAsset } from './asset-edit.service.ts';

/** Edit and delete an asset of the caller's organisation. */
export async function assetEditRoutes(app: FastifyInstance, { db, uploads, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.put(
    '/api/assets/:id',
    {
      ...auth,
      schema: {
        params: idParamsSchema,
        body: updateAssetSchema,
        response: { 200: assetSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateAsset({
        db,
        storage: uploads,
        supporterCache,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        assetId: request.params.id,
        input: request.body,
      }),
  );

  r.delete(
    '/api/assets/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteAsset({
        db,
        supporterCache,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        assetId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
}
