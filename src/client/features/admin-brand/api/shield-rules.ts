import { callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { type ShieldRules, shieldAdminApi } from '@shared/shield';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/shield/rules: the shield's thresholds (always fresh when opened). */
function shieldRulesQueryOptions() {
  return queryOptions({
    queryKey: keyOf(shieldAdminApi.rules),
    queryFn: () => callEndpoint(shieldAdminApi.rules, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useShieldRules() {
  return useQuery(shieldRulesQueryOptions());
}

/** PUT /api/admin/shield/rules: the rules every ballot is read by from now on. */
export function useSaveShieldRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShieldRules) => callEndpoint(shieldAdminApi.saveRules, { body }),
    onSuccess: (saved) => queryClient.setQueryData(shieldRulesQueryOptions().queryKey, saved),
  });
}
