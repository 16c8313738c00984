import { queryKeys } from '@client/lib/query-keys';
import type { QueryClient } from '@tanstack/react-query';

/** Everything a sent rating changes. */
export function refreshRatingQueries(queryClient: QueryClient): Promise<unknown> {
  const { prefixes } = queryKeys;
  return Promise.all(
    [
      prefixes.userRatings,
      prefixes.ratings,
      prefixes.distribution,
      prefixes.leaderboard,
      prefixes.stats,
      prefixes.userVotes,
      prefixes.motm,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
