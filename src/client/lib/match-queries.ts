import { matchesApi } from '@shared/matches';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The current match (live, else the latest, else null), under one key for the fan page and the admin
 * panel, so a change made in one shows in the other. `fresh` re-reads on every mount and skips the
 * browser's cache: the admin always sees the match as it is.
 */
export function currentMatchQueryOptions({ fresh = false }: { fresh?: boolean } = {}) {
  return queryOptions({
    queryKey: queryKeys.currentMatch,
    queryFn: () => callEndpoint(matchesApi.current, fresh ? { cache: 'no-store' } : {}),
    ...(fresh ? { staleTime: 0 } : {}),
  });
}

/** Every match, for the admin's history, picker and state changes; always fresh. */
export function matchesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.matches,
    queryFn: () => callEndpoint(matchesApi.list, { cache: 'no-store' }),
    staleTime: 0,
  });
}
