import { Button } from '@client/components/ui/button';
import { markSocialSignInStarted } from '@client/lib/auth/social-sign-in-marker';
import { useT } from '@client/lib/i18n/use-t';
import { useAuthProviders } from '../api/get-auth-providers';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.82-.07-1.6-.2-2.36H12v4.47h6.45a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.57-5.17 3.57-8.73Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.29 14.29a7.2 7.2 0 0 1 0-4.58v-3.1H1.28a12 12 0 0 0 0 10.78l4.01-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.75c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4.01 3.1C6.23 6.86 8.88 4.75 12 4.75Z"
      />
    </svg>
  );
}

/**
 * "Continue with Google", rendered only when the server has the provider configured. The name avoids
 * "Sign In" so the form's own submit button stays the only one answering to it.
 */
export function SocialSignInButton({ withDivider = true }: { withDivider?: boolean }) {
  const t = useT();
  const { data } = useAuthProviders();
  if (!data?.google) return null;
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => {
          // Only a callback this tab asked for is accepted when it comes back (readInitialSession).
          markSocialSignInStarted();
          // A full navigation: the server redirects on to the identity provider.
          window.location.assign('/api/oauth/google');
        }}
      >
        <GoogleMark />
        {t('auth.social.continueWithGoogle')}
      </Button>
      {withDivider ? (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          {t('auth.social.orEmail')}
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
    </>
  );
}
