import { callEndpoint } from '@client/lib/api-client';
import { customizationQueryOptions } from '@client/lib/branding/get-customization';
import { keyOf } from '@shared/endpoint';
import { type AdminCustomizationBody, brandingAdminApi } from '@shared/settings-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/customization: the branding as stored (always fresh when the admin opens it). */
export function adminCustomizationQueryOptions() {
  return queryOptions({
    queryKey: keyOf(brandingAdminApi.customization),
    queryFn: () => callEndpoint(brandingAdminApi.customization, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminCustomization() {
  return useQuery(adminCustomizationQueryOptions());
}

/** POST /api/admin/customization; the fan header reads the public key, refreshed here too. */
export function saveCustomization(body: AdminCustomizationBody) {
  return callEndpoint(brandingAdminApi.saveCustomization, { body });
}

export function useSaveCustomization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomization,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminCustomizationQueryOptions().queryKey, saved);
      queryClient.setQueryData(customizationQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: customizationQueryOptions().queryKey });
    },
  });
}
