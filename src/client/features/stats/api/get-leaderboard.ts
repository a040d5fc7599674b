import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LeaderboardKind, LeaderboardRow } from '#shared/schemas/recognition.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** What the leaderboard shows: supporters or members, a campaign or all, a period of UTC days or all time. */
export interface LeaderboardFilter {
  kind: LeaderboardKind;
  campaignId?: number;
  from?: string;
  to?: string;
}

const queryOf = (f: LeaderboardFilter) => {
  const params = new URLSearchParams({ kind: f.kind });
  if (f.campaignId) params.set('campaignId', String(f.campaignId));
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  return params.toString();
};

export const leaderboardUrl = (f: LeaderboardFilter) => `/api/organization/leaderboard?${queryOf(f)}`;
/** The CSV of the same rows (a plain link: the session cookie goes with it). */
export const leaderboardCsvUrl = (f: LeaderboardFilter) => `/api/organization/leaderboard.csv?${queryOf(f)}`;

export function useLeaderboard(filter: LeaderboardFilter, opts: { enabled?: boolean } = {}) {
  const url = leaderboardUrl(filter);
  return useQuery({
    queryKey: queryKeys.leaderboard(url),
    queryFn: () => apiRequest<LeaderboardRow[]>('GET', url),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** Hides a supporter's name from every board, or shows it again (editors). */
export const useSetNameHidden = () =>
  useMutation({
    mutationFn: ({ profileId, hidden }: { profileId: number; hidden: boolean }) =>
      apiRequest('POST', `/api/organization/supporter-profiles/${profileId}/${hidden ? 'hide' : 'unhide'}`),
    // Every leaderboard read (any filter) shows the name or not.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/organization/leaderboard?'),
      }),
  });
