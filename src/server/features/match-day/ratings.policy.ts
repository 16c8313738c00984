import { isSelf } from '@shared/rules';
import type { UserRow } from '../../db/schema';

/**
 * The rules on a rating (and on the final vote, which votes.routes.ts asks here too):
 * - written only as yourself (`canWriteAs`), and only after consent (`hasConsented`);
 * - only while the match is live and only until the fan's final vote (`canRate` in @shared/rules).
 *   That one is enforced inside the statement that writes the rating (RATING_RULES in rating-batches.ts),
 *   so two racing requests cannot both pass it; ratings.test.ts tests both ("a fan cannot rate after the
 *   final vote", "answers 409 'Voting has ended' when the match is not live").
 * - the player must be available for rating and active: also in RATING_RULES.
 */
export function canWriteAs(user: UserRow, userId: string): boolean {
  return isSelf(user, userId);
}

export function hasConsented(user: UserRow): boolean {
  return user.consentGiven;
}
