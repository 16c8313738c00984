/** The admin's squad calls: who starts, who is a substitute, who fans can rate, and player edits. */
import { z } from 'zod';
import { nameField } from './auth';
import { POSITIONS, STARTING_XI_MAX, SUBSTITUTES_MAX } from './domain';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';
import { dbId } from './ids';
import { PLAYER_ERRORS, player, playerIdField, playerIdParams, playerList, SQUAD_ERRORS } from './players';

const idList = z.array(playerIdField).max(200);

/** Replaces the whole set of players available for rating. */
export const availableForRatingBody = z.object({ playerIds: idList });
export const updateSquadBody = z.object({ startingXI: idList, substitutes: idList });

export const positionField = z.enum(POSITIONS, { error: 'Choose a position from the list' });

const jerseyRange = errorKey(PLAYER_ERRORS.jerseyRange);
export const playerBody = z.object({
  name: nameField,
  position: z.enum(POSITIONS, { error: errorKey(PLAYER_ERRORS.positionRequired) }),
  jerseyNumber: z
    .number({ error: jerseyRange })
    .int(jerseyRange)
    .min(1, jerseyRange)
    .max(99, jerseyRange)
    .nullable()
    .optional(),
  apiPlayerId: dbId('Provider player id must be a whole number from 1 to 2147483647').nullable().optional(),
});
export type PlayerBody = z.input<typeof playerBody>;
export const playerResponse = z.object({ player });

/** POST /api/admin/update-player-images: what the football-data provider filled in. */
export const playerImagesResult = z.object({
  updated: z.number().int(),
  skipped: z.number().int(),
  message: z.string(),
});

/** The squad's answer after a change: the players now available for rating. */
export const squadChanged = z.object({ success: z.literal(true), players: playerList });

export const PUBLISH_ERRORS = defineErrors('publish', {
  managerElsewhere: 'The manager is picked on their own, not in the Starting XI or among the substitutes',
  notAManager: 'The manager picked is not a manager',
});

/**
 * The match-day squad in one go: the starters, the substitutes fans rate and the manager. Publishing
 * it makes exactly these players available for rating.
 */
export const publishSquadBody = z.object({
  startingXI: z.array(playerIdField).max(STARTING_XI_MAX, errorKey(SQUAD_ERRORS.tooManyStarters)),
  substitutes: z.array(playerIdField).max(SUBSTITUTES_MAX, errorKey(SQUAD_ERRORS.tooManySubstitutes)),
  managerId: playerIdField.nullable(),
});
export type PublishSquadBody = z.infer<typeof publishSquadBody>;

/** The admin's calls that shape the squad and publish it for rating. */
export const squadApi = {
  available: endpoint({ method: 'GET', path: '/api/admin/available-for-rating', response: playerList }),
  /** Replaces the whole set of players fans can rate. */
  setAvailable: endpoint({
    method: 'POST',
    path: '/api/admin/available-for-rating',
    body: availableForRatingBody,
    response: squadChanged,
  }),
  /** Who starts and who is a substitute. */
  update: endpoint({
    method: 'POST',
    path: '/api/admin/update-squad',
    body: updateSquadBody,
    response: squadChanged,
  }),
  /**
   * Saves the squad (starters, substitutes, manager) and makes exactly those players available for
   * rating, in one transaction. The two calls above stay for older pages and tools.
   */
  publish: endpoint({
    method: 'POST',
    path: '/api/admin/publish-squad',
    body: publishSquadBody,
    response: squadChanged,
  }),
  /** Nobody is available for rating any more. */
  clearAll: endpoint({ method: 'POST', path: '/api/admin/clear-all-players', response: squadChanged }),
  createPlayer: endpoint({
    method: 'POST',
    path: '/api/admin/players',
    body: playerBody,
    response: playerResponse,
    status: 201,
  }),
  /** Name, position and jersey number. */
  updatePlayer: endpoint({
    method: 'PUT',
    path: '/api/admin/players/:id',
    params: playerIdParams,
    body: playerBody,
    response: playerResponse,
  }),
  /** Images from the football-data provider. */
  updateImages: endpoint({
    method: 'POST',
    path: '/api/admin/update-player-images',
    response: playerImagesResult,
  }),
};
