import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_ACTIVITY, type OrgActivityItem } from '#shared/schemas/account.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** What the activity log is narrowed to; `from` and `to` are instants (ISO), `to` excluded. */
export interface ActivityFilters {
  actorId?: number;
  action?: string;
  from?: string;
  to?: string;
}

/** The log's URL for these filters, from the entry before `before` (absent: the newest). */
function activityUrl(filters: ActivityFilters, before: number | undefined, file = ''): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, before })) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return `/api/organization/activity${file}${query ? `?${query}` : ''}`;
}

/** The whole log for these filters as a CSV file: a plain link the session cookie signs in. */
export const activityCsvUrl = (filters: ActivityFilters) => activityUrl(filters, undefined, '.csv');

/**
 * GET /api/organization/activity (admin), a page of MAX_ACTIVITY at a time: the next
 * page starts before the last entry of the previous one. Read afresh on every visit:
 * other members' work is what the log is for.
 */
export const useOrgActivity = (filters: ActivityFilters, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.orgActivity, filters],
    queryFn: ({ pageParam }) => apiRequest<OrgActivityItem[]>('GET', activityUrl(filters, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === MAX_ACTIVITY ? last[last.length - 1].id : undefined),
    staleTime: 0,
    refetchOnMount: 'always',
    enabled,
  });
