import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { publishedPlayersQueryOptions, refreshSquadQueries } from '@client/lib/squad-queries';
import { currentMatch } from '@shared/matches';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/matches/current: the live match, else the latest one, else null. */
export function getCurrentMatch() {
  return apiRequest('/api/matches/current', currentMatch, { cache: 'no-store' });
}

/** The fan page's key, so a change here shows there at once; the admin always re-reads on opening. */
export function useAdminCurrentMatch() {
  return useQuery(queryOptions({ queryKey: queryKeys.currentMatch, queryFn: getCurrentMatch, staleTime: 0 }));
}

export const MATCHES_KEY = ['/api/matches'] as const;

/** Who is published for rating (always fresh). */
export function usePublishedPlayers() {
  return useQuery(publishedPlayersQueryOptions());
}

/** After the published set changed: the admin's lists and the fan page's. */
export const refreshPublished = refreshSquadQueries;
