import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { ratingsApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/ratings/user/{userId}/match/{matchId}: every rating the fan gave in the match, in one call. */
export function getUserRatings(userId: string, matchId: number) {
  return callEndpoint(ratingsApi.userRatings, { params: { userId, matchId } });
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
