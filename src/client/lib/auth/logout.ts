import { z } from 'zod';
import { apiRequest } from '../api-client';

// Signing out must finish even when the server is slow or gone.
const LOGOUT_TIMEOUT_MS = 4000;

/** POST /api/auth/logout: ends the server session (the HttpOnly cookie the page cannot clear itself). */
export function logout() {
  return apiRequest('/api/auth/logout', z.unknown(), {
    method: 'POST',
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
}
