import type { MotmResult } from '@shared/votes';
import type { MatchRow, UserRow } from '../../db/schema';
import { hasEnded } from '../matches/matches.service';

/** Leaderboard, MOTM result and rating distributions: after the user's final vote (admins, ended matches excepted). */
export function canSeeResults(user: UserRow, match: MatchRow, userHasVoted: boolean): boolean {
  return user.isAdmin || userHasVoted || hasEnded(match);
}

/** A player's match average: once the user has rated that player (admins, ended matches excepted). */
export function canSeePlayerAverage(user: UserRow, match: MatchRow, userRatedPlayer: boolean): boolean {
  return user.isAdmin || userRatedPlayer || hasEnded(match);
}

/** A userId in a path: the user themself, or an admin reading. */
export function canReadUserData(user: UserRow, userId: string): boolean {
  return user.id === userId || user.isAdmin;
}

/** Vote counts are for admins (product.md point 3); fans see the winner and the share. */
export function motmForFans(motm: NonNullable<MotmResult>): NonNullable<MotmResult> {
  const { voteCount: _count, totalVotes: _total, ...shown } = motm;
  return shown;
}
