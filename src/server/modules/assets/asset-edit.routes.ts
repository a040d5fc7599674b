import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetSchema, updateAssetSchema } from '#shared/schemas/assets.ts';
import { ok, idParamsSchema, noContentResponses } from '#shared/schemas/common.ts';
import { submittedReviewSchema } from '#shared/schemas/reviews.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { deleteAsset, updateAsset } from './asset-edit.service.ts';
import { noContent } from '../../lib/replies.ts';

/** Edit and delete an asset of the caller's organisation. */
export async function assetEditRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.put(
    '/api/assets/:id',
    {
      ...auth,
      schema: {
        params: idParamsSchema,
        body: updateAssetSchema,
        // 202: an editor's public change waits for review (modules/reviews, the gate).
        response: { ...ok(assetSchema), 202: submittedReviewSchema },
      },
    },
    async (request) =>
      updateAsset({
        ...callerWrite(deps, request.user),
        storage: deps.uploads,
        assetId: request.params.id,
        input: request.body,
      }),
  );

  r.delete(
    '/api/assets/:id',
    {
      ...auth,
      schema: { params: idParamsSchema, response: { ...noContentResponses, 202: submittedReviewSchema } },
    },
    async (request, reply) =>
      noContent(reply, deleteAsset({ ...callerWrite(deps, request.user), assetId: request.params.id })),
  );
}
