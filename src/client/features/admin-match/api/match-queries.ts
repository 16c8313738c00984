import { currentMatchQueryOptions } from '@client/lib/match-queries';
import { queryKeys } from '@client/lib/query-keys';
import { publishedPlayersQueryOptions } from '@client/lib/squad-queries';
import { useQuery } from '@tanstack/react-query';

/** The fan page's key, so a change here shows there at once; the admin always re-reads on opening. */
export function useAdminCurrentMatch() {
  return useQuery(currentMatchQueryOptions({ fresh: true }));
}

export const MATCHES_KEY = queryKeys.matches;

/** Who is published for rating (always fresh). */
export function usePublishedPlayers() {
  return useQuery(publishedPlayersQueryOptions());
}
