import { trackingScripts } from '@shared/tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** GET /api/scripts/tracking: the admin's validated tag ids (public; no secrets). */
export function getTrackingScripts() {
  return apiRequest('/api/scripts/tracking', trackingScripts);
}

/** The admin's Scripts & Pixels form invalidates this key after saving, so the page re-initialises. */
export function trackingScriptsQueryOptions() {
  return queryOptions({ queryKey: ['/api/scripts/tracking'], queryFn: getTrackingScripts });
}

export function useTrackingScripts() {
  return useQuery(trackingScriptsQueryOptions());
}
