import { callEndpoint } from '@client/lib/api-client';
import { signInApi } from '@shared/sign-in';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** POST /api/auth/confirm: spends the one-time token from the verification e-mail and signs the fan in. */
export function confirmEmail(token: string) {
  return callEndpoint(signInApi.confirm, { body: { token } });
}

// A query rather than a mutation: it is keyed by the token and cached for good, so the token is
// spent once even when the screen mounts twice (StrictMode, back/forward).
export function confirmEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'confirm', token],
    queryFn: () => confirmEmail(token),
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfirmEmail(token: string | null) {
  return useQuery({ ...confirmEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
