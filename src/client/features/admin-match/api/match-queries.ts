import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { currentMatch } from '@shared/matches';
import { playerList } from '@shared/players';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/matches/current: the live match, else the latest one, else null. */
export function getCurrentMatch() {
  return apiRequest('/api/matches/current', currentMatch, { cache: 'no-store' });
}

/** The fan page's key, so a change here shows there at once; the admin always re-reads on opening. */
export function useAdminCurrentMatch() {
  return useQuery(queryOptions({ queryKey: queryKeys.currentMatch, queryFn: getCurrentMatch, staleTime: 0 }));
}

export const ADMIN_AVAILABLE_KEY = ['/api/admin/available-for-rating'] as const;
export const MATCHES_KEY = ['/api/matches'] as const;

/** GET /api/admin/available-for-rating: who is published for rating. */
export function getPublishedPlayers() {
  return apiRequest('/api/admin/available-for-rating', playerList, { cache: 'no-store' });
}

// product.md point 9: available-for-rating is always fresh.
export function usePublishedPlayers() {
  return useQuery(
    queryOptions({ queryKey: ADMIN_AVAILABLE_KEY, queryFn: getPublishedPlayers, staleTime: 0 }),
  );
}

/** After the published set changed: the admin's lists and the fan page's. */
export function refreshPublished(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [ADMIN_AVAILABLE_KEY, queryKeys.availablePlayers, queryKeys.players].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
