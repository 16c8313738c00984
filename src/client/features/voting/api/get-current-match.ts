import { currentMatchQueryOptions } from '@client/lib/match-queries';
import { useQuery } from '@tanstack/react-query';

export function useCurrentMatch() {
  return useQuery(currentMatchQueryOptions());
}
