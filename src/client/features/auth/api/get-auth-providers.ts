import { callEndpoint } from '@client/lib/api-client';
import { authApi } from '@shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getAuthProviders() {
  return callEndpoint(authApi.providers, {});
}

export function authProvidersQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
