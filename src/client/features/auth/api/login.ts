import { apiRequest } from '@client/lib/api-client';
import { type LoginBody, loginResponse } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/login: the server sets the HttpOnly session cookie and answers with the user. */
export function login(body: LoginBody) {
  return apiRequest('/api/auth/login', loginResponse, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
