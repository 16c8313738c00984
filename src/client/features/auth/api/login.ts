import { callEndpoint } from '@client/lib/api-client';
import { authApi, type LoginBody } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/login: the server sets the HttpOnly session cookie and answers with the user. */
export function login(body: LoginBody) {
  return callEndpoint(authApi.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
