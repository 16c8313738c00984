import { apiRequest } from '@client/lib/api-client';
import { socialMediaQueryOptions } from '@client/lib/branding/get-social-media';
import { type SocialMediaBody, socialMedia } from '@shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function adminSocialMediaQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/social-media'],
    queryFn: () => apiRequest('/api/admin/social-media', socialMedia, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminSocialMedia() {
  return useQuery(adminSocialMediaQueryOptions());
}

/** POST /api/admin/social-media: http(s) links only; the footer's query is refreshed after. */
export function saveSocialMedia(body: SocialMediaBody) {
  return apiRequest('/api/admin/social-media', socialMedia, { method: 'POST', body });
}

export function useSaveSocialMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSocialMedia,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSocialMediaQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: socialMediaQueryOptions().queryKey });
    },
  });
}
