import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { currentMatch } from '@shared/matches';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/matches/current: the live match, else the latest one, else null. */
export function getCurrentMatch() {
  return apiRequest('/api/matches/current', currentMatch);
}

export function currentMatchQueryOptions() {
  return queryOptions({ queryKey: queryKeys.currentMatch, queryFn: getCurrentMatch });
}

export function useCurrentMatch() {
  return useQuery(currentMatchQueryOptions());
}
