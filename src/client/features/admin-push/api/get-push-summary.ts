import { callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { pushApi } from '@shared/push';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The figures are read again every 10 s while the card is on screen (and the browser tab in front). */
export const PUSH_SUMMARY_POLL_MS = 10_000;

/** GET /api/admin/push: subscribers now, and the latest send's figures. */
export function pushSummaryQueryOptions() {
  return queryOptions({
    queryKey: keyOf(pushApi.adminSummary),
    queryFn: () => callEndpoint(pushApi.adminSummary, { cache: 'no-store' }),
    staleTime: 0,
    refetchInterval: PUSH_SUMMARY_POLL_MS,
  });
}

export function usePushSummary() {
  return useQuery(pushSummaryQueryOptions());
}
