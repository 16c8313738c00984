import { keyOf } from '@shared/endpoint';
import { trackingApi } from '@shared/tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

/** GET /api/scripts/tracking: the admin's validated tag ids (public; no secrets). */
export function getTrackingScripts() {
  return callEndpoint(trackingApi.scripts, {});
}

/** The admin's Scripts & Pixels form invalidates this key after saving, so the page re-initialises. */
export function trackingScriptsQueryOptions() {
  return queryOptions({ queryKey: keyOf(trackingApi.scripts), queryFn: getTrackingScripts });
}

export function useTrackingScripts() {
  return useQuery(trackingScriptsQueryOptions());
}
