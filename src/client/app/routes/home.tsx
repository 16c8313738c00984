import { LoadingScreen } from '@client/components/layout/loading-screen';
import { PageShell } from '@client/components/layout/page-shell';
import { Button } from '@client/components/ui/button';
import { SignedOutHome } from '@client/features/auth/components/signed-out-home';
import { ConsentModal } from '@client/features/consent/components/consent-modal';
import { AnnouncementBox } from '@client/features/content/components/announcement-box';
import { BannerSlot } from '@client/features/content/components/banner-slot';
import { VideoCard } from '@client/features/content/components/video-card';
import { MatchLoadError } from '@client/features/home/components/match-load-error';
import { NoLiveMatch } from '@client/features/home/components/no-live-match';
import { CompleteYourVote } from '@client/features/results/components/complete-your-vote';
import { LeaderboardCard } from '@client/features/results/components/leaderboard-card';
import { MotmCard } from '@client/features/results/components/motm-card';
import { useCurrentMatch } from '@client/features/voting/api/get-current-match';
import { useHasVoted } from '@client/features/voting/api/get-has-voted';
import { RATE_PLAYERS_SECTION_ID, VotingBoard } from '@client/features/voting/components/voting-board';
import { VotingBoardSkeleton } from '@client/features/voting/components/voting-skeleton';
import { useAuth } from '@client/lib/auth/auth-context';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import type { PublicUser } from '@shared/auth';
import { useCallback, useEffect, useState } from 'react';

/** product.md point 9: after consent given while voting, the view returns to the players after 500 ms. */
const CONSENT_SCROLL_DELAY_MS = 500;

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

/**
 * Rating or voting without consent sends nothing; the consent prompt (open whenever consent is
 * missing) takes over, and once it is accepted the view returns to the players.
 */
function useConsentRequest(needsConsent: boolean) {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (!requested || needsConsent) return;
    const timer = window.setTimeout(() => {
      setRequested(false);
      document.getElementById(RATE_PLAYERS_SECTION_ID)?.scrollIntoView({ block: 'start' });
    }, CONSENT_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [requested, needsConsent]);
  return useCallback(() => setRequested(true), []);
}

/** The signed-in home: banner 1, announcement, then the voting column and the side column. */
function SignedInHome({ user }: { user: PublicUser }) {
  const { needsConsent, signOut } = useAuth();
  const requestConsent = useConsentRequest(needsConsent);
  const current = useCurrentMatch();
  const match = current.data ?? null;
  const hasVoted = useHasVoted(user.id, match?.id).data?.hasVoted ?? false;
  // The server shows results to fans who voted, to admins, and to everyone once the match has ended.
  const matchEnded = match !== null && !match.isLive && match.startedAt !== null;
  const resultsVisible = hasVoted || user.isAdmin || matchEnded;

  return (
    <PageShell>
      <BannerSlot slot="banner1" />
      <AnnouncementBox />
      <div
        className={cn(
          'grid items-start gap-6',
          // Without a match there is no leaderboard: the welcome takes the full width.
          (match || current.isPending) &&
            'lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]',
        )}
      >
        <div className="flex min-w-0 flex-col gap-6">
          {current.isPending ? (
            <VotingBoardSkeleton />
          ) : current.isError ? (
            <MatchLoadError onRetry={() => void current.refetch()} />
          ) : match ? (
            <>
              <VotingBoard match={match} user={user} onConsentRequired={requestConsent} />
              <MotmCard matchId={match.id} hasVoted={resultsVisible} />
            </>
          ) : (
            <NoLiveMatch firstName={user.name.split(/\s+/)[0] || user.name} />
          )}
        </div>
        <aside aria-label="Leaderboard and more" className="flex min-w-0 flex-col gap-6">
          {match ? resultsVisible ? <LeaderboardCard matchId={match.id} /> : <CompleteYourVote /> : null}
          <BannerSlot slot="banner2" />
          <VideoCard />
        </aside>
      </div>
      {needsConsent ? <ConsentModal onDecline={() => void signOut()} /> : null}
    </PageShell>
  );
}

/** `/`: the wait for the auth check, then the signed-out home or the signed-in home. */
export function HomeRoute() {
  const { status, user } = useAuth();
  const company = useCompanyName();
  useDocumentTitle(`${company} · Live Player Ratings`);

  if (status === 'pending') return <AuthPending />;
  if (!user) return <SignedOutHome />;
  return <SignedInHome user={user} />;
}
