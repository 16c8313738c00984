import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { type BannersBody, banners } from '@shared/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function adminBannersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/banners'],
    queryFn: () => apiRequest('/api/admin/banners', banners, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminBanners() {
  return useQuery(adminBannersQueryOptions());
}

/** POST /api/admin/banners: both slots; the fan page's banners are refreshed after. */
export function saveBanners(body: BannersBody) {
  return apiRequest('/api/admin/banners', banners, { method: 'POST', body });
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
