import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, ok } from '#shared/schemas/common.ts';
import {
  approvedReviewSchema,
  approveReviewSchema,
  campaignVersionSchema,
  requestChangesSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '#shared/schemas/reviews.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { orgScope } from '../../lib/org-scope.ts';
import {
  approveReview,
  getOpenReview,
  listReviews,
  listVersions,
  requestChanges,
  withdrawReview,
} from './reviews.service.ts';

/** Review before publishing: what waits, the decisions, the approved versions (docs/api.md). */
export async function reviewsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const write = (user: Parameters<typeof callerWrite>[1]) => ({
    ...callerWrite(deps, user),
    storage: deps.uploads,
    dialect: deps.dialect,
    config: deps.config,
  });

  r.get(
    '/api/reviews',
    { schema: { querystring: reviewListQuerySchema, response: ok(z.array(reviewSchema)) } },
    async (request) =>
      listReviews({ db, orgId: orgScope(request.user.organizationId), state: request.query.state }),
  );

  r.get(
    '/api/campaigns/:id/review',
    { schema: { params: idParamsSchema, response: ok(reviewSchema) } },
    async (request) =>
      getOpenReview({ db, orgId: orgScope(request.user.organizationId), campaignId: request.params.id }),
  );

  r.get(
    '/api/campaigns/:id/versions',
    { schema: { params: idParamsSchema, response: ok(z.array(campaignVersionSchema)) } },
    async (request) =>
      listVersions({ db, orgId: orgScope(request.user.organizationId), campaignId: request.params.id }),
  );

  r.post(
    '/api/campaigns/:id/review/approve',
    { schema: { params: idParamsSchema, body: approveReviewSchema, response: ok(approvedReviewSchema) } },
    async (request) =>
      approveReview({
        ...write(request.user),
        campaignId: request.params.id,
        comment: request.body.comment,
      }),
  );

  r.post(
    '/api/campaigns/:id/review/request-changes',
    { schema: { params: idParamsSchema, body: requestChangesSchema, response: ok(reviewSchema) } },
    async (request) =>
      requestChanges({
        ...write(request.user),
        campaignId: request.params.id,
        comment: request.body.comment,
      }),
  );

  r.post(
    '/api/campaigns/:id/review/withdraw',
    { schema: { params: idParamsSchema, response: ok(reviewSchema) } },
    async (request) =>
      withdrawReview({ ...write(request.user), campaignId: request.params.id, caller: request.user }),
  );
}
