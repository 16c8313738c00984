import { ApiError, callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { matchReportsApi } from '@shared/match-reports';
import { seasonsApi } from '@shared/seasons';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

/**
 * Ended matches do not change but for an admin's correction: their figures are kept a while, so going
 * back and forth between the list, a match and a player costs nothing.
 */
export const SETTLED = { staleTime: 60_000, gcTime: 30 * 60_000 } as const;

/**
 * A 404 or a 400 is an answer (no such match, no ended match in a season, a period out of bounds):
 * asking again will not change it.
 */
export function retryUnlessMissing(failures: number, error: unknown) {
  return failures < 2 && !(error instanceof ApiError && (error.status === 404 || error.status === 400));
}

export function matchSummariesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: keyOf(matchReportsApi.list),
    queryFn: ({ pageParam }) => callEndpoint(matchReportsApi.list, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    ...SETTLED,
  });
}

/** GET /api/match-reports: past matches, newest first, a page at a time. */
export function useMatchSummaries() {
  return useInfiniteQuery(matchSummariesQueryOptions());
}

/** GET /api/matches/{id}/report: one ended match's fan verdict. */
export function useMatchReport(matchId: number) {
  return useQuery({
    queryKey: keyOf(matchReportsApi.report, { id: matchId }),
    queryFn: () => callEndpoint(matchReportsApi.report, { params: { id: matchId } }),
    retry: retryUnlessMissing,
    ...SETTLED,
  });
}

/** GET /api/seasons: the seasons with an ended match, newest first. */
export function useSeasons() {
  return useQuery({
    queryKey: keyOf(seasonsApi.list),
    queryFn: () => callEndpoint(seasonsApi.list, {}),
    ...SETTLED,
  });
}

export function seasonTableQueryOptions(season: string) {
  return queryOptions({
    queryKey: keyOf(seasonsApi.table, { season }),
    queryFn: () => callEndpoint(seasonsApi.table, { params: { season } }),
    retry: retryUnlessMissing,
    ...SETTLED,
  });
}

/** GET /api/seasons/{season}/players: the season's table; off until a season is known. */
export function useSeasonTable(season: string | null) {
  return useQuery({ ...seasonTableQueryOptions(season ?? ''), enabled: season !== null });
}

/** GET /api/players/{id}/profile: who the player is, their season and every match they were rated in. */
export function usePlayerProfile(playerId: number) {
  return useQuery({
    queryKey: keyOf(seasonsApi.profile, { id: playerId }),
    queryFn: () => callEndpoint(seasonsApi.profile, { params: { id: playerId } }),
    retry: retryUnlessMissing,
    ...SETTLED,
  });
}

/** GET /api/users/{id}/history: the signed-in fan's own ratings beside the crowd's; off while signed out. */
export function useUserHistory(userId: string | null) {
  return useQuery({
    queryKey: keyOf(seasonsApi.history, { id: userId ?? '' }),
    queryFn: () => callEndpoint(seasonsApi.history, { params: { id: userId ?? '' } }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}
