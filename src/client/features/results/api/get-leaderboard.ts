import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { resultsApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/leaderboard/match/{matchId}: the top 10, already sorted by the server. */
export function getLeaderboard(matchId: number) {
  return callEndpoint(resultsApi.leaderboard, { params: { matchId } });
}

/**
 * Stale after 5 min, kept 10 min, no automatic refetch. Fresh figures arrive when
 * a rating, a vote or the live connection's polling invalidates the key.
 */
export function leaderboardQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: queryKeys.leaderboard(matchId),
    queryFn: () => getLeaderboard(matchId),
    staleTime: 300_000,
    gcTime: 600_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: false,
  });
}

export function useLeaderboard(matchId: number) {
  return useQuery(leaderboardQueryOptions(matchId));
}
