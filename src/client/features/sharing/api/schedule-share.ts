import { useMutation } from '@tanstack/react-query';
import type { ScheduleShareInput, Share } from '#shared/schemas/shares.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const scheduleShare = (input: ScheduleShareInput) =>
  apiRequest<Share>('POST', '/api/shares/schedule', input);

/**
 * POST /api/shares/schedule (supporter page and dashboard); success refreshes shares,
 * campaigns and assets (SPEC.md section 7), the staff calendar's ['/api/shares/scheduled'] included.
 */
export function useScheduleShare() {
  return useMutation({
    mutationFn: scheduleShare,
    onSuccess: () => {
      const prefixes = ['/api/shares', '/api/campaigns', '/api/assets'];
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' && prefixes.some((p) => String(q.queryKey[0]).startsWith(p)),
      });
    },
  });
}
