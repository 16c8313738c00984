/** The admin's squad calls: who starts, who is a substitute, who fans can rate, and player edits. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  availableForRatingBody,
  playerBody,
  playerIdParams,
  playerImagesResult,
  playerList,
  playerResponse,
  updateSquadBody,
} from './players';

/** The squad's answer after a change: the players now available for rating. */
export const squadChanged = z.object({ success: z.literal(true), players: playerList });

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
