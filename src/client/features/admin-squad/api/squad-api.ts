import { callEndpoint } from '@client/lib/api-client';
import { ownChanges } from '@client/lib/live/own-changes';
import { queryKeys } from '@client/lib/query-keys';
import { refreshSquadQueries } from '@client/lib/squad-queries';
import { playersApi } from '@shared/players';
import { type PublishSquadBody, squadApi } from '@shared/squad';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/players: the whole active squad with its flags. */
export function getPlayers() {
  return callEndpoint(playersApi.list, { cache: 'no-store' });
}

export function useSquadPlayers() {
  return useQuery(queryOptions({ queryKey: queryKeys.players, queryFn: getPlayers, staleTime: 0 }));
}

/**
 * POST /api/admin/publish-squad: the squad and who fans rate, in one request (one transaction on the
 * server). Its live echo in this tab raises no fan toast.
 */
export function publishSquad(body: PublishSquadBody) {
  return ownChanges.track('availableForRatingUpdate', () => callEndpoint(squadApi.publish, { body }));
}

export function usePublishSquad() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishSquad, onSettled: () => refreshSquadQueries(queryClient) });
}
