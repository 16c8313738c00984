import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { votesApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user-votes/{userId}/match/{matchId}/has-voted: whether the fan's final vote is in. */
export function getHasVoted(userId: string, matchId: number) {
  return callEndpoint(votesApi.hasVoted, { params: { userId, matchId } });
}

export function hasVotedQueryOptions(userId: string, matchId: number) {
  return queryOptions({
    queryKey: queryKeys.hasVoted(userId, matchId),
    queryFn: () => getHasVoted(userId, matchId),
  });
}

/** The fan's has-voted flag; the query is off until both the user and the match are known. */
export function useHasVoted(userId: string | undefined, matchId: number | undefined) {
  return useQuery({
    ...hasVotedQueryOptions(userId ?? '', matchId ?? 0),
    enabled: Boolean(userId) && Boolean(matchId),
  });
}
