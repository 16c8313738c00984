import { callEndpoint } from '@client/lib/api-client';
import { analyticsApi } from '@shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The admin's per-match analytics reads, one fetcher and options each. */

/** Every analytics key starts here, so 'Refresh' can invalidate them all at once. */
export const ANALYTICS_KEY = '/api/analytics';

export function returnUsersQueryOptions() {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'return-users'],
    queryFn: () => callEndpoint(analyticsApi.returnUsers, {}),
  });
}

export function useReturnUsers() {
  return useQuery(returnUsersQueryOptions());
}

export function participationQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'participation', matchId],
    queryFn: () => callEndpoint(analyticsApi.participation, { params: { matchId } }),
  });
}

export function useParticipation(matchId: number | undefined) {
  return useQuery({ ...participationQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

export function controversialQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'controversial', matchId],
    queryFn: () => callEndpoint(analyticsApi.controversial, { params: { matchId } }),
  });
}

export function useControversial(matchId: number | undefined) {
  return useQuery({ ...controversialQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

export function ratingsTimelineQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'ratings-timeline', matchId],
    queryFn: () => callEndpoint(analyticsApi.ratingsTimeline, { params: { matchId } }),
  });
}

export function useRatingsTimeline(matchId: number | undefined) {
  return useQuery({ ...ratingsTimelineQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

export function playerDistributionsQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'player-distributions', matchId],
    queryFn: () => callEndpoint(analyticsApi.playerDistributions, { params: { matchId } }),
  });
}

export function usePlayerDistributions(matchId: number | undefined) {
  return useQuery({ ...playerDistributionsQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

/** GET /api/motm-leaderboard/:matchId (admins): every MOTM pick with its votes and share. */
export function motmLeaderboardQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: ['/api/motm-leaderboard', matchId],
    queryFn: () => callEndpoint(analyticsApi.motmLeaderboard, { params: { matchId } }),
  });
}

export function useMotmLeaderboard(matchId: number | undefined) {
  return useQuery({ ...motmLeaderboardQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}
