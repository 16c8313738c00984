import { callEndpoint } from '@client/lib/api-client';
import { trackingScriptsQueryOptions } from '@client/lib/tracking/get-tracking-scripts';
import { keyOf } from '@shared/endpoint';
import type { TrackingBody } from '@shared/tracking';
import { trackingAdminApi } from '@shared/tracking-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/tracking: the tag ids and the newsletter settings, its key masked. */
export function adminTrackingQueryOptions() {
  return queryOptions({
    queryKey: keyOf(trackingAdminApi.settings),
    queryFn: () => callEndpoint(trackingAdminApi.settings, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminTracking() {
  return useQuery(adminTrackingQueryOptions());
}

/** POST /api/admin/tracking; the page's tag loader re-reads its ids after. */
export function saveTracking(body: TrackingBody) {
  return callEndpoint(trackingAdminApi.save, { body });
}

export function useSaveTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTracking,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminTrackingQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: trackingScriptsQueryOptions().queryKey });
    },
  });
}
