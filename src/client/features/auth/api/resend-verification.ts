import { apiRequest } from '@client/lib/api-client';
import { authResponse, type EmailOnlyBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/resend-verification: mails a new verification link; the same answer for every address. */
export function resendVerification(body: EmailOnlyBody) {
  return apiRequest('/api/auth/resend-verification', authResponse, { method: 'POST', body });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
