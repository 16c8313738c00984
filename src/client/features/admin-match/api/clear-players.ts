import { callEndpoint } from '@client/lib/api-client';
import { ownChanges } from '@client/lib/live/own-changes';
import { refreshSquadQueries } from '@client/lib/squad-queries';
import { squadApi } from '@shared/squad';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/clear-all-players: nobody is available for rating any more. */
export function clearAllPlayers() {
  return ownChanges.track('availableForRatingUpdate', () => callEndpoint(squadApi.clearAll, {}));
}

export function useClearAllPlayers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearAllPlayers, onSettled: () => refreshSquadQueries(queryClient) });
}
