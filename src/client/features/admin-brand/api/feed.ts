import { callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { type FeedSettings, type FeedStatus, feedAdminApi } from '@shared/feed';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/feed: the football-data feed's settings and state, read again each minute while open. */
function feedStatusQueryOptions() {
  return queryOptions({
    queryKey: keyOf(feedAdminApi.status),
    queryFn: () => callEndpoint(feedAdminApi.status, { cache: 'no-store' }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

export function useFeedStatus() {
  return useQuery(feedStatusQueryOptions());
}

function useKeepStatus() {
  const queryClient = useQueryClient();
  return (status: FeedStatus) => queryClient.setQueryData(feedStatusQueryOptions().queryKey, status);
}

/** PUT /api/admin/feed/settings. */
export function useSaveFeedSettings() {
  const keep = useKeepStatus();
  return useMutation({
    mutationFn: (body: FeedSettings) => callEndpoint(feedAdminApi.saveSettings, { body }),
    onSuccess: keep,
  });
}

/** POST /api/admin/feed/sync: the fixtures and the squad, now. */
export function useSyncFeed() {
  const keep = useKeepStatus();
  return useMutation({
    mutationFn: () => callEndpoint(feedAdminApi.sync, {}),
    onSuccess: keep,
  });
}
