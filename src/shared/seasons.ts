import { z } from 'zod';
import { userIdParams } from './auth';
import { endpoint } from './endpoint';
import { reportPlayer } from './match-reports';
import { playerId } from './players';

export const seasonSlug = z.string().regex(/^\d{4}-\d{2}$/, 'Invalid season');

export const seasonSummary = z.object({ slug: z.string(), label: z.string(), matches: z.number().int() });
export type SeasonSummary = z.infer<typeof seasonSummary>;

const seasonPlayer = reportPlayer.pick({
  id: true,
  name: true,
  position: true,
  jerseyNumber: true,
  isManager: true,
  image: true,
  portraitUrl: true,
});

/** An ended match as a line of a player's page or a fan's history. */
const playedMatch = z.object({
  matchId: z.number().int(),
  opponent: z.string(),
  score: z.string(),
  playedOn: z.string(),
  season: z.string(),
});

const matchFigure = z.object({ matchId: z.number().int(), opponent: z.string(), averageRating: z.number() });

/** A player's season: the mean of their match averages, and what it is made of. */
export const seasonFigures = z.object({
  averageRating: z.number(),
  matchesRated: z.number().int(),
  ratingCount: z.number().int(),
  motmAwards: z.number().int(),
  best: matchFigure,
  worst: matchFigure,
  /** The last five match averages, oldest first. */
  form: z.array(z.number()),
});
export type SeasonFigures = z.infer<typeof seasonFigures>;

export const seasonRow = seasonFigures.extend({
  player: seasonPlayer,
  /** Shared by equal averages (to one decimal); null below the minimum of matches. */
  rank: z.number().int().nullable(),
});
export type SeasonRow = z.infer<typeof seasonRow>;

export const seasonTable = z.object({
  season: z.object({ slug: z.string(), label: z.string() }),
  matches: z.number().int(),
  /** Matches rated a player needs to be ranked. */
  minimumMatches: z.number().int(),
  players: z.array(seasonRow),
  computedAt: z.string(),
});
export type SeasonTable = z.infer<typeof seasonTable>;

export const playerProfile = z.object({
  player: seasonPlayer,
  /** The newest season the player was rated in, with their figures there. */
  season: z.object({ slug: z.string(), label: z.string() }).nullable(),
  figures: seasonFigures.nullable(),
  /** Every ended match the player was rated in, oldest first. */
  matches: z.array(
    playedMatch.extend({
      averageRating: z.number(),
      ratingCount: z.number().int(),
      motm: z.boolean(),
    }),
  ),
});
export type PlayerProfile = z.infer<typeof playerProfile>;

const historyRating = z.object({
  playerId: z.number().int(),
  name: z.string(),
  myRating: z.number().int(),
  crowdAverage: z.number(),
  /** Mine minus the crowd's, to one decimal. */
  difference: z.number(),
});

/** A fan's own record: every ended match they rated, beside the crowd. Self or admin only. */
export const userHistory = z.object({
  matches: z.array(
    playedMatch.extend({
      ratings: z.array(historyRating),
      myMotm: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      crowdMotm: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      /** My MOTM pick was the crowd's (or one of those level at the top); null without a pick. */
      agreed: z.boolean().nullable(),
    }),
  ),
  /** Where I differed most from the crowd, largest gap first. */
  biggestDifferences: z.array(historyRating.extend({ matchId: z.number().int(), opponent: z.string() })),
  motmPicks: z.number().int(),
  motmAgreed: z.number().int(),
});
export type UserHistory = z.infer<typeof userHistory>;

/** Seasons, their tables and player pages: public, built from ended matches only. */
export const seasonsApi = {
  list: endpoint({ method: 'GET', path: '/api/seasons', response: z.array(seasonSummary) }),
  table: endpoint({
    method: 'GET',
    path: '/api/seasons/:season/players',
    params: z.object({ season: seasonSlug }),
    response: seasonTable,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/players/:id/profile',
    params: z.object({ id: playerId }),
    response: playerProfile,
  }),
  /** The signed-in fan's own history (an admin may read anyone's). */
  history: endpoint({
    method: 'GET',
    path: '/api/users/:id/history',
    params: userIdParams,
    response: userHistory,
  }),
};
