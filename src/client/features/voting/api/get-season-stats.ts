import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { playersApi } from '@shared/players';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/players/{id}/season-stats: the player's figures from the product's own data. */
export function getSeasonStats(playerId: number) {
  return callEndpoint(playersApi.seasonStats, { params: { id: playerId } });
}

export function seasonStatsQueryOptions(playerId: number) {
  return queryOptions({
    queryKey: queryKeys.seasonStats(playerId),
    queryFn: () => getSeasonStats(playerId),
    // Season figures move slowly; a reopened dialog within a few minutes reuses them.
    staleTime: 5 * 60_000,
  });
}

export function useSeasonStats(playerId: number, enabled: boolean) {
  return useQuery({ ...seasonStatsQueryOptions(playerId), enabled });
}
