import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import type { ScheduleShareInput, Share } from '#shared/schemas/shares.ts';
import { ApiError, apiRequest, errorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { arrivalRef } from '#client/features/shares/index.ts';
import { scheduleToast } from '../lib/messages.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const scheduleShare = (input: ScheduleShareInput) =>
  apiRequest<Share>('POST', '/api/shares/schedule', {
    ...input,
    parentRef: input.parentRef ?? arrivalRef(Number(input.campaignId) || undefined),
  });

/**
 * POST /api/shares/schedule (supporter page and dashboard); success refreshes shares,
 * campaigns and assets, the staff calendar's scheduled shares included;
 * failure shows the 'Failed to schedule' toast, for every dialog that schedules.
 */
export function useScheduleShare() {
  return useMutation({
    mutationFn: scheduleShare,
    onSuccess: (share) => {
      // Every staff read of shares, campaigns and assets (their paths start so).
      const prefixes = [queryKeys.scheduledShares[0], queryKeys.campaigns[0], queryKeys.assets[0]];
      // The supporter's own list on the Schedule tab.
      const [own] = queryKeys.supporterScheduled(share.campaignId);
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0] === own || prefixes.some((p) => String(q.queryKey[0]).startsWith(p))),
      });
    },
    onError: (err) =>
      toast({
        ...scheduleToast(i18n, 'scheduleFailed'),
        description: scheduleErrorMessage(err),
        variant: 'destructive',
      }),
  });
}

/**
 * The 'Failed to schedule' toast's description: the server's message,
 * 'Failed to schedule share' when its JSON answer carries none, else 'An error occurred'.
 */
export function scheduleErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.body !== undefined)
    return errorMessage(err, i18n._(msg`Failed to schedule share`));
  return errorMessage(err, i18n._(msg`An error occurred`));
}
