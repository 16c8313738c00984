import { currentMatchQueryOptions, matchesQueryOptions } from '@client/lib/match-queries';
import { useQuery } from '@tanstack/react-query';

export function useMatches() {
  return useQuery(matchesQueryOptions());
}

/** The match analytics opens on (same key as the fan page). */
export function useCurrentMatch() {
  return useQuery(currentMatchQueryOptions({ fresh: true }));
}
