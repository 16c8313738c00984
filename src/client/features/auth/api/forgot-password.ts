import { callEndpoint } from '@client/lib/api-client';
import { authApi, type EmailOnlyBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/forgot-password: mails a reset link; the answer is the same for every address. */
export function requestPasswordReset(body: EmailOnlyBody) {
  return callEndpoint(authApi.forgotPassword, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
