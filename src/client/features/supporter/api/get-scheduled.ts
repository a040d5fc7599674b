import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitorScheduledShare } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * The shares this visitor scheduled in the campaign (the signed visitor cookie
 * identifies them), so the Schedule tab shows them after a reload.
 */
export const visitorScheduledQueryOptions = (campaignId: number) => {
  const key = queryKeys.supporterScheduled(campaignId);
  return queryOptions({
    queryKey: key,
    queryFn: () => apiRequest<VisitorScheduledShare[]>('GET', key[0]),
  });
};

export const useVisitorScheduled = (campaignId: number, enabled = true) =>
  useQuery({ ...visitorScheduledQueryOptions(campaignId), enabled });

/** Each asset's latest scheduled share (a reschedule is the newest one). */
export function latestByAsset(list: VisitorScheduledShare[] | undefined): Map<number, VisitorScheduledShare> {
  const byAsset = new Map<number, VisitorScheduledShare>();
  for (const s of list ?? []) {
    const seen = byAsset.get(s.assetId);
    if (!seen || s.id > seen.id) byAsset.set(s.assetId, s);
  }
  return byAsset;
}
