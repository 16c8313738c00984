import { apiRequest } from '@client/lib/api-client';
import { authResponse, type RegisterBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/register: creates the account and sends the verification e-mail. */
export function register(body: RegisterBody) {
  return apiRequest('/api/auth/register', authResponse, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
