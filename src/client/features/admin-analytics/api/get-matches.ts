import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { currentMatch, matchList } from '@shared/matches';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/matches: every match, for the history table and the match picker. */
export function matchesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/matches'],
    queryFn: () => apiRequest('/api/matches', matchList, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useMatches() {
  return useQuery(matchesQueryOptions());
}

/** GET /api/matches/current: the match analytics opens on (same key as the fan page). */
export function useCurrentMatch() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.currentMatch,
      queryFn: () => apiRequest('/api/matches/current', currentMatch, { cache: 'no-store' }),
      staleTime: 0,
    }),
  );
}
