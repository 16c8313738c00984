import { authApi } from '@shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';
import { authRetryDelay, classifyAuthFailure } from './auth-retry';

// A hung request would keep the page on its spinner; a timeout turns it into a retryable network error.
const ME_TIMEOUT_MS = 10_000;

/**
 * GET /api/auth/me, never from a cache: the answer decides who is signed in. `bearer` replaces the
 * stored token (null: the session cookie alone).
 */
export function getMe({ bearer }: { bearer?: string | null } = {}) {
  return callEndpoint(authApi.me, {
    cache: 'no-store',
    signal: AbortSignal.timeout(ME_TIMEOUT_MS),
    bearer,
  });
}

export const meQueryKey = ['auth', 'me'] as const;

/** The auth check, with its own retry policy in place of the no-retry default. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: () => getMe(),
    retry: (failuresSoFar, error) => authRetryDelay(failuresSoFar, classifyAuthFailure(error)) !== null,
    retryDelay: (failuresSoFar, error) => authRetryDelay(failuresSoFar, classifyAuthFailure(error)) ?? 0,
  });
}
