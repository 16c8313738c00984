import { ApiError, apiErrorIs, apiErrorMessage } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import { AUTH_ERRORS } from '@shared/auth';

export interface ConfirmFailure {
  /** What went wrong, in the language being read. */
  message: string;
  /**
   * Whether 'Sign Up Again' is offered: not for a link already followed, whose owner has a verified
   * account and would only be told the address is taken.
   */
  offerSignUp: boolean;
}

/** How a verification that did not go through reads: no token, a refused one, or a fault on the way. */
export function confirmFailure(token: string | null, error: unknown): ConfirmFailure {
  if (!token) return { message: i18n._('auth.confirm.tokenMissing'), offerSignUp: true };
  // A refused token comes with the server's reason; anything else is a fault on the way.
  const message =
    error instanceof ApiError
      ? apiErrorMessage(error, i18n._('auth.confirm.failed'))
      : i18n._('auth.confirm.error');
  return { message, offerSignUp: !apiErrorIs(error, AUTH_ERRORS.linkUsed) };
}

/**
 * Where 'Continue' leads once the address is verified. The link signs the fan in, so it leads to the
 * ratings and says 'Continue'; only an answer without a session leads to sign-in, as 'Continue to Sign In'.
 */
export function confirmContinue(signedIn: boolean): { href: string; label: string } {
  return signedIn
    ? { href: '/', label: i18n._('auth.confirm.continue') }
    : { href: '/signin', label: i18n._('auth.confirm.continueToSignIn') };
}
