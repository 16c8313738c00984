import { callEndpoint } from '@client/lib/api-client';
import { analyticsApi } from '@shared/analytics';
import { keyOf } from '@shared/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Total votes are polled every 5 s and stale after 1 s. */
export const TOTAL_VOTES_POLL_MS = 5000;
export const TOTAL_VOTES_STALE_MS = 1000;

/** GET /api/analytics/total-votes[/:matchId]: final votes of one match, or of every match. */
export function getTotalVotes(matchId?: number) {
  return matchId === undefined
    ? callEndpoint(analyticsApi.totalVotes, {})
    : callEndpoint(analyticsApi.matchTotalVotes, { params: { matchId } });
}

export function totalVotesQueryOptions(matchId?: number, poll = true) {
  return queryOptions({
    queryKey:
      matchId === undefined
        ? keyOf(analyticsApi.totalVotes)
        : keyOf(analyticsApi.matchTotalVotes, { matchId }),
    queryFn: () => getTotalVotes(matchId),
    staleTime: TOTAL_VOTES_STALE_MS,
    refetchInterval: poll ? TOTAL_VOTES_POLL_MS : false,
  });
}

export function useTotalVotes(matchId?: number, { poll = true, enabled = true } = {}) {
  return useQuery({ ...totalVotesQueryOptions(matchId, poll), enabled });
}
