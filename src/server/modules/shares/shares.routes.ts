import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAMPAIGN_UNAVAILABLE } from '#shared/errors.ts';
import { created, errorResponses, idParamsSchema, ok } from '#shared/schemas/common.ts';
import {
  logShareSchema,
  messageCheckQuerySchema,
  messageCheckSchema,
  scheduledShareItemSchema,
  scheduledSharesQuerySchema,
  scheduleShareSchema,
  shareSchema,
  supporterScheduledOneParamsSchema,
  supporterScheduledOneQuerySchema,
  supporterScheduledShareSchema,
} from '#shared/schemas/shares.ts';
import type { AppDeps } from '../../deps.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { loadMessageHashKey } from '../../lib/app-secrets.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { organizationSuspension } from '../../lib/org-suspension.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { ensureSupporterId, readVisitorCookie, shareSupporterId } from '../../lib/supporter-id.ts';
import { publicShareWrite, reminderCheckFor } from './public-share-write.ts';
import { assertNamingBudget, namingBlockedWords, spendBlockedNaming } from './blocked-naming.ts';
import { checkMessage } from './message-nudge.ts';
import { ownScheduled } from './share-from-schedule.ts';
import { teamMemberId } from '../supporter/index.ts';
import { listScheduledShares, logShare, scheduleShare } from './shares.service.ts';
import { noStore } from '../../lib/replies.ts';

/**
 * Personal-message checks per client address a minute, under the same limiter: the
 * share dialog asks once per pause in typing, so a person stays far below it, while
 * probing many phrases for "already shared" is slowed down.
 */
export const MESSAGE_CHECKS_PER_MINUTE = 60;

export async function sharesRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, dialect, config } = deps;
  // Registered inside this module, so the limit applies to its public routes only.
  await registerNetworkRateLimit(app, config);

  const r = app.withTypeProvider<ZodTypeProvider>();
  // The same on every instance (appSecrets), so equal messages count together wherever they were logged.
  const messageKey = await loadMessageHashKey(db);

  r.post(
    '/api/shares',
    {
      // The supporters' busiest write: no access log line per share at the default
      // level (warnings and errors still are); the rows and metrics count them.
      logLevel: 'warn',
      config: publicShareWrite,
      schema: { body: logShareSchema, response: created(shareSchema) },
    },
    async (request, reply) => {
      const supporterId = shareSupporterId(ensureSupporterId(request, reply));
      // The verified cookie proves whose scheduled share this is and which variant was shown.
      const visitor =
        request.body.scheduledShareId || request.body.variantId ? readVisitorCookie(request) : undefined;
      const memberId = await teamMemberId(db, request, request.body.organizationId);
      // A refusal naming a blocked word spends the caller's naming budget; a message is
      // refused while the budget is spent, whatever it says (blocked-naming.ts).
      const carriesWords = Boolean(request.body.message?.trim());
      const share = await namingBlockedWords({ db, config, request }, carriesWords, () =>
        logShare({
          db,
          dialect,
          input: request.body,
          supporterId,
          messageKey,
          verifiedSupporterId: visitor?.issued ? visitor.id : undefined,
          cookieKey: app.visitorCookieKey,
          memberId,
        }),
      );
      return reply.code(201).send(share);
    },
  );

  r.post(
    '/api/shares/schedule',
    {
      config: publicShareWrite,
      schema: { body: scheduleShareSchema, response: created(shareSchema) },
    },
    async (request, reply) => {
      const supporterId = shareSupporterId(ensureSupporterId(request, reply));
      const { reminder, organizationId } = request.body;
      const memberId = organizationId ? await teamMemberId(db, request, organizationId) : null;
      // A refusal naming a blocked word spends the caller's naming budget; a text is
      // refused while the budget is spent, whatever it says (blocked-naming.ts).
      const carriesWords = request.body.text !== undefined;
      const share = await namingBlockedWords({ db, config, request }, carriesWords, () =>
        scheduleShare({
          db,
          dialect,
          input: request.body,
          supporterId,
          memberId,
          checkReminder:
            reminder && organizationId
              ? () => reminderCheckFor(deps, request, reminder, request.body.replaces)(organizationId)
              : undefined,
        }),
      );
      return reply.code(201).send(share);
    },
  );

  // The share dialog's "make it personal" nudge (a yes or no, never anybody's words) and
  // the blocked words of the supporter's own message (never the organisation's list).
  r.get(
    '/api/supporter/assets/:id/message-check',
    {
      config: { rateLimit: { max: MESSAGE_CHECKS_PER_MINUTE, timeWindow: '1 minute' } },
      onRequest: noStore,
      schema: {
        params: idParamsSchema,
        querystring: messageCheckQuerySchema,
        response: ok(messageCheckSchema),
      },
    },
    async (request) => {
      // While the naming budget is spent every check is 429, before the text is read:
      // a 429 for blocked words only would name them (blocked-naming.ts).
      await assertNamingBudget({ db, config, request });
      const answer = await checkMessage({
        db,
        key: messageKey,
        assetId: request.params.id,
        text: request.query.text,
      });
      // Naming blocked words is what a probe of the list wants: it spends the caller's budget.
      if (answer.blocked.length > 0) await spendBlockedNaming({ db, config, request });
      return answer;
    },
  );

  // A reminder's one-tap link opens the share dialog with what was scheduled: the
  // caller's own scheduled share (their visitor cookie, or the link's ref), still to post.
  r.get(
    '/api/supporter/campaigns/:id/scheduled/:shareId',
    {
      onRequest: noStore,
      schema: {
        params: supporterScheduledOneParamsSchema,
        querystring: supporterScheduledOneQuerySchema,
        response: ok(supporterScheduledShareSchema),
      },
    },
    async (request) => {
      const visitor = readVisitorCookie(request);
      const share = await ownScheduled(db, {
        shareId: request.params.shareId,
        campaignId: request.params.id,
        supporterId: visitor?.issued ? visitor.id : undefined,
        ref: request.query.ref,
      }).executeTakeFirst();
      if (!share) throw notFound('NOT_FOUND', 'Scheduled share not found');
      // A suspended organisation's campaigns are gone from the public, this link's too.
      if (await organizationSuspension(db, share.organizationId))
        throw new HttpError(410, 'CAMPAIGN_UNAVAILABLE', CAMPAIGN_UNAVAILABLE);
      return {
        id: share.id,
        assetId: share.assetId,
        platform: share.platform,
        scheduledFor: share.scheduledFor as string,
        text: share.shareText,
        timeZone: share.timeZone,
        ref: share.ref,
      };
    },
  );

  r.get(
    '/api/shares/scheduled',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: scheduledSharesQuerySchema,
        response: { 200: z.array(scheduledShareItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const organizationId = orgScope(request.user.organizationId, request.query.org);
      return listScheduledShares({ db, organizationId, query: request.query });
    },
  );
}
