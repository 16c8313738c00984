import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { votesApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user-votes/{userId}/match/{matchId}/progress: players rated out of those to rate. */
export function getVoteProgress(userId: string, matchId: number) {
  return callEndpoint(votesApi.progress, { params: { userId, matchId } });
}

export function voteProgressQueryOptions(userId: string, matchId: number) {
  return queryOptions({
    queryKey: queryKeys.voteProgress(userId, matchId),
    queryFn: () => getVoteProgress(userId, matchId),
  });
}

export function useVoteProgress(userId: string, matchId: number) {
  return useQuery(voteProgressQueryOptions(userId, matchId));
}
