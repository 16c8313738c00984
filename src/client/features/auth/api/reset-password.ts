import { apiRequest } from '@client/lib/api-client';
import { authResponse, type ResetPasswordBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/reset-password: spends the mailed token, sets the password and ends every session. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/auth/reset-password', authResponse, { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
