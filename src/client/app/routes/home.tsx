import { PageShell } from '@client/app/layout/page-shell';
import { LoadingScreen } from '@client/components/layout/loading-screen';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { announcementPlace } from '@client/features/content/announcement-place';
import { AnnouncementBox } from '@client/features/content/components/announcement-box';
import { BannerSlot } from '@client/features/content/components/banner-slot';
import { VideoCard } from '@client/features/content/components/video-card';
import { MatchLoadError } from '@client/features/home/components/match-load-error';
import { OfflineNotice } from '@client/features/home/components/offline-notice';
import { mayOfferPush } from '@client/features/notifications/push-offer-check';
import { CompleteYourVote } from '@client/features/results/components/complete-your-vote';
import { useCurrentMatch } from '@client/features/voting/api/get-current-match';
import { useHasVoted } from '@client/features/voting/api/get-has-voted';
import { RATE_PLAYERS_SECTION_ID, VotingBoard } from '@client/features/voting/components/voting-board';
import { VotingBoardSkeleton } from '@client/features/voting/components/voting-skeleton';
import { useAuth } from '@client/lib/auth/auth-context';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { withCatalog } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { lazyOr } from '@client/lib/lazy-or';
import { preloadable } from '@client/lib/preloadable';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { PublicUser } from '@shared/auth';
import { hasEnded, matchPhase, resultsVisible } from '@shared/rules';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';

/** After consent given while voting, the view returns to the players after 500 ms. */
const CONSENT_SCROLL_DELAY_MS = 500;

// A visitor's home (with the sign-in form and its form library) is a chunk of its own, out of a signed-in
// fan's first load; it is fetched while the auth check runs, so it is there when the check says nobody.
const loadSignedOutHome = () =>
  withCatalog('auth', () => import('@client/features/auth/components/signed-out-home'))().then((module) => ({
    default: module.SignedOutHome,
  }));
const SignedOutHome = preloadable(loadSignedOutHome);
/** The visitor's home, fetched before the page replaces the server's drawing of it. */
export const preloadSignedOutHome = SignedOutHome.preload;
// Shown only after the fan's vote: fetched when needed, and prefetched once a match is on (below).
const loadLeaderboardCard = () =>
  import('@client/features/results/components/leaderboard-card').then((module) => ({
    default: module.LeaderboardCard,
  }));
const LeaderboardCard = lazy(loadLeaderboardCard);
// Shown only while no match is on; the board's skeleton stays up while it loads.
const NoLiveMatch = lazy(() =>
  import('@client/features/home/components/no-live-match').then((module) => ({
    default: module.NoLiveMatch,
  })),
);
// Under the players while the fan rates: its code (and the confetti's) follows the first render.
const MotmCard = lazy(() =>
  import('@client/features/results/components/motm-card').then((module) => ({ default: module.MotmCard })),
);
// Offered under the results once the fan has voted, where the browser takes notifications and the fan
// has not answered yet: only then is its code fetched (it brings its catalogue; nothing if offline).
const PushOffer = lazyOr(() =>
  import('@client/features/notifications/components/push-offer').then((module) => module.PushOffer),
);
// Asked once per fan: the prompt (a Radix dialog) is fetched only by a fan who has not answered it yet.
const ConsentModal = lazy(() =>
  withCatalog('account', () => import('@client/features/consent/components/consent-modal'))().then(
    (module) => ({
      default: module.ConsentModal,
    }),
  ),
);

