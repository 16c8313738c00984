import { Alert } from '@client/components/ui/alert';
import { OAUTH_FAILURES, readOAuthFailure } from '@shared/auth';
import { useSearch } from 'wouter';

/** Why a social sign-in came back here (`/signin?auth=error&reason=...`); the text is ours, never the URL's. */
export function OAuthFailureAlert() {
  const reason = readOAuthFailure(useSearch());
  if (!reason) return null;
  return <Alert title="Google sign-in did not complete">{OAUTH_FAILURES[reason]}</Alert>;
}
