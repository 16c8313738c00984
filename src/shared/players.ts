import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors } from './errors';
import { dbId, dbIdParam } from './ids';

const INVALID_PLAYER_ID = 'Invalid player id';
/** A player's id in a path, and in a body. */
export const playerId = dbIdParam(INVALID_PLAYER_ID);
export const playerIdField = dbId(INVALID_PLAYER_ID);

export const player = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  image: z.string().nullable(),
  jerseyNumber: z.number().int().nullable(),
  isManager: z.boolean(),
  isSubstitute: z.boolean(),
  isAvailableForRating: z.boolean(),
  isActive: z.boolean(),
  apiPlayerId: z.number().int().nullable(),
  /**
   * The generated portrait (club colours, shirt number, initials) to show when `image` is null or fails.
   * Its address changes whenever what it draws does, so it is cached for good. Optional: answers kept
   * from before it existed lack it.
   */
  portraitUrl: z.string().optional(),
});
export type Player = z.infer<typeof player>;
export const playerList = z.array(player);

export const playerIdParams = z.object({ id: playerId });

/** GET: a player's generated portrait, an image (not JSON); `file` is `<version>.webp`. */
export const PLAYER_PORTRAIT_PATH = '/portraits/:id/:file';
export const playerPortraitParams = z.object({ id: playerId, file: z.string().max(64) });

export const SQUAD_ERRORS = defineErrors('squad', {
  tooManyStarters: 'Maximum 11 players can be selected for Starting XI',
  tooManyManagers: 'Only 1 manager can be selected',
  tooManySubstitutes: 'Maximum 5 substitutes can be added for rating',
  unknownPlayer: 'One or more players do not exist',
  overlap: 'A player cannot be both in the Starting XI and a substitute',
});

/** The player's figures from the product's own data (the stats dialog); null where there is none. */
export const seasonStats = z.object({
  playerId: z.number().int(),
  seasonLabel: z.string(),
  averageRating: z.number().nullable(),
  matchesRated: z.number().int(),
  ratingCount: z.number().int(),
  motmAwards: z.number().int(),
  recentForm: z.array(
    z.object({
      matchId: z.number().int(),
      opponent: z.string(),
      score: z.string(),
      result: z.enum(['W', 'D', 'L']),
      playerAverage: z.number().nullable(),
    }),
  ),
});
export type SeasonStats = z.infer<typeof seasonStats>;

export const PLAYER_ERRORS = defineErrors('player', {
  positionRequired: 'Position is required',
  jerseyRange: 'Jersey number must be between 1 and 99',
  notFound: 'Player not found',
  imagesNotConfigured:
    'Player images come from a football-data provider: set FOOTBALL_API_URL and FOOTBALL_API_KEY on the server, and give players their provider id (apiPlayerId).',
});

export const playersApi = {
  /** The whole active squad with its flags. */
  list: endpoint({ method: 'GET', path: '/api/players', response: playerList }),
  /** Starters, substitutes and the manager published for rating; never cached. */
  available: endpoint({ method: 'GET', path: '/api/players/available-for-rating', response: playerList }),
  /** The player's figures from the product's own data. */
  seasonStats: endpoint({
    method: 'GET',
    path: '/api/players/:id/season-stats',
    params: playerIdParams,
    response: seasonStats,
  }),
};
