import { ApiError } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import { errorBody } from '@shared/errors';

/** The toast when a match is not live, in the language being read. */
export function votingEndedToastText(): string {
  return i18n._('voting.toast.votingEnded');
}

/**
 * The server's own message of a refusal, always English: read to tell what happened, never shown (the
 * shown text, apiErrorMessage, follows the reader's language, so it cannot be matched on).
 */
function serverMessage(error: ApiError): string {
  const body = /^\d{3}: ([\s\S]+)$/.exec(error.message)?.[1];
  if (!body) return '';
  try {
    const parsed = errorBody.pick({ message: true }).safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.message : '';
  } catch {
    return '';
  }
}

/** The server refused because the match is not live (409, message starting 'Voting has ended'). */
export function isVotingEndedError(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 409 && serverMessage(error).startsWith('Voting has ended')
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
