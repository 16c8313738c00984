import { callEndpoint } from '@client/lib/api-client';
import { socialMediaQueryOptions } from '@client/lib/branding/get-social-media';
import { keyOf } from '@shared/endpoint';
import { brandingAdminApi, type SocialMediaBody } from '@shared/settings-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function adminSocialMediaQueryOptions() {
  return queryOptions({
    queryKey: keyOf(brandingAdminApi.socialMedia),
    queryFn: () => callEndpoint(brandingAdminApi.socialMedia, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminSocialMedia() {
  return useQuery(adminSocialMediaQueryOptions());
}

/** POST /api/admin/social-media: http(s) links only; the footer's query is refreshed after. */
export function saveSocialMedia(body: SocialMediaBody) {
  return callEndpoint(brandingAdminApi.saveSocialMedia, { body });
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
