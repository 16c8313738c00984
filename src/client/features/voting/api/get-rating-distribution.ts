import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { resultsApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/ratings/match/{matchId}/distribution: how many fans gave each value, per player (after voting). */
export function getRatingDistribution(matchId: number) {
  return callEndpoint(resultsApi.distribution, { params: { matchId } });
}

export function ratingDistributionQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: queryKeys.distribution(matchId),
    queryFn: () => getRatingDistribution(matchId),
    // One lookup per card instead of a scan of the list.
    select: (rows) => new Map(rows.map((row) => [row.playerId, row.counts])),
  });
}

export function useRatingDistribution(matchId: number, enabled: boolean) {
  return useQuery({ ...ratingDistributionQueryOptions(matchId), enabled });
}
