import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { votesApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user-votes/{userId}/match/{matchId}: the fan's saved vote (its MOTM pick), or null. */
export function getUserVote(userId: string, matchId: number) {
  return callEndpoint(votesApi.userVote, { params: { userId, matchId } });
}

export function userVoteQueryOptions(userId: string, matchId: number) {
  return queryOptions({
    queryKey: queryKeys.userVote(userId, matchId),
    queryFn: () => getUserVote(userId, matchId),
  });
}

export function useUserVote(userId: string, matchId: number) {
  return useQuery(userVoteQueryOptions(userId, matchId));
}
