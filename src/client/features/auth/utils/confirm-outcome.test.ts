import { ApiError } from '@client/lib/api-client';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { AUTH_ERRORS } from '@shared/auth';
import { describe, expect, it } from 'vitest';
import { confirmContinue, confirmFailure } from './confirm-outcome';

const refused = (error: { code: string; message: string }) =>
  new ApiError(400, 'Bad Request', JSON.stringify(error));

describe('confirmFailure', () => {
  loadCatalogsForTests();

  it('an unknown, replaced or expired link says so and offers to sign up again', () => {
    expect(confirmFailure('abc', refused(AUTH_ERRORS.badToken))).toEqual({
      message: AUTH_ERRORS.badToken.message,
      offerSignUp: true,
    });
  });

  it('a link already followed says the address is verified, and never offers to sign up again', () => {
    expect(confirmFailure('abc', refused(AUTH_ERRORS.linkUsed))).toEqual({
      message: AUTH_ERRORS.linkUsed.message,
      offerSignUp: false,
    });
  });

  it('a link without a token, and a fault on the way, read as the product words them', () => {
    expect(confirmFailure(null, null)).toEqual({
      message: 'Verification token is missing from the URL',
      offerSignUp: true,
    });
    expect(confirmFailure('abc', new TypeError('Failed to fetch'))).toEqual({
      message: 'An error occurred during verification. Please try again.',
      offerSignUp: true,
    });
  });

  it('reads in the language being read, the used link known by its code', () => {
    loadCatalogsForTests('fr');
    const failure = confirmFailure('abc', refused(AUTH_ERRORS.linkUsed));
    expect(failure.offerSignUp).toBe(false);
    expect(failure.message).toMatch(/^Ce lien de vérification a déjà été utilisé/);
    loadCatalogsForTests();
  });
});

describe('confirmContinue', () => {
  loadCatalogsForTests();

  it('a verified link signed the fan in: Continue leads to the ratings; without a session, to sign in', () => {
    expect(confirmContinue(true)).toEqual({ href: '/', label: 'Continue' });
    expect(confirmContinue(false)).toEqual({ href: '/signin', label: 'Continue to Sign In' });
  });
});
