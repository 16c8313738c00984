import { squadApi } from '@shared/squad';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly } from '../../plugins/auth';
import type { MatchFeed } from '../feed/feed.service';
import { listAvailablePlayers } from '../players/players.service';
import { clearAllFromRating, publishSquad, setAvailableForRating, updateSquad } from './squad.service';

/** The admin calls that publish the squad for rating. */
export async function squadRoutes(app: FastifyInstance, opts: { db: Database; feed: MatchFeed }) {
  const { db, feed } = opts;
  const publish = { preValidation: adminOnly, changes: [{ kind: 'players', what: 'availability' }] as const };
  const squad = { preValidation: adminOnly, changes: [{ kind: 'players', what: 'squad' }] as const };
  // A hand change to who fans rate wins over a lineup the feed finds later (before that match's kick-off).
  const answer = async () => {
    await feed.noteSquadByHand();
    return { success: true as const, players: await listAvailablePlayers(db) };
  };

  route(app, squadApi.available, { preValidation: adminOnly }, () => listAvailablePlayers(db));
  route(app, squadApi.setAvailable, publish, async (request) => {
    await setAvailableForRating(db, request.body.playerIds);
    return answer();
  });
  route(app, squadApi.update, squad, async (request) => {
    await updateSquad(db, request.body.startingXI, request.body.substitutes);
    return answer();
  });
  // Roles and availability change together: availableForRatingUpdate makes pages re-read both.
  route(app, squadApi.publish, publish, async (request) => {
    await publishSquad(db, request.body);
    return answer();
  });
  route(app, squadApi.clearAll, publish, async () => {
    await clearAllFromRating(db);
    return answer();
  });
}
