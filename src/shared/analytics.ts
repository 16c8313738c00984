import { z } from 'zod';
import { endpoint } from './endpoint';
import { matchIdParams } from './matches';
import { motmPlayer } from './votes';

export const totalVotes = z.object({ totalVotes: z.number().int() });
export const returnUsers = z.object({
  returnUsers: z.number().int(),
  totalUsers: z.number().int(),
  loyaltyRate: z.number(),
});
export const participation = z.object({
  completeVotes: z.number().int(),
  partialVotes: z.number().int(),
  completionRate: z.number(),
});
export const controversialEntry = z.object({
  player: z.object({ id: z.number().int(), name: z.string(), position: z.string() }),
  averageRating: z.number(),
  variance: z.number(),
  ratingCount: z.number().int(),
});
export const controversialList = z.array(controversialEntry);
export const motmLeaderboard = z.array(
  z.object({ player: motmPlayer, voteCount: z.number().int(), percentage: z.number() }),
);

/**
 * Ratings made (or last changed) in each match minute, counted from the match's start time as football
 * counts them: 1 is the first minute after kick-off, 91 the first past 90; 0 holds any stamped before
 * it. Every minute from 1 to the last busy one is listed.
 */
export const ratingsTimeline = z.array(
  z.object({ minute: z.number().int().min(0), ratings: z.number().int() }),
);

/** Every rated player of a match with the spread of their ratings (admins see it at any time). */
export const playerDistributions = z.array(
  z.object({
    player: motmPlayer,
    averageRating: z.number(),
    ratingCount: z.number().int(),
    counts: z.array(z.number().int()).length(10),
  }),
);

/** One entry per completed match in 'Export All Historical Data'. */
export const historicalMatch = z.object({
  matchTitle: z.string(),
  opponent: z.string(),
  venue: z.string(),
  tournament: z.string(),
  date: z.string().nullable(),
  scheduledKickOff: z.string(),
  score: z.string(),
  totalVotes: z.number().int(),
  manOfTheMatch: z.string().nullable(),
  motmVoteCount: z.number().int(),
  motmPercentage: z.number(),
  completeVotes: z.number().int(),
  partialVotes: z.number().int(),
  completionRate: z.number(),
  isLive: z.boolean(),
  status: z.enum(['Live', 'Ended', 'Scheduled']),
});
export const historicalExport = z.array(historicalMatch);

/** The controversial list holds the top 5. */
export const CONTROVERSIAL_SIZE = 5;

const perMatch = <R extends z.ZodType>(path: string, response: R) =>
  endpoint({ method: 'GET', path, params: matchIdParams, response });

/** The admin's analytics (admins only). */
export const analyticsApi = {
  totalVotes: endpoint({ method: 'GET', path: '/api/analytics/total-votes', response: totalVotes }),
  matchTotalVotes: perMatch('/api/analytics/total-votes/:matchId', totalVotes),
  returnUsers: endpoint({ method: 'GET', path: '/api/analytics/return-users', response: returnUsers }),
  participation: perMatch('/api/analytics/participation/:matchId', participation),
  controversial: perMatch('/api/analytics/controversial/:matchId', controversialList),
  motmLeaderboard: perMatch('/api/motm-leaderboard/:matchId', motmLeaderboard),
  ratingsTimeline: perMatch('/api/analytics/ratings-timeline/:matchId', ratingsTimeline),
  playerDistributions: perMatch('/api/analytics/player-distributions/:matchId', playerDistributions),
  /** One entry per completed match, newest first, for the spreadsheet export. */
  historyExport: endpoint({
    method: 'GET',
    path: '/api/analytics/history/export',
    response: historicalExport,
  }),
};
