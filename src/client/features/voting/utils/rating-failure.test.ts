import { ApiError } from '@client/lib/api-client';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { AppError } from '@shared/errors';
import { RATING_ERRORS } from '@shared/ratings';
import { describe, expect, it } from 'vitest';
import { isRetryableFailure, isVotingEndedError } from './rating-failure';

const body = (error: AppError) => JSON.stringify(error);

describe('isVotingEndedError', () => {
  it('recognises the 409 of a match that is not live by its code', () => {
    expect(isVotingEndedError(new ApiError(409, 'Conflict', body(RATING_ERRORS.votingEnded)))).toBe(true);
  });

  it('ignores other conflicts, other statuses and a sentence without the code', () => {
    expect(isVotingEndedError(new ApiError(409, 'Conflict', body(RATING_ERRORS.alreadyVoted)))).toBe(false);
    expect(isVotingEndedError(new ApiError(400, 'Bad Request', body(RATING_ERRORS.votingEnded)))).toBe(false);
    const sentenceOnly = JSON.stringify({ message: RATING_ERRORS.votingEnded.message });
    expect(isVotingEndedError(new ApiError(409, 'Conflict', sentenceOnly))).toBe(false);
    expect(isVotingEndedError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('reads the code, whatever language the page is in', () => {
    loadCatalogsForTests('fr');
    expect(isVotingEndedError(new ApiError(409, 'Conflict', body(RATING_ERRORS.votingEnded)))).toBe(true);
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
