import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { playerMatchStats } from '@shared/ratings';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /api/ratings/player/{playerId}/match/{matchId}: the player's match average and count.
 * The server answers 403 until the fan has rated the player, so callers enable it only then.
 */
export function getPlayerMatchStats(playerId: number, matchId: number) {
  return apiRequest(`/api/ratings/player/${playerId}/match/${matchId}`, playerMatchStats);
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
