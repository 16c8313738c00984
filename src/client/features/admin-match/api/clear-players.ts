import { callEndpoint } from '@client/lib/api-client';
import { squadApi } from '@shared/squad';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPublished } from './match-queries';

/** POST /api/admin/clear-all-players: nobody is available for rating any more. */
export function clearAllPlayers() {
  return callEndpoint(squadApi.clearAll, {});
}

export function useClearAllPlayers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearAllPlayers, onSettled: () => refreshPublished(queryClient) });
}
