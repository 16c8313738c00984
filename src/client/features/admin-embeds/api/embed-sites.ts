import { callEndpoint } from '@client/lib/api-client';
import { type EmbedSitesBody, embedAdminApi } from '@shared/embed';
import { keyOf } from '@shared/endpoint';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function embedSitesQueryOptions() {
  return queryOptions({
    queryKey: keyOf(embedAdminApi.sites),
    queryFn: () => callEndpoint(embedAdminApi.sites, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useEmbedSites() {
  return useQuery(embedSitesQueryOptions());
}

/** PUT /api/admin/embed-sites: the whole list; every widget page names it at once. */
export function useSaveEmbedSites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmbedSitesBody) => callEndpoint(embedAdminApi.saveSites, { body }),
    onSuccess: (saved) => queryClient.setQueryData(embedSitesQueryOptions().queryKey, saved),
  });
}
