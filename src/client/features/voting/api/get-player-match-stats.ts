import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { resultsApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /api/ratings/player/{playerId}/match/{matchId}: the player's match average and count.
 * The server answers 403 until the fan has rated the player, so callers enable it only then.
 */
export function getPlayerMatchStats(playerId: number, matchId: number) {
  return callEndpoint(resultsApi.playerStats, { params: { playerId, matchId } });
}

export function playerMatchStatsQueryOptions(playerId: number, matchId: number) {
  return queryOptions({
    queryKey: queryKeys.playerMatchStats(playerId, matchId),
    queryFn: () => getPlayerMatchStats(playerId, matchId),
  });
}

export function usePlayerMatchStats(playerId: number, matchId: number, enabled: boolean) {
  return useQuery({ ...playerMatchStatsQueryOptions(playerId, matchId), enabled });
}
