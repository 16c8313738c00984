import { apiRequest } from '@client/lib/api-client';
import { authProviders } from '@shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getAuthProviders() {
  return apiRequest('/api/auth/providers', authProviders);
}

export function authProvidersQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
