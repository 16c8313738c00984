import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { resultsApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/stats/match/{matchId}: how many ratings the match has, and how many fans the figures rest on. */
export function getMatchStats(matchId: number) {
  return callEndpoint(resultsApi.matchStats, { params: { matchId } });
}

// Match stats stale after 5 minutes, kept 10.
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
