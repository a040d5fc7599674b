import { useMutation } from '@tanstack/react-query';
import type { ScheduleShareInput, Share } from '#shared/schemas/shares.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const scheduleCampaignShare = (input: ScheduleShareInput) =>
  apiRequest<Share>('POST', '/api/shares/schedule', input);

/** POST /api/shares/schedule from the dashboard; refreshes the calendar's scheduled shares. */
export const useScheduleCampaignShare = () =>
  useMutation({
    mutationFn: scheduleCampaignShare,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/shares/scheduled'] }),
  });
