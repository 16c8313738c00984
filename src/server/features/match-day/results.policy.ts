import { hasEnded, isSelfOrAdmin, playerAverageVisible, resultsVisible } from '@shared/rules';
import type { MotmResult } from '@shared/votes';
import type { MatchRow, UserRow } from '../../db/schema';

/**
 * Leaderboard, MOTM result and rating distributions: admins, fans after their final vote, everyone once
 * the match ended. The live pushes of the same figures ask the same rule (results-live.service.ts).
 */
export function canSeeResults(user: UserRow, match: MatchRow, userHasVoted: boolean): boolean {
  return resultsVisible(user, { hasVoted: userHasVoted, matchEnded: hasEnded(match) });
}

/**
 * canSeeResults as far as the user's final vote is known (`voted` undefined: not known). Undefined when
 * that vote decides and is not known: the route then asks it (cache, then database), the fast reads fall
 * through to the route.
 */
export function resultsVisibleGiven(
  user: UserRow,
  match: MatchRow,
  voted: boolean | undefined,
): boolean | undefined {
  if (canSeeResults(user, match, false)) return true;
  return voted === undefined ? undefined : canSeeResults(user, match, voted);
}

/** A player's match average: admins, fans who rated that player, everyone once the match ended. */
export function canSeePlayerAverage(user: UserRow, match: MatchRow, userRatedPlayer: boolean): boolean {
  return playerAverageVisible(user, { ratedPlayer: userRatedPlayer, matchEnded: hasEnded(match) });
}

/** A userId in a path (ratings, votes, progress): the user themself, or an admin reading. */
export function canReadUserData(user: UserRow, userId: string): boolean {
  return isSelfOrAdmin(user, userId);
}

/** Vote counts are for admins; fans see the winner and the share. */
export function motmForFans(motm: NonNullable<MotmResult>): NonNullable<MotmResult> {
  const { voteCount: _count, totalVotes: _total, ...shown } = motm;
  return shown;
}
