import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { resultsApi } from '@shared/match-day';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/motm/{matchId}: the winner, its share to one decimal and any players level with it; null before any vote. */
export function getMotm(matchId: number) {
  return callEndpoint(resultsApi.motm, { params: { matchId } });
}

/** Stale after 5 min, kept 10 min. */
export function motmQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: queryKeys.motm(matchId),
    queryFn: () => getMotm(matchId),
    staleTime: 300_000,
    gcTime: 600_000,
  });
}

/** The result is only asked for once the fan has voted (the server refuses it before). */
export function useMotm(matchId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...motmQueryOptions(matchId), enabled });
}
