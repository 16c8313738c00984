import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { playersApi } from '@shared/players';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/players/available-for-rating: starters, substitutes and the manager published for rating. */
export function getAvailablePlayers() {
  return callEndpoint(playersApi.available, {});
}

// Available-for-rating is always fresh.
export function availablePlayersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.availablePlayers, queryFn: getAvailablePlayers, staleTime: 0 });
}

export function useAvailablePlayers(enabled = true) {
  return useQuery({ ...availablePlayersQueryOptions(), enabled });
}
