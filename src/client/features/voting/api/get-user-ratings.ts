import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { userRatings } from '@shared/ratings';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/ratings/user/{userId}/match/{matchId}: every rating the fan gave in the match, in one call. */
export function getUserRatings(userId: string, matchId: number) {
  return apiRequest(`/api/ratings/user/${encodeURIComponent(userId)}/match/${matchId}`, userRatings);
}

export function userRatingsQueryOptions(userId: string, matchId: number) {
  return queryOptions({
    queryKey: queryKeys.userRatings(userId, matchId),
    queryFn: () => getUserRatings(userId, matchId),
  });
}

export function useUserRatings(userId: string, matchId: number) {
  return useQuery(userRatingsQueryOptions(userId, matchId));
}
