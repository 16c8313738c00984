import { ApiError } from '@client/lib/api-client';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { describe, expect, it } from 'vitest';
import { isRetryableFailure, isVotingEndedError } from './rating-failure';

const body = (message: string) => JSON.stringify({ message });

describe('isVotingEndedError', () => {
  it('recognises the 409 of a match that is not live', () => {
    expect(isVotingEndedError(new ApiError(409, 'Conflict', body('Voting has ended for this match')))).toBe(
      true,
    );
  });

  it('ignores other conflicts and other statuses', () => {
    expect(isVotingEndedError(new ApiError(409, 'Conflict', body('You have already submitted')))).toBe(false);
    expect(isVotingEndedError(new ApiError(400, 'Bad Request', body('Voting has ended')))).toBe(false);
    expect(isVotingEndedError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('reads the server’s own message, whatever language the page is in', () => {
    loadCatalogsForTests('fr');
    const answer = JSON.stringify({
      message: 'Voting has ended. This match has ended.',
      code: 'rating.votingEnded',
    });
    expect(isVotingEndedError(new ApiError(409, 'Conflict', answer))).toBe(true);
    loadCatalogsForTests();
  });
});

describe('isRetryableFailure', () => {
  it('keeps network failures and server faults', () => {
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableFailure(new ApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(isRetryableFailure(new ApiError(429, 'Too Many Requests', ''))).toBe(true);
  });

  it('drops definite refusals', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(isRetryableFailure(new ApiError(status, 'x', ''))).toBe(false);
    }
  });
});
