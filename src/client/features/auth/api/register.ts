import { callEndpoint } from '@client/lib/api-client';
import { authApi, type RegisterBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/register: creates the account and sends the verification e-mail. */
export function register(body: RegisterBody) {
  return callEndpoint(authApi.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
