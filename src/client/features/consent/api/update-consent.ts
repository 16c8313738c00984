import { callEndpoint } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth/auth-context';
import type { ConsentBody } from '@shared/auth';
import { signInApi } from '@shared/sign-in';
import { useMutation } from '@tanstack/react-query';

/** PATCH /api/user/{id}/consent: records the fan's consent choices. */
export function updateConsent(userId: string, body: ConsentBody) {
  return callEndpoint(signInApi.consent, { params: { id: userId }, body });
}

/**
 * Accepting consent. The answer replaces the stored user; if the call fails the fan still proceeds
 * as accepted locally, and the next auth check brings the prompt back.
 */
export function useAcceptConsent() {
  const { user, updateUser } = useAuth();
  return useMutation({
    mutationFn: (geolocationConsent: boolean) => {
      if (!user) throw new Error('No signed-in user');
      return updateConsent(user.id, { consentGiven: true, geolocationConsent });
    },
    onSuccess: (answer) => updateUser(answer.user),
    onError: (error, geolocationConsent) => {
      console.error('Consent update failed; continuing as accepted on this device', error);
      updateUser({ consentGiven: true, geolocationConsent });
    },
  });
}