function AuthPending() {
  const t = useT();
  const { startOver } = useAuth();
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    preloadSignedOutHome().catch(() => undefined);
  }, []);
  return (
    <LoadingScreen message={t('home.auth.completing')}>
      <p className="text-sm text-chrome-muted">{t('home.auth.authenticating')}</p>
      <div className="mt-4 flex flex-col items-center gap-2">
        <p className="max-w-xs text-sm text-chrome-muted">{t('home.auth.tooLong')}</p>
        <Button
          variant="chrome"
          disabled={starting}
          onClick={() => {
            setStarting(true);
            void startOver();
          }}
        >
          {t('home.auth.startOver')}
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

/** The signed-in home: banner 1, the announcement before kick-off, then the match (or the welcome). */
function SignedInHome({ user }: { user: PublicUser }) {
  const t = useT();
  const { needsConsent, signOut } = useAuth();
  const requestConsent = useConsentRequest(needsConsent);
  const current = useCurrentMatch();
  const match = current.data ?? null;
  const hasVoted = useHasVoted(user.id, match?.id).data?.hasVoted ?? false;
  // The rule the server applies to the results it sends.
  const showResults = match !== null && resultsVisible(user, { hasVoted, matchEnded: hasEnded(match) });
  // Once a match is on, the leaderboard is one vote away: fetch its code after the first render.
  const matchOn = match !== null;
  useEffect(() => {
    // A warm-up: offline it fails quietly (the card shows its fallback when it is needed).
    if (matchOn) loadLeaderboardCard().catch(() => undefined);
  }, [matchOn]);
  const announcement = current.isPending ? null : announcementPlace(match);
  // While fans rate, the match comes first on every screen: the brand's banner waits beside it (after
  // the players on a phone) instead of pushing the first player's keys down.
  const rating = match !== null && matchPhase(match) === 'live';
  const side = (
    <>
      {announcement === 'side' ? <AnnouncementBox /> : null}
      {rating ? <BannerSlot slot="banner1" /> : null}
      <BannerSlot slot="banner2" />
      <VideoCard />
    </>
  );

  return (
    <PageShell>
      <OfflineNotice />
      {rating ? null : <BannerSlot slot="banner1" />}
      {announcement === 'top' ? <AnnouncementBox /> : null}
      {current.isPending ? (
        <VotingBoardSkeleton />
      ) : current.isError ? (
        <MatchLoadError onRetry={() => void current.refetch()} />
      ) : match ? (
        <VotingBoard
          match={match}
          user={user}
          onConsentRequired={requestConsent}
          results={{
            motm: (
              <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
                <MotmCard matchId={match.id} resultsVisible={showResults} final={hasEnded(match)} />
              </Suspense>
            ),
            // The result and the leaderboard's top come first after the vote; the push offer after them.
            leaderboard: (
              <>
                <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
                  <LeaderboardCard matchId={match.id} />
                </Suspense>
                {hasVoted && mayOfferPush(user.id) ? (
                  <Suspense fallback={null}>
                    <PushOffer userId={user.id} />
                  </Suspense>
                ) : null}
              </>
            ),
            placeholder: <CompleteYourVote />,
          }}
          side={side}
        />
      ) : (
        // Without a match there is no leaderboard: the welcome takes the full width.
        <div className="flex flex-col gap-6">
          <Suspense fallback={<VotingBoardSkeleton />}>
            <NoLiveMatch firstName={user.name.split(/\s+/)[0] || user.name} />
          </Suspense>
          <aside aria-label={t('home.moreFromClub')} className="flex flex-col gap-6 empty:hidden">
            {side}
          </aside>
        </div>
      )}
      {needsConsent ? (
        <Suspense fallback={null}>
          <ConsentModal onDecline={() => void signOut()} />
        </Suspense>
      ) : null}
    </PageShell>
  );
}

/** `/`: the wait for the auth check, then the signed-out home or the signed-in home. */
export function HomeRoute() {
  const { status, user } = useAuth();
  const t = useT();
  const company = useCompanyName();
  useDocumentTitle(t('home.documentTitle', { company }));

  if (status === 'pending') return <AuthPending />;
  if (!user) {
    return (
      // The wait screen stays up until the visitor's home is loaded.
      <Suspense fallback={<AuthPending />}>
        <SignedOutHome />
      </Suspense>
    );
  }
  return <SignedInHome user={user} />;
}
