import { ApiError } from '../api-client';

/** How one attempt of the auth check failed. */
export type AuthFailure = 'unauthorized' | 'http' | 'network';

/** Non-OK answers retry twice (150 ms, 300 ms); network errors three times from 1 s. */
export const HTTP_RETRY_DELAYS_MS = [150, 300] as const;
export const NETWORK_MAX_RETRIES = 3;
export const NETWORK_BASE_DELAY_MS = 1000;
export const NETWORK_MAX_DELAY_MS = 5000;

/**
 * The wait before the next attempt of the auth check, or null to stop.
 * `failuresSoFar` counts earlier failures (0 when the first attempt just failed).
 */
export function authRetryDelay(failuresSoFar: number, failure: AuthFailure): number | null {
  switch (failure) {
    case 'unauthorized':
      // A clean 401 is an answer, not a fault: the visitor is signed out.
      return null;
    case 'http':
      return HTTP_RETRY_DELAYS_MS[failuresSoFar] ?? null;
    case 'network':
      if (failuresSoFar >= NETWORK_MAX_RETRIES) return null;
      return Math.min(NETWORK_BASE_DELAY_MS * 2 ** failuresSoFar, NETWORK_MAX_DELAY_MS);
  }
}

/** Sorts a thrown value into the failure kinds the retry policy knows. */
export function classifyAuthFailure(error: unknown): AuthFailure {
  if (error instanceof ApiError) return error.status === 401 ? 'unauthorized' : 'http';
  // fetch rejects with a TypeError when the network fails, and a timeout aborts with a DOMException.
  if (error instanceof TypeError) return 'network';
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'network';
  }
  // An answer that did not fit the contract is a server fault, like a non-OK status.
  return 'http';
}
