import { callEndpoint } from '@client/lib/api-client';
import { apiKeysApi, type CreateApiKeyBody } from '@shared/api-keys';
import { keyOf } from '@shared/endpoint';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/api-keys: every key with its usage, fresh whenever the admin opens the card. */
function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: keyOf(apiKeysApi.list),
    queryFn: () => callEndpoint(apiKeysApi.list, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** POST /api/admin/api-keys: the answer holds the key itself, which the card shows once and forgets. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => callEndpoint(apiKeysApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

/** POST /api/admin/api-keys/:id/revoke: refused from the next request on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(apiKeysApi.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
