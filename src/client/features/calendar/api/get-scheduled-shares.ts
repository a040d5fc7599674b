import { useQuery } from '@tanstack/react-query';
import type { ScheduledShareItem } from '#shared/schemas/shares.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * GET /api/shares/scheduled, by the default query function (it reads the key's path):
 * the organisation's pending shares, ordered by time.
 */
export const useScheduledShares = () =>
  useQuery<ScheduledShareItem[]>({ queryKey: queryKeys.scheduledShares });
