import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { isPublished, PUBLIC_ASSET_FIELDS, PUBLIC_CAMPAIGN_FIELDS, splitFields } from '#shared/review.ts';
import type { CreateAssetInput, UpdateAssetInput } from '#shared/schemas/assets.ts';
import type { UpdateCampaignInput } from '#shared/schemas/campaigns.ts';
import type { ReviewChange } from '#shared/schemas/reviews.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { updateAsset } from '../assets/index.ts';
import { updateCampaign } from '../campaigns/index.ts';
import { editorWaitsForReview } from '../settings/index.ts';
import { type ReviewWrite, submitChanges } from './reviews.service.ts';

// The review gate (docs/api.md "Review before publishing"): on the four routes that
// change what supporters see, an editor's public changes to a published campaign (and
// the publishing of a draft) are kept as the campaign's revision instead of going
// live, answered 202 `{review}`; the same call's internal fields apply at once. An
// admin's writes, an organisation without review, a draft's edits and internal-only
// edits pass through to the route as before. The gate is a preHandler added to those
// routes only (after the body is validated): no other route pays for it.

type Plan = {
  campaignId: number;
  changes: ReviewChange[];
  internal?: (ctx: ReviewWrite & { db: AppDeps['db'] }) => Promise<unknown>;
};

const some = (o: object) => Object.keys(o).length > 0;

type Planner = (deps: AppDeps, request: FastifyRequest, orgId: number) => Promise<Plan | null>;

/** The campaign's status, when it is the organisation's; null lets the route answer its 404. */
async function campaignStatus(deps: AppDeps, orgId: number, campaignId: number) {
  const row = await deps.db
    .selectFrom('campaigns')
    .select('status')
    .where('id', '=', campaignId)
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  return row?.status ?? null;
}

/** The organisation's live asset with its campaign's status; null lets the route answer. */
async function assetOf(deps: AppDeps, orgId: number, assetId: number) {
  return (
    (await deps.db
      .selectFrom('assets as a')
      .innerJoin('campaigns as c', 'c.id', 'a.campaignId')
      .select(['a.campaignId', 'a.title', 'c.status'])
      .where('a.id', '=', assetId)
      .where('a.organizationId', '=', orgId)
      .where('a.deletedAt', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

/**
 * Whether the campaign's public words are under review: it is published, or it is a
 * draft whose publishing waits (its words then wait too, or the approval would publish
 * words the reviewer never saw).
 */
async function underReview(deps: AppDeps, campaignId: number, status: string): Promise<boolean> {
  if (isPublished(status)) return true;
  if (status !== 'draft') return false;
  const open = await deps.db
    .selectFrom('campaignRevisions')
    .select('id')
    .where('openCampaignId', '=', campaignId)
    .executeTakeFirst();
  return open !== undefined;
}

const PLANNERS: Record<string, Planner> = {
  'PUT /api/campaigns/:id': async (deps, request, orgId) => {
    const campaignId = idOf(request);
    const status = await campaignStatus(deps, orgId, campaignId);
    const body = request.body as UpdateCampaignInput;
    if (status === null) return null;
    const reviewed = await underReview(deps, campaignId, status);
    if (status === 'draft' && !reviewed) {
      // A draft is not public: only publishing it waits.
      if (body.status !== 'active') return null;
      const { status: _, ...rest } = body;
      return {
        campaignId,
        changes: [{ kind: 'campaign', fields: { status: 'active' } }],
        internal: some(rest) ? (ctx) => updateCampaign({ ...ctx, campaignId, input: rest }) : undefined,
      };
    }
    if (!reviewed) return null;
    const split = splitFields(body, PUBLIC_CAMPAIGN_FIELDS);
    // A draft whose publishing waits: publishing it is part of what waits, never applied at once.
    if (status === 'draft' && split.internal.status === 'active') {
      delete split.internal.status;
      (split.public as Record<string, unknown>).status = 'active';
    }
    if (!some(split.public)) return null;
    return {
      campaignId,
      changes: [{ kind: 'campaign', fields: split.public }],
      internal: some(split.internal)
        ? (ctx) => updateCampaign({ ...ctx, campaignId, input: split.internal })
        : undefined,
    };
  },
  'POST /api/assets': async (deps, request, orgId) => {
    const { organizationId, campaignId, ...asset } = request.body as CreateAssetInput;
    if (organizationId !== undefined && organizationId !== orgId) return null;
    const status = await campaignStatus(deps, orgId, campaignId);
    if (status === null || !(await underReview(deps, campaignId, status))) return null;
    return { campaignId, changes: [{ kind: 'add', title: asset.title, asset }] };
  },
  'PUT /api/assets/:id': async (deps, request, orgId) => {
    const assetId = idOf(request);
    const asset = await assetOf(deps, orgId, assetId);
    if (!asset || !(await underReview(deps, asset.campaignId, asset.status))) return null;
    const split = splitFields(request.body as UpdateAssetInput, PUBLIC_ASSET_FIELDS);
    if (!some(split.public)) return null;
    return {
      campaignId: asset.campaignId,
      changes: [{ kind: 'asset', assetId, title: split.internal.title ?? asset.title, fields: split.public }],
      internal: some(split.internal)
        ? (ctx) => updateAsset({ ...ctx, assetId, input: split.internal as UpdateAssetInput })
        : undefined,
    };
  },
  'DELETE /api/assets/:id': async (deps, request, orgId) => {
    const assetId = idOf(request);
    const asset = await assetOf(deps, orgId, assetId);
    if (!asset || !(await underReview(deps, asset.campaignId, asset.status))) return null;
    return { campaignId: asset.campaignId, changes: [{ kind: 'delete', assetId, title: asset.title }] };
  },
};

/** The routes the gate guards, and the 202 their documents add. */
export const GATED_ROUTES = Object.keys(PLANNERS);

/** Adds the gate to the guarded routes as they are registered (app.ts, before the routes). */
export function registerReviewGate(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const planner = methods.map((m) => PLANNERS[`${m} ${route.url}`]).find(Boolean);
    if (!planner) return;
    const gate: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { user } = request;
      // Only an editor's writes wait: an admin's go live, a viewer's were refused already.
      if (!user.organizationId || !(await editorWaitsForReview(deps.db, user))) return;
      const orgId = user.organizationId;
      const plan = await planner(deps, request, orgId);
      if (!plan) return;
      const review = await submitChanges({
        ...callerWrite(deps, user),
        storage: deps.uploads,
        dialect: deps.dialect,
        config: deps.config,
        ...plan,
      });
      return reply.code(202).send({ review });
    };
    const own = route.preHandler;
    route.preHandler = [...(Array.isArray(own) ? own : own ? [own] : []), gate];
  });
}
