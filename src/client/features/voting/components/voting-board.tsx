import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import { lazyOr } from '@client/lib/lazy-or';
import { useMatchStats } from '@client/lib/match-stats';
import { useMediaQuery, WIDE_QUERY } from '@client/lib/use-media-query';
import { cn } from '@client/lib/utils';
import type { PublicUser } from '@shared/auth';
import type { Match } from '@shared/matches';
import { canRate, matchPhase, resultsVisible } from '@shared/rules';
import { CircleCheck, Clock, Lock, Users } from 'lucide-react';
import { type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useAvailablePlayers } from '../api/get-available-players';
import { useHasVoted } from '../api/get-has-voted';
import { useRatingDistribution } from '../api/get-rating-distribution';
import { useUserRatings } from '../api/get-user-ratings';
import { useVoteProgress } from '../api/get-vote-progress';
import { useRatePlayer } from '../api/rate-player';
import { useSubmitVote } from '../api/submit-vote';
import { useVotePosition } from '../api/vote-position';
import { useMotmChoice } from '../hooks/use-motm-choice';
import { useQueuedRatings } from '../offline/offline-queue';
import { groupPlayers } from '../utils/group-players';
import { CurrentMatchCard } from './current-match-card';
import { MotmShortList } from './motm-short-list';
import { MyRatingsTable } from './my-ratings-table';
import { PlayerGroupSection } from './player-group-section';
import { PROGRESS_HINT, type VoteStatus, VotingProgressBar } from './voting-progress-card';
import { PlayerCardsSkeleton } from './voting-skeleton';

export const RATE_PLAYERS_SECTION_ID = 'rate-players';

// The progress card and the second submit card are for wide screens: a phone's first load goes without.
// Should their code not arrive (a window widened offline), the phone's bar stands in for them.
const loadWide = () => import('./voting-progress-wide');
const VotingProgressCard = lazyOr(
  () => loadWide().then((module) => module.VotingProgressCard),
  VotingProgressBar,
);
const SubmitFinalVoteCard = lazyOr(() => loadWide().then((module) => module.SubmitFinalVoteCard));

function Note({ tone, icon, children }: { tone: 'success' | 'muted'; icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-2.5 rounded-md border p-3 text-sm',
        tone === 'success'
          ? 'border-success/30 bg-success-soft text-success'
          : 'border-border bg-card text-muted-foreground',
      )}
    >
      <span className="mt-px shrink-0 [&_svg]:size-[1.125rem]">{icon}</span>
      <p className="font-medium">{children}</p>
    </div>
  );
}

function TotalRatings({ matchId }: { matchId: number }) {
  const t = useT();
  const { data } = useMatchStats(matchId);
  if (!data) return null;
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-card px-3 py-1 text-sm font-semibold shadow-xs ring-1 ring-border">
      <Users className="size-4 text-muted-foreground" aria-hidden="true" />
      <span className="tabular-nums">{t('voting.ratingCount', { count: data.totalRatings })}</span>
      <span className="sr-only"> {t('voting.board.forThisMatch')}</span>
    </p>
  );
}

interface VotingBoardProps {
  match: Match;
  user: PublicUser;
  /** Rating or voting without consent: the consent prompt takes over and nothing is sent. */
  onConsentRequired: () => void;
  /** The results, placed by the board: first once the fan has voted or the match has ended. */
  results: {
    /** The Man of the Match card (it says 'Voting in progress...' until the results are visible). */
    motm: ReactNode;
    leaderboard: ReactNode;
    /** Where the leaderboard will be, until the results are the fan's to see. */
    placeholder: ReactNode;
  };
  /** The side column's other content (banner 2, the video). */
  side: ReactNode;
}

/**
 * The home screen's match: the match card, 'Rate Players' with its groups of compact player rows and the
 * Voting Progress, and the results. While the fan rates, the task comes first (and the progress stays in
 * reach: a bar on phones, a sticky card in the side column on wide screens); once they have voted, or the
 * match has ended, the results come first.
 */
