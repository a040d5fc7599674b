import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import type { logShareSchema, Share } from '#shared/schemas/shares.ts';
import { apiRequest, errorMessage } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { arrivalRef, arrivalSource } from '../lib/referral.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The queries a logged share changes: campaign and organisation stats, and the supporter's impact. */
export function invalidateAfterShare(campaignId: number): void {
  invalidate([
    queryKeys.campaignStats(campaignId),
    queryKeys.organizationStats,
    queryKeys.supporterImpact(campaignId),
    // A share posted from a reminder leaves the supporter's scheduled list.
    queryKeys.supporterScheduled(campaignId),
  ]);
}

/** Whether the share was recorded; when not, the server's reason (or a plain one). */
export type LogOutcome = { ok: true; share: Share } | { ok: false; message: string };

/**
 * POST /api/shares. The request is issued synchronously (before the caller opens the
 * share window); it never rejects: the outcome tells the caller whether to say the
 * share was recorded.
 */
export function logShare(input: z.infer<typeof logShareSchema>): Promise<LogOutcome> {
  return apiRequest<Share>('POST', '/api/shares', {
    ...input,
    parentRef: input.parentRef ?? arrivalRef(input.campaignId),
    source: input.source ?? arrivalSource(input.campaignId),
  }).then(
    (share): LogOutcome => {
      invalidateAfterShare(input.campaignId);
      return { ok: true, share };
    },
    (err): LogOutcome => ({ ok: false, message: errorMessage(err, t`Please check your connection.`) }),
  );
}
