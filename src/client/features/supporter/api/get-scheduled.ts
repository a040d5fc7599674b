import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupporterScheduledShare } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * The shares this visitor scheduled in the campaign (the signed visitor cookie
 * identifies them), so the Schedule tab shows them after a reload.
 */
export const visitorScheduledQueryOptions = (campaignId: number) => {
  const path = `/api/supporter/campaigns/${campaignId}/scheduled`;
  return queryOptions({
    queryKey: [path],
    queryFn: () => apiRequest<SupporterScheduledShare[]>('GET', path),
  });
};

export const useVisitorScheduled = (campaignId: number, enabled = true) =>
  useQuery({ ...visitorScheduledQueryOptions(campaignId), enabled });

/** Each asset's latest scheduled share (a reschedule is the newest one). */
export function latestByAsset(
  list: SupporterScheduledShare[] | undefined,
): Map<number, SupporterScheduledShare> {
  const byAsset = new Map<number, SupporterScheduledShare>();
  for (const s of list ?? []) {
    const seen = byAsset.get(s.assetId);
    if (!seen || s.id > seen.id) byAsset.set(s.assetId, s);
  }
  return byAsset;
}
