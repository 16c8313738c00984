import { callEndpoint } from '@client/lib/api-client';
import { keyOf, prefixOf } from '@shared/endpoint';
import { matchReportsApi } from '@shared/match-reports';
import { playersApi } from '@shared/players';
import { seasonsApi } from '@shared/seasons';
import { type SeasonSettingsBody, seasonsAdminApi } from '@shared/seasons-admin';
import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/season-settings: the month the club's seasons start in (always fresh when opened). */
export function adminSeasonSettingsQueryOptions() {
  return queryOptions({
    queryKey: keyOf(seasonsAdminApi.settings),
    queryFn: () => callEndpoint(seasonsAdminApi.settings, { cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminSeasonSettings() {
  return useQuery(adminSeasonSettingsQueryOptions());
}

/** PUT /api/admin/season-settings: saves the month and regroups every past match into its season. */
export function saveSeasonSettings(body: SeasonSettingsBody) {
  return callEndpoint(seasonsAdminApi.save, { body });
}

const WHOLE = [prefixOf(seasonsApi.list)[0], prefixOf(matchReportsApi.list)[0]];
/** One player's, match's or fan's answers that name a season: keys of the form [root, id, leaf]. */
const PER_ITEM = [seasonsApi.profile, playersApi.seasonStats, matchReportsApi.report, seasonsApi.history].map(
  (e) => keyOf(e, { id: 0 }),
);

/** Whether a cached answer names a season: seasons and their tables, past matches, player pages and stats, histories. */
function namesASeason(key: QueryKey): boolean {
  if (WHOLE.includes(String(key[0]))) return true;
  return PER_ITEM.some((item) => item.length === key.length && item[0] === key[0] && item[2] === key[2]);
}

export function useSaveSeasonSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSeasonSettings,
    onSuccess: ({ startMonth }) => {
      queryClient.setQueryData(adminSeasonSettingsQueryOptions().queryKey, { startMonth });
      return queryClient.invalidateQueries({ predicate: (query) => namesASeason(query.queryKey) });
    },
  });
}
