/**
 * The domain's rules, once: the server's policies and live audiences are built from these, and the page
 * asks the same questions to show what the server will allow. Pure functions of plain facts, so a match
 * row, an API answer and a live socket can all be asked.
 */

/** A match is being prepared until it first goes live, live while voting is open, then ended. */
export type MatchPhase = 'preparing' | 'live' | 'ended';

export function matchPhase(match: { isLive: boolean; startedAt: unknown }): MatchPhase {
  if (match.isLive) return 'live';
  return match.startedAt === null || match.startedAt === undefined ? 'preparing' : 'ended';
}

export const hasEnded = (match: { isLive: boolean; startedAt: unknown }): boolean =>
  matchPhase(match) === 'ended';

export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** Ratings, votes and consent are written only by the user themself. */
export const isSelf = (viewer: Pick<Viewer, 'id'>, userId: string): boolean => viewer.id === userId;

/** A user's own data, which an admin may also read. */
export const isSelfOrAdmin = (viewer: Viewer, userId: string): boolean =>
  isSelf(viewer, userId) || viewer.isAdmin;

/**
 * The leaderboard, the Man of the Match result and the rating distributions: for admins, for a fan
 * once they have submitted their final vote in the match, and for everyone once the match has ended.
 */
export const resultsVisible = (
  viewer: Pick<Viewer, 'isAdmin'>,
  facts: { hasVoted: boolean; matchEnded: boolean },
): boolean => viewer.isAdmin || facts.hasVoted || facts.matchEnded;

/** A player's match average: for admins, for a fan who has rated that player, for all once ended. */
export const playerAverageVisible = (
  viewer: Pick<Viewer, 'isAdmin'>,
  facts: { ratedPlayer: boolean; matchEnded: boolean },
): boolean => viewer.isAdmin || facts.ratedPlayer || facts.matchEnded;

/**
 * A fan may rate (and change a rating, and submit the final vote) while the match is live and until
 * their final vote is in: the vote freezes their ratings.
 */
export const canRate = (facts: { matchLive: boolean; hasVoted: boolean }): boolean =>
  facts.matchLive && !facts.hasVoted;
