import { REQUEST_ERRORS } from '@shared/error-messages';
import { groundApi } from '@shared/ground';
import { shieldAdminApi } from '@shared/shield';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly, requireUser } from '../../plugins/auth';
import { storeMatchReport } from '../match-reports/match-reports.service';
import { mayReviewBallots } from './shield.policy';
import { decideBallot, readReviewQueue, readShieldRules, saveShieldRules } from './shield.service';

/** The admin's shield: its rules, one match's review queue, and a decision on a ballot; and the ground's status. */
export async function shieldRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  // Refused before the body is read: a fan's malformed body is 403, not 400.
  const admin = { preValidation: adminOnly };
  const reviewer = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!mayReviewBallots(user)) throw forbidden(REQUEST_ERRORS.adminOnly);
    return user;
  };
  route(app, shieldAdminApi.rules, admin, (request) => {
    reviewer(request);
    return readShieldRules(db);
  });
  // New rules apply to ballots read from now on (each vote, and every ballot at full time).
  route(app, shieldAdminApi.saveRules, { ...admin, changes: [] }, (request) => {
    reviewer(request);
    return saveShieldRules(db, request.body);
  });
  // Public: whether a consenting fan's page should send where it votes from. Nothing of the ground's place.
  route(app, groundApi.status, {}, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { active: (await readShieldRules(db)).ground.enabled };
  });
  route(app, shieldAdminApi.queue, admin, (request) => {
    reviewer(request);
    return readReviewQueue(db, request.query.matchId);
  });
  // A decision moves the ballot in or out of the figures: the live ones, and an ended match's report.
  route(
    app,
    shieldAdminApi.decide,
    {
      ...admin,
      changes: ({ params }) => [{ kind: 'rating', matchId: params.matchId }, { kind: 'reports' }],
    },
    async (request) => {
      const user = reviewer(request);
      const decided = await decideBallot(
        db,
        { ...request.params, verdict: request.body.verdict },
        { id: user.id, name: user.name },
      );
      // An ended match's kept report (and its season) follows the decision; a live match's figures do at once.
      await storeMatchReport(db, request.params.matchId);
      return decided;
    },
  );
}
