import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, idParamsSchema, noContentResponses, ok } from '#shared/schemas/common.ts';
import {
  commitMomentSchema,
  createMomentSchema,
  momentCommitmentSchema,
  momentCountSchema,
  momentSchema,
} from '#shared/schemas/moments.ts';
import type { AppDeps } from '../../deps.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isNonHumanVisit } from '../../lib/link-preview-bots.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { noContent, noStore } from '../../lib/replies.ts';
import { readVisitorCookie } from '../../lib/supporter-id.ts';
import { namingBlockedWords, publicShareWrite, reminderCheckFor } from '../shares/index.ts';
import { commitToMoment } from './commitments.ts';
import { MomentCountCache, readMomentCount } from './moment-count.ts';
import { createMoment, deleteMoment, listMoments, MOMENT_NOT_FOUND } from './moments.service.ts';

/** Count reads per client network a minute: a page asks every 5 s, many phones share a carrier's address. */
export const MOMENT_COUNT_READS_PER_MINUTE = 600;

export const VISITOR_REQUIRED =
  'Committing needs the supporter cookie: allow it on this page (or open the page in a browser) and try again';

export async function momentsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, dialect, config } = deps;
  await registerNetworkRateLimit(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const counts = new MomentCountCache(db);

  r.post(
    '/api/campaigns/:id/moments',
    {
      ...auth,
      schema: { params: idParamsSchema, body: createMomentSchema, response: created(momentSchema) },
    },
    async (request, reply) => {
      const moment = await createMoment({
        ...callerWrite(deps, request.user),
        campaignId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(moment);
    },
  );

  r.get(
    '/api/campaigns/:id/moments',
    { ...auth, schema: { params: idParamsSchema, response: ok(z.array(momentSchema)) } },
    async (request) =>
      listMoments({ db, orgId: orgScope(request.user.organizationId), campaignId: request.params.id }),
  );

  r.delete(
    '/api/moments/:id',
    { ...auth, schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(reply, deleteMoment({ ...callerWrite(deps, request.user), momentId: request.params.id })),
  );

  // A supporter commits (docs/api.md "Shared moments"): honest as click-throughs are,
  // so only a browser with the visitor cookie this server signed is one supporter; a
  // crawler, a prefetch, a missing or forged cookie commits nothing.
  r.post(
    '/api/supporter/moments/:id/commit',
    {
      // A commitment is a scheduled share: the public share writes' limit, per network.
      config: publicShareWrite,
      onRequest: noStore,
      schema: { params: idParamsSchema, body: commitMomentSchema, response: ok(momentCommitmentSchema) },
    },
    async (request) => {
      const visitor = readVisitorCookie(request);
      if (!visitor?.issued || isNonHumanVisit(request.headers))
        throw badRequest('VISITOR_REQUIRED', VISITOR_REQUIRED);
      const momentId = request.params.id;
      const { reminder } = request.body;
      // A refusal naming a blocked word spends the naming budget, as a share's does; a
      // text is refused while the budget is spent, whatever it says (blocked-naming.ts).
      const carriesWords = request.body.text !== undefined;
      const commitment = await namingBlockedWords({ db, config, request }, carriesWords, () =>
        commitToMoment({
          db,
          dialect,
          momentId,
          visitorId: visitor.id,
          input: request.body,
          checkReminder: reminder ? reminderCheckFor(deps, request, reminder) : undefined,
        }),
      );
      counts.forget(momentId);
      const count = await readMomentCount(db, momentId);
      return { ...commitment, count: count ?? 0 };
    },
  );

  // The live count the page polls: one read per moment per 2 s per instance, with an
  // ETag of the count so an unchanged one costs a 304 and no body.
  r.get(
    '/api/supporter/moments/:id',
    {
      config: { rateLimit: { max: MOMENT_COUNT_READS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        params: idParamsSchema,
        response: { ...ok(momentCountSchema), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const count = await counts.get(request.params.id);
      if (count === undefined) throw notFound('NOT_FOUND', MOMENT_NOT_FOUND);
      const etag = `W/"${count}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const known = String(request.headers['if-none-match'] ?? '')
        .split(',')
        .map((tag) => tag.trim());
      if (known.includes(etag)) return reply.code(304).send(null);
      return { count };
    },
  );
}