export function VotingBoard({ match, user, onConsentRequired, results, side }: VotingBoardProps) {
  const t = useT();
  const wide = useMediaQuery(WIDE_QUERY);
  const players = useAvailablePlayers();
  const userRatings = useUserRatings(user.id, match.id);
  const progress = useVoteProgress(user.id, match.id);
  const hasVoted = useHasVoted(user.id, match.id).data?.hasVoted ?? false;
  const phase = matchPhase(match);
  // The distributions are results: shown as the server allows them, not on the vote alone.
  const showResults = resultsVisible(user, { hasVoted, matchEnded: phase === 'ended' });
  const resultsFirst = hasVoted || phase === 'ended';
  const votingOpen = canRate({ matchLive: phase === 'live', hasVoted });
  const closed = hasVoted || phase === 'live' ? null : phase === 'ended' ? 'after' : 'before';
  const distribution = useRatingDistribution(match.id, showResults);
  const motm = useMotmChoice(user.id, match.id, players.data);

  const queued = useQueuedRatings(user.id, match.id);

  const groups = useMemo(() => groupPlayers(players.data ?? []), [players.data]);
  const serverRatings = useMemo(
    () => new Map((userRatings.data ?? []).map((r) => [r.playerId, r.rating] as const)),
    [userRatings.data],
  );
  // A rating waiting offline is the fan's latest choice, so it shows over the server's value.
  const ratings = useMemo(
    () => (queued.size === 0 ? serverRatings : new Map([...serverRatings, ...queued])),
    [serverRatings, queued],
  );

  // The server's count is the rule; until it answers, count from the list on screen. Ratings waiting
  // offline count too: they are sent before the vote.
  const listed = players.data ?? [];
  const waiting = listed.filter((p) => queued.has(p.id) && !serverRatings.has(p.id)).length;
  const total = progress.data?.total ?? listed.length;
  const completed = Math.min(
    (progress.data?.completed ?? listed.filter((p) => serverRatings.has(p.id)).length) + waiting,
    total,
  );
  const allRated = total > 0 && completed >= total;
  const motmName = listed.find((p) => p.id === motm.motmPlayerId)?.name ?? null;

  const { rate } = useRatePlayer({
    userId: user.id,
    consentGiven: user.consentGiven,
    match,
    hasVoted,
    onConsentRequired,
  });
  const { forget } = motm;
  const locate = useVotePosition(user.geolocationConsent && votingOpen);
  const submit = useSubmitVote({
    userId: user.id,
    consentGiven: user.consentGiven,
    match,
    hasVoted,
    motmPlayerId: motm.motmPlayerId,
    allRated,
    onConsentRequired,
    onSubmitted: forget,
    locate,
  });

  const { toggle } = motm;
  const onToggleMotm = useCallback(
    (playerId: number) => {
      if (!hasVoted) toggle(playerId);
    },
    [hasVoted, toggle],
  );

  // In the order of the screen: the first player the fan has not rated is the one the progress names.
  const nextPlayer = groups.flatMap((g) => g.players).find((p) => !ratings.has(p.id));
  const status: VoteStatus = {
    completed,
    total,
    next: nextPlayer ? { id: nextPlayer.id, name: nextPlayer.name } : null,
    motmName,
    votingOpen: match.isLive,
    state: submit.state,
    canSubmit: submit.canSubmit,
    onSubmit: submit.submit,
  };
  // The progress stays up through 'Submitting...' and 'Vote Submitted', until the view moves to the results.
  const showProgress = (votingOpen || submit.confirming) && groups.length > 0;

  const leaderboard = showResults ? results.leaderboard : results.placeholder;

  return (
    <div
      data-voting-board=""
      className="grid scroll-mt-4 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
        <CurrentMatchCard match={match} />

        {resultsFirst ? (
          <div className="flex flex-col gap-4 sm:gap-6">
            {results.motm}
            {wide ? null : leaderboard}
          </div>
        ) : null}

        <section
          id={RATE_PLAYERS_SECTION_ID}
          aria-labelledby="rate-players-title"
          className="flex scroll-mt-4 flex-col gap-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <h2 id="rate-players-title" className="text-xl font-extrabold tracking-tight sm:text-2xl">
              {hasVoted ? t('voting.board.yourRatings') : t('voting.board.ratePlayers')}
            </h2>
            <TotalRatings matchId={match.id} />
            {votingOpen ? (
              <p className="w-full text-sm text-muted-foreground lg:hidden">{t(PROGRESS_HINT)}</p>
            ) : null}
          </div>

          {hasVoted ? (
            <Note tone="success" icon={<CircleCheck aria-hidden="true" />}>
              {t('voting.board.votedNote')}
            </Note>
          ) : phase === 'ended' ? (
            <Note tone="muted" icon={<Lock aria-hidden="true" />}>
              {t('voting.board.endedNote')}
            </Note>
          ) : phase === 'preparing' ? (
            <Note tone="muted" icon={<Clock aria-hidden="true" />}>
              {t('voting.board.preparingNote')}
            </Note>
          ) : null}

          {players.isPending ? (
            <PlayerCardsSkeleton />
          ) : players.isError ? (
            <Card role="alert" className="flex flex-col items-start gap-3 p-5 text-sm">
              <p className="font-semibold">{t('voting.board.playersLoadError')}</p>
              <Button variant="outline" size="sm" onClick={() => void players.refetch()}>
                {t('voting.tryAgain')}
              </Button>
            </Card>
          ) : groups.length === 0 ? (
            <Card className="p-6 text-center text-sm text-muted-foreground">
              <p className="font-semibold text-foreground">{t('voting.board.noPlayersTitle')}</p>
              <p>{t('voting.board.noPlayersText')}</p>
            </Card>
          ) : hasVoted && ratings.size > 0 ? (
            <MyRatingsTable
              players={groups.flatMap((g) => g.players)}
              ratings={ratings}
              distribution={showResults ? distribution.data : undefined}
              motmPlayerId={motm.motmPlayerId}
            />
          ) : (
            groups.map((group) => (
              <PlayerGroupSection
                key={group.key}
                group={group}
                matchId={match.id}
                ratings={ratings}
                serverRatings={serverRatings}
                queued={queued}
                motmPlayerId={motm.motmPlayerId}
                distribution={showResults ? distribution.data : undefined}
                locked={hasVoted}
                closed={closed}
                onRate={rate}
                onToggleMotm={onToggleMotm}
              />
            ))
          )}

          {votingOpen && allRated && groups.length > 0 ? (
            <MotmShortList
              players={groups.flatMap((g) => g.players)}
              ratings={ratings}
              motmPlayerId={motm.motmPlayerId}
              onPick={(playerId) => {
                if (playerId !== motm.motmPlayerId) onToggleMotm(playerId);
              }}
            />
          ) : null}

          {showProgress && wide ? (
            <Suspense fallback={null}>
              <SubmitFinalVoteCard {...status} />
            </Suspense>
          ) : null}
        </section>

        {resultsFirst ? null : results.motm}
      </div>

      {/* As tall as the players, so the progress card can stay in view while they scroll by. */}
      <aside
        aria-label={t('voting.board.asideLabel')}
        className="flex min-w-0 flex-col gap-4 self-stretch sm:gap-6"
      >
        {showProgress && wide ? (
          <Suspense fallback={<Skeleton className="h-64 w-full rounded-lg" />}>
            <VotingProgressCard {...status} className="sticky top-4 z-10 shadow-md" />
          </Suspense>
        ) : null}
        {resultsFirst && !wide ? null : leaderboard}
        {side}
      </aside>
      {showProgress && !wide ? <VotingProgressBar {...status} /> : null}
    </div>
  );
}
