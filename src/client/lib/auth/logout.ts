import { authApi } from '@shared/auth';
import { callEndpoint } from '../api-client';
import { clearApiCache } from '../pwa/clear-api-cache';

// Signing out must finish even when the server is slow or gone.
const LOGOUT_TIMEOUT_MS = 4000;

/**
 * POST /api/auth/logout: ends the server session (the HttpOnly cookie the page cannot clear itself),
 * and drops the offline copies of this user's API answers whether or not the server was reached.
 */
export async function logout(): Promise<unknown> {
  try {
    return await callEndpoint(authApi.logout, {
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
  } finally {
    await clearApiCache();
  }
}
