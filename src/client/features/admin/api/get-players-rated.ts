import { apiRequest } from '@client/lib/api-client';
import { playerList } from '@shared/players';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The same key the squad tools use, so publishing a squad refreshes the badge. */
export const ADMIN_AVAILABLE_KEY = ['/api/admin/available-for-rating'] as const;

/** GET /api/admin/available-for-rating: the players published for rating. */
export function getAdminAvailablePlayers() {
  return apiRequest('/api/admin/available-for-rating', playerList, { cache: 'no-store' });
}

// product.md point 9: available-for-rating is always fresh.
export function adminAvailableQueryOptions() {
  return queryOptions({ queryKey: ADMIN_AVAILABLE_KEY, queryFn: getAdminAvailablePlayers, staleTime: 0 });
}

/** The 'Players Rated' badge: how many players fans can rate right now (undefined while loading). */
export function usePlayersRatedCount(): number | undefined {
  return useQuery({ ...adminAvailableQueryOptions(), select: (players) => players.length }).data;
}
