import type { Query } from '@tanstack/react-query';
import { queryClient } from '#client/lib/query-client.ts';

/**
 * Shares and clicks arrive from supporters, not from this app's own writes, so the
 * numbers that count them go stale: after this long they are refetched on mount and
 * when the window regains focus.
 */
export const STATS_STALE_MS = 30_000;

const STATS_URL = /^\/api\/(organization|campaigns\/\d+)\/(stats|analytics)\b/;
const isStatsQuery = (q: Query) => typeof q.queryKey[0] === 'string' && STATS_URL.test(q.queryKey[0]);

/**
 * On focus, once any stats query on screen is stale, all of them refetch: the cards and
 * the analytics view then show numbers from the same moment, and agree.
 */
function refetchTogether(): boolean | 'always' {
  const onScreen = queryClient.getQueryCache().findAll({ predicate: isStatsQuery, type: 'active' });
  return onScreen.some((q) => q.isStaleByTime(STATS_STALE_MS)) ? 'always' : false;
}

/** Query options shared by the stats cards and the analytics view. */
export const statsFreshness = { staleTime: STATS_STALE_MS, refetchOnWindowFocus: refetchTogether } as const;
