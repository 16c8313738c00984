import { callEndpoint } from '@client/lib/api-client';
import type { LoginBody } from '@shared/auth';
import { signInApi } from '@shared/sign-in';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/login: the server sets the HttpOnly session cookie and answers with the user. */
export function login(body: LoginBody) {
  return callEndpoint(signInApi.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
