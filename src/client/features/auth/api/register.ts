import { callEndpoint } from '@client/lib/api-client';
import type { RegisterBody } from '@shared/auth';
import { signInApi } from '@shared/sign-in';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/register: creates the account and sends the verification e-mail. */
export function register(body: RegisterBody) {
  return callEndpoint(signInApi.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
