import { callEndpoint } from '@client/lib/api-client';
import type { ResetPasswordBody } from '@shared/auth';
import { signInApi } from '@shared/sign-in';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/reset-password: spends the mailed token, sets the password and ends every session. */
export function resetPassword(body: ResetPasswordBody) {
  return callEndpoint(signInApi.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
