import { votesApi } from '@shared/match-day';
import { RATING_ERRORS } from '@shared/ratings';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import type { Metrics } from '../../lib/metrics';
import { networkOf } from '../../lib/network';
import { route } from '../../lib/route';
import { requireUser, signedIn } from '../../plugins/auth';
import type { BallotReviews } from '../shield/ballot-reviews';
import { groundMark } from '../shield/ground.service';
import { readShieldRules } from '../shield/shield.service';
import { canWriteAs, hasConsented } from './ratings.policy';
import { hasFinalVote } from './ratings.service';
import { canReadUserData } from './results.policy';
import type { MatchSnapshots } from './results.service';
import { findUserVote, voteProgress as loadProgress, submitVote } from './votes.service';

export async function votesRoutes(
  app: FastifyInstance,
  opts: { db: Database; metrics: Metrics; ballotReviews: BallotReviews; snapshots: MatchSnapshots },
) {
  const { db } = opts;
  const ownOrAdmin = { preValidation: signedIn };

  route(app, votesApi.progress, ownOrAdmin, async (request) => {
    if (!canReadUserData(requireUser(request), request.params.userId)) throw forbidden();
    return loadProgress(db, request.params.userId, request.params.matchId);
  });

  route(app, votesApi.hasVoted, ownOrAdmin, async (request) => {
    if (!canReadUserData(requireUser(request), request.params.userId)) throw forbidden();
    return { hasVoted: await hasFinalVote(db, request.params.userId, request.params.matchId) };
  });

  route(app, votesApi.userVote, ownOrAdmin, async (request) => {
    if (!canReadUserData(requireUser(request), request.params.userId)) throw forbidden();
    return findUserVote(db, request.params.userId, request.params.matchId);
  });

  route(
    app,
    votesApi.submit,
    {
      preValidation: signedIn,
      changes: ({ body }) => [{ kind: 'vote', matchId: body.matchId, userId: body.userId }],
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!canWriteAs(user, request.body.userId)) throw forbidden(RATING_ERRORS.notYourself);
      if (!hasConsented(user)) throw forbidden(RATING_ERRORS.consentRequired);
      const { location } = request.body;
      // A position is read only from a fan who consented to location, and only its mark is kept; a vote
      // without one (most of them) reads no rules.
      const atGround =
        location && user.geolocationConsent ? groundMark(location, (await readShieldRules(db)).ground) : null;
      const vote = await submitVote(db, { ...request.body, atGround });
      // Committed: the voter's next MOTM read counts it without waiting for new figures.
      opts.snapshots.noteVote(vote.matchId, vote.userId, vote.motmPlayerId);
      opts.metrics.votesSaved.inc();
      // The ballot is read for the shield's signals after the answer, with the other votes of the moment.
      opts.ballotReviews.add(vote.matchId, vote.userId, networkOf(request.ip));
      reply.status(201);
      return vote;
    },
  );
}
