import { socialMedia } from '@shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export function getSocialMedia() {
  return apiRequest('/api/social-media', socialMedia);
}

export function socialMediaQueryOptions() {
  return queryOptions({ queryKey: ['social-media'], queryFn: getSocialMedia });
}

export function useSocialMedia() {
  return useQuery(socialMediaQueryOptions());
}
