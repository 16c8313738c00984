import { apiRequest } from '@client/lib/api-client';
import {
  controversialList,
  motmLeaderboard,
  participation,
  playerDistributions,
  ratingsTimeline,
  returnUsers,
} from '@shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The admin's per-match analytics reads, one fetcher and options each. */

/** Every analytics key starts here, so 'Refresh' can invalidate them all at once. */
export const ANALYTICS_KEY = '/api/analytics';

export function returnUsersQueryOptions() {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'return-users'],
    queryFn: () => apiRequest('/api/analytics/return-users', returnUsers),
  });
}

export function useReturnUsers() {
  return useQuery(returnUsersQueryOptions());
}

export function participationQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'participation', matchId],
    queryFn: () => apiRequest(`/api/analytics/participation/${matchId}`, participation),
  });
}

export function useParticipation(matchId: number | undefined) {
  return useQuery({ ...participationQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

export function controversialQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'controversial', matchId],
    queryFn: () => apiRequest(`/api/analytics/controversial/${matchId}`, controversialList),
  });
}

export function useControversial(matchId: number | undefined) {
  return useQuery({ ...controversialQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

export function ratingsTimelineQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'ratings-timeline', matchId],
    queryFn: () => apiRequest(`/api/analytics/ratings-timeline/${matchId}`, ratingsTimeline),
  });
}

export function useRatingsTimeline(matchId: number | undefined) {
  return useQuery({ ...ratingsTimelineQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

export function playerDistributionsQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, 'player-distributions', matchId],
    queryFn: () => apiRequest(`/api/analytics/player-distributions/${matchId}`, playerDistributions),
  });
}

export function usePlayerDistributions(matchId: number | undefined) {
  return useQuery({ ...playerDistributionsQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}

/** GET /api/motm-leaderboard/:matchId (admins): every MOTM pick with its votes and share. */
export function motmLeaderboardQueryOptions(matchId: number) {
  return queryOptions({
    queryKey: ['/api/motm-leaderboard', matchId],
    queryFn: () => apiRequest(`/api/motm-leaderboard/${matchId}`, motmLeaderboard),
  });
}

export function useMotmLeaderboard(matchId: number | undefined) {
  return useQuery({ ...motmLeaderboardQueryOptions(matchId ?? 0), enabled: matchId !== undefined });
}
