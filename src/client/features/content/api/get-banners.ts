import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { contentApi } from '@shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/banners: both advertising slots in one answer. */
export function getBanners() {
  return callEndpoint(contentApi.banners, {});
}

/** Stale after 30 min, kept 60 min. */
export function bannersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.banners,
    queryFn: getBanners,
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
