import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
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

/** Branding with its fallbacks filled in: the default club name and colours until it loads or if it fails. */
export function useBranding(): Customization {
  const { data } = useCustomization();
  return {
    companyName: data?.companyName || DEFAULT_CLUB_NAME,
    description: data?.description ?? null,
    logoUrl: data?.logoUrl ?? null,
    headerImageUrl: data?.headerImageUrl ?? null,
    primaryColour: data?.primaryColour ?? DEFAULT_CLUB_COLOURS.primary,
    secondaryColour: data?.secondaryColour ?? DEFAULT_CLUB_COLOURS.secondary,
  };
}

export function useCompanyName(): string {
  return useBranding().companyName;
}
