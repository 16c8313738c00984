import { brandingApi } from '@shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

export function getSocialMedia() {
  return callEndpoint(brandingApi.socialMedia, {});
}

export function socialMediaQueryOptions() {
  return queryOptions({ queryKey: ['social-media'], queryFn: getSocialMedia });
}

export function useSocialMedia() {
  return useQuery(socialMediaQueryOptions());
}
