import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { refreshSquadQueries } from '@client/lib/squad-queries';
import { playersApi } from '@shared/players';
import { squadApi } from '@shared/squad';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SquadRequests } from '../utils/squad-selection';

/** GET /api/players: the whole active squad with its flags. */
export function getPlayers() {
  return callEndpoint(playersApi.list, { cache: 'no-store' });
}

export function useSquadPlayers() {
  return useQuery(queryOptions({ queryKey: queryKeys.players, queryFn: getPlayers, staleTime: 0 }));
}

/** POST /api/admin/update-squad: who starts and who is a substitute. */
export function updateSquad(body: SquadRequests['squad']) {
  return callEndpoint(squadApi.update, { body });
}

/** POST /api/admin/available-for-rating: replaces the whole set fans can rate. */
export function setAvailableForRating(playerIds: number[]) {
  return callEndpoint(squadApi.setAvailable, { body: { playerIds } });
}

/** The squad first (so the roles are right), then the set available for rating. */
export function useSaveSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requests: SquadRequests) => {
      await updateSquad(requests.squad);
      await setAvailableForRating(requests.playerIds);
    },
    onSettled: () => refreshSquadQueries(queryClient),
  });
}

/** Only the set available for rating (removing one substitute from rating). */
export function useSetAvailable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailableForRating,
    onSettled: () => refreshSquadQueries(queryClient),
  });
}
