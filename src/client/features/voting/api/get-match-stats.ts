import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { matchStats } from '@shared/ratings';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/stats/match/{matchId}: how many ratings the match has. */
export function getMatchStats(matchId: number) {
  return apiRequest(`/api/stats/match/${matchId}`, matchStats);
}

// product.md point 9: match stats stale after 5 minutes, kept 10.
export function matchStatsQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: queryKeys.matchStats(matchId),
    queryFn: () => getMatchStats(matchId),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
}

export function useMatchStats(matchId: number) {
  return useQuery(matchStatsQueryOptions(matchId));
}
