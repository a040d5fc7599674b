import type { z } from 'zod';
import type { logShareSchema, Share } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { arrivalRef } from '../lib/referral.ts';

/** The queries a logged share changes: campaign and organisation stats, and the supporter's impact. */
export function invalidateAfterShare(campaignId: number): void {
  const paths = new Set([
    `/api/campaigns/${campaignId}/stats`,
    '/api/organization/stats',
    `/api/supporter/campaigns/${campaignId}/impact`,
  ]);
  void queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && paths.has(q.queryKey[0]),
  });
}

/**
 * POST /api/shares. The request is issued synchronously (before the caller opens the
 * share window); its result is ignored except for refreshing the stats.
 */
export function logShare(input: z.infer<typeof logShareSchema>): Promise<Share | undefined> {
  return apiRequest<Share>('POST', '/api/shares', {
    ...input,
    parentRef: input.parentRef ?? arrivalRef(input.campaignId),
  }).then(
    (share) => {
      invalidateAfterShare(input.campaignId);
      return share;
    },
    () => undefined,
  );
}
