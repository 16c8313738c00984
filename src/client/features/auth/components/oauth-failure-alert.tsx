import { Alert } from '@client/components/ui/alert';
import { useT } from '@client/lib/i18n/use-t';
import { type OAuthFailureReason, readOAuthFailure } from '@shared/auth';
import { useSearch } from 'wouter';

// The texts of OAUTH_FAILURES, in the language being read (literal keys, so the catalogue test sees each).
const FAILURE_TEXT = {
  access_denied: 'auth.oauthFailure.accessDenied',
  invalid_state: 'auth.oauthFailure.invalidState',
  provider_unavailable: 'auth.oauthFailure.providerUnavailable',
  provider_error: 'auth.oauthFailure.providerError',
  email_missing: 'auth.oauthFailure.emailMissing',
  email_unverified: 'auth.oauthFailure.emailUnverified',
  not_configured: 'auth.oauthFailure.notConfigured',
  rate_limited: 'auth.oauthFailure.rateLimited',
  failed: 'auth.oauthFailure.failed',
} as const satisfies Record<OAuthFailureReason, string>;

/** Why a social sign-in came back here (`/signin?auth=error&reason=...`); the text is ours, never the URL's. */
export function OAuthFailureAlert() {
  const t = useT();
  const reason = readOAuthFailure(useSearch());
  if (!reason) return null;
  return <Alert title={t('auth.oauthFailure.title')}>{t(FAILURE_TEXT[reason])}</Alert>;
}
