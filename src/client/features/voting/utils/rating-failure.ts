import { ApiError, apiErrorMessage } from '@client/lib/api-client';

/** The toast when a match is not live, word for word. */
export const VOTING_ENDED_TOAST = 'Voting has ended. This match has ended and voting is no longer available.';

/** The server refused because the match is not live (409, message starting 'Voting has ended'). */
export function isVotingEndedError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    apiErrorMessage(error, '').startsWith('Voting has ended')
  );
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
