import { callEndpoint } from '@client/lib/api-client';
import type { EmailOnlyBody } from '@shared/auth';
import { signInApi } from '@shared/sign-in';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/forgot-password: mails a reset link; the answer is the same for every address. */
export function requestPasswordReset(body: EmailOnlyBody) {
  return callEndpoint(signInApi.forgotPassword, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
