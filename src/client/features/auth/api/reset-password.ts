import { callEndpoint } from '@client/lib/api-client';
import { authApi, type ResetPasswordBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/reset-password: spends the mailed token, sets the password and ends every session. */
export function resetPassword(body: ResetPasswordBody) {
  return callEndpoint(authApi.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
