import { apiRequest } from '@client/lib/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { refreshPublished } from './match-queries';

/** POST /api/admin/clear-all-players: nobody is available for rating any more. */
export function clearAllPlayers() {
  return apiRequest('/api/admin/clear-all-players', z.unknown(), { method: 'POST' });
}

export function useClearAllPlayers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearAllPlayers, onSettled: () => refreshPublished(queryClient) });
}
