import { squadApi } from '@shared/squad';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The players published for rating as the admin panel reads them: always fresh, one key for the badge,
 * Match Control and the squad tools, so publishing anywhere refreshes them all.
 */
export function publishedPlayersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminAvailablePlayers,
    queryFn: () => callEndpoint(squadApi.available, { cache: 'no-store' }),
    staleTime: 0,
  });
}

/** After anything about the squad changed: the admin's lists and the fan page's. */
export function refreshSquadQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [queryKeys.players, queryKeys.adminAvailablePlayers, queryKeys.availablePlayers].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
