import { LoadingScreen } from '@client/components/layout/loading-screen';
import { PageShell } from '@client/components/layout/page-shell';
import { Button } from '@client/components/ui/button';
import { SignedOutHome } from '@client/features/auth/components/signed-out-home';
import { ConsentModal } from '@client/features/consent/components/consent-modal';
import { NoLiveMatch } from '@client/features/home/components/no-live-match';
import { useAuth } from '@client/lib/auth/auth-context';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useState } from 'react';

function AuthPending() {
  const { startOver } = useAuth();
  const [starting, setStarting] = useState(false);
  return (
    <LoadingScreen message="Completing Sign In...">
      <p className="text-sm text-chrome-muted">Authenticating...</p>
      <div className="mt-4 flex flex-col items-center gap-2">
        <p className="max-w-xs text-sm text-chrome-muted">
          Taking too long? Clear the saved sign-in on this device.
        </p>
        <Button
          variant="chrome"
          disabled={starting}
          onClick={() => {
            setStarting(true);
            void startOver();
          }}
        >
          Start Over
        </Button>
      </div>
    </LoadingScreen>
  );
}

/** `/`: the wait for the auth check, then the signed-out home or the signed-in home. */
export function HomeRoute() {
  const { status, user, needsConsent, signOut } = useAuth();
  const company = useCompanyName();
  useDocumentTitle(`${company} · Live Player Ratings`);

  if (status === 'pending') return <AuthPending />;
  if (!user) return <SignedOutHome />;
  return (
    <PageShell>
      <NoLiveMatch firstName={user.name.split(/\s+/)[0] || user.name} />
      {needsConsent ? <ConsentModal onDecline={() => void signOut()} /> : null}
    </PageShell>
  );
}
