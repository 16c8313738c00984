import { DEFAULT_CLUB_NAME } from '@shared/domain';
import { brandingApi, type Customization } from '@shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

export function getCustomization() {
  return callEndpoint(brandingApi.customization, {});
}

export function customizationQueryOptions() {
  return queryOptions({ queryKey: ['customization'], queryFn: getCustomization });
}

export function useCustomization() {
  return useQuery(customizationQueryOptions());
}

/** What the screens show of the branding (its colours reach them through the page's palette). */
export type Branding = Pick<Customization, 'companyName' | 'description' | 'logoUrl' | 'headerImageUrl'>;

/** Branding with its fallbacks filled in: the default club name until it loads or if it fails. */
export function useBranding(): Branding {
  const { data } = useCustomization();
  return {
    companyName: data?.companyName || DEFAULT_CLUB_NAME,
    description: data?.description ?? null,
    logoUrl: data?.logoUrl ?? null,
    headerImageUrl: data?.headerImageUrl ?? null,
  };
}

export function useCompanyName(): string {
  return useBranding().companyName;
}
