import { apiRequest } from '@client/lib/api-client';
import { totalVotes } from '@shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Total votes are polled every 5 s and stale after 1 s. */
export const TOTAL_VOTES_POLL_MS = 5000;
export const TOTAL_VOTES_STALE_MS = 1000;

/** GET /api/analytics/total-votes[/:matchId]: final votes of one match, or of every match. */
export function getTotalVotes(matchId?: number) {
  const path = matchId === undefined ? '/api/analytics/total-votes' : `/api/analytics/total-votes/${matchId}`;
  return apiRequest(path, totalVotes);
}

export function totalVotesQueryOptions(matchId?: number, poll = true) {
  return queryOptions({
    queryKey:
      matchId === undefined ? ['/api/analytics/total-votes'] : ['/api/analytics/total-votes', matchId],
    queryFn: () => getTotalVotes(matchId),
    staleTime: TOTAL_VOTES_STALE_MS,
    refetchInterval: poll ? TOTAL_VOTES_POLL_MS : false,
  });
}

export function useTotalVotes(matchId?: number, { poll = true, enabled = true } = {}) {
  return useQuery({ ...totalVotesQueryOptions(matchId, poll), enabled });
}
