/**
 * The match day's endpoints: a fan's ratings and final vote, and the results they unlock. Each is one
 * object the route registers from and the page calls and keys its cache by.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { matchIdParams } from './matches';
import {
  leaderboard,
  matchStats,
  playerMatchParams,
  playerMatchStats,
  ratingBody,
  ratingDistribution,
  ratingSaved,
  userMatchParams,
  userPlayerMatchParams,
  userRating,
  userRatings,
} from './ratings';
import { hasVoted, motmResult, userVote, voteBody, voteProgress } from './votes';

export const voteSubmitted = z.object({
  userId: z.string(),
  matchId: z.number().int(),
  motmPlayerId: z.number().int(),
  isComplete: z.boolean(),
});

export const ratingsApi = {
  /** Creates or replaces the fan's rating of a player in a match (idempotent). */
  save: endpoint({ method: 'POST', path: '/api/ratings', body: ratingBody, response: ratingSaved }),
  userRating: endpoint({
    method: 'GET',
    path: '/api/ratings/user/:userId/player/:playerId/match/:matchId',
    params: userPlayerMatchParams,
    response: userRating,
  }),
  userRatings: endpoint({
    method: 'GET',
    path: '/api/ratings/user/:userId/match/:matchId',
    params: userMatchParams,
    response: userRatings,
  }),
};

export const votesApi = {
  progress: endpoint({
    method: 'GET',
    path: '/api/user-votes/:userId/match/:matchId/progress',
    params: userMatchParams,
    response: voteProgress,
  }),
  hasVoted: endpoint({
    method: 'GET',
    path: '/api/user-votes/:userId/match/:matchId/has-voted',
    params: userMatchParams,
    response: hasVoted,
  }),
  userVote: endpoint({
    method: 'GET',
    path: '/api/user-votes/:userId/match/:matchId',
    params: userMatchParams,
    response: userVote,
  }),
  /** The fan's one final vote. */
  submit: endpoint({
    method: 'POST',
    path: '/api/user-votes',
    body: voteBody,
    response: voteSubmitted,
    status: 201,
  }),
};

export const resultsApi = {
  matchStats: endpoint({
    method: 'GET',
    path: '/api/stats/match/:matchId',
    params: matchIdParams,
    response: matchStats,
  }),
  playerStats: endpoint({
    method: 'GET',
    path: '/api/ratings/player/:playerId/match/:matchId',
    params: playerMatchParams,
    response: playerMatchStats,
  }),
  leaderboard: endpoint({
    method: 'GET',
    path: '/api/leaderboard/match/:matchId',
    params: matchIdParams,
    response: leaderboard,
  }),
  distribution: endpoint({
    method: 'GET',
    path: '/api/ratings/match/:matchId/distribution',
    params: matchIdParams,
    response: ratingDistribution,
  }),
  motm: endpoint({ method: 'GET', path: '/api/motm/:matchId', params: matchIdParams, response: motmResult }),
};
