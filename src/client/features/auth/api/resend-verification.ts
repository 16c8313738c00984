import { callEndpoint } from '@client/lib/api-client';
import type { EmailOnlyBody } from '@shared/auth';
import { signInApi } from '@shared/sign-in';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/resend-verification: mails a new verification link; the same answer for every address. */
export function resendVerification(body: EmailOnlyBody) {
  return callEndpoint(signInApi.resendVerification, { body });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
