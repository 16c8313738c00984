import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { BannersBody } from '@shared/content-admin';
import { contentAdminApi } from '@shared/content-admin';
import { keyOf } from '@shared/endpoint';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function adminBannersQueryOptions() {
  return queryOptions({
    queryKey: keyOf(contentAdminApi.adminBanners),
    queryFn: () => callEndpoint(contentAdminApi.adminBanners, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminBanners() {
  return useQuery(adminBannersQueryOptions());
}

/** POST /api/admin/banners: both slots; the fan page's banners are refreshed after. */
export function saveBanners(body: BannersBody) {
  return callEndpoint(contentAdminApi.saveBanners, { body });
}

export function useSaveBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanners,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminBannersQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.banners });
    },
  });
}
