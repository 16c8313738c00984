import { ApiError, apiErrorIs } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import { RATING_ERRORS } from '@shared/ratings';

/** The toast when a match is not live, in the language being read. */
export function votingEndedToastText(): string {
  return i18n._('voting.toast.votingEnded');
}

/** The server refused because the match is not live (409, 'Voting has ended'), known by its code. */
export function isVotingEndedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && apiErrorIs(error, RATING_ERRORS.votingEnded);
}

/**
 * Whether a failed rating is worth keeping to send again later: the network failed or the server
 * could not answer (5xx, timeouts, rate limits). A definite refusal (400, 401, 403, 404, 409) would
 * be refused again, so it is only rolled back.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}
