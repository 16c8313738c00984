import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import type { PublicUser } from '@shared/auth';
import type { Match } from '@shared/matches';
import { matchPhase, resultsVisible } from '@shared/rules';
import { CircleCheck, Clock, Lock, Users } from 'lucide-react';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useAvailablePlayers } from '../api/get-available-players';
import { useHasVoted } from '../api/get-has-voted';
import { useMatchStats } from '../api/get-match-stats';
import { useRatingDistribution } from '../api/get-rating-distribution';
import { useUserRatings } from '../api/get-user-ratings';
import { useVoteProgress } from '../api/get-vote-progress';
import { useRatePlayer } from '../api/rate-player';
import { useSubmitVote } from '../api/submit-vote';
import { useMotmChoice } from '../hooks/use-motm-choice';
import { useQueuedRatings } from '../offline/offline-queue';
import { countLabel } from '../utils/format-match';
import { groupPlayers } from '../utils/group-players';
import { CurrentMatchCard } from './current-match-card';
import { PlayerGroupSection } from './player-group-section';
import { SubmitShortcut } from './submit-shortcut';
import {
  SUBMIT_VOTE_BUTTON_ID,
  SubmitFinalVoteCard,
  VOTING_PROGRESS_ID,
  type VoteStatus,
  VotingProgressCard,
} from './voting-progress-card';
import { PlayerCardsSkeleton } from './voting-skeleton';

export const RATE_PLAYERS_SECTION_ID = 'rate-players';

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
  const { data } = useMatchStats(matchId);
  if (!data) return null;
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-card px-3 py-1 text-sm font-semibold shadow-xs ring-1 ring-border">
      <Users className="size-4 text-muted-foreground" aria-hidden="true" />
      <span className="tabular-nums">{countLabel(data.totalRatings, 'rating')}</span>
      <span className="sr-only"> for this match</span>
    </p>
  );
}

interface VotingBoardProps {
  match: Match;
  user: PublicUser;
  /** Rating or voting without consent: the consent prompt takes over and nothing is sent. */
  onConsentRequired: () => void;
}

/** The voting half of the home screen: the match, 'Rate Players', progress, player groups, submit. */
export function VotingBoard({ match, user, onConsentRequired }: VotingBoardProps) {
  const players = useAvailablePlayers();
  const userRatings = useUserRatings(user.id, match.id);
  const progress = useVoteProgress(user.id, match.id);
  const hasVoted = useHasVoted(user.id, match.id).data?.hasVoted ?? false;
  const phase = matchPhase(match);
  // The distributions are results: shown as the server allows them, not on the vote alone.
  const showResults = resultsVisible(user, { hasVoted, matchEnded: phase === 'ended' });
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
  const submit = useSubmitVote({
    userId: user.id,
    consentGiven: user.consentGiven,
    match,
    hasVoted,
    motmPlayerId: motm.motmPlayerId,
    allRated,
    onConsentRequired,
    onSubmitted: forget,
  });

  const { toggle } = motm;
  const onToggleMotm = useCallback(
    (playerId: number) => {
      if (!hasVoted) toggle(playerId);
    },
    [hasVoted, toggle],
  );

  const status: VoteStatus = {
    completed,
    total,
    motmName,
    votingOpen: match.isLive,
    state: submit.state,
    canSubmit: submit.canSubmit,
    onSubmit: submit.submit,
  };

  return (
    <>
      <CurrentMatchCard match={match} />

      <section
        id={RATE_PLAYERS_SECTION_ID}
        aria-labelledby="rate-players-title"
        className="flex scroll-mt-4 flex-col gap-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="rate-players-title" className="text-xl font-extrabold tracking-tight sm:text-2xl">
            Rate Players
          </h2>
          <TotalRatings matchId={match.id} />
        </div>

        {hasVoted ? (
          <Note tone="success" icon={<CircleCheck aria-hidden="true" />}>
            Your vote is in. See how fans rated each player below, and the live leaderboard.
          </Note>
        ) : phase === 'ended' ? (
          <Note tone="muted" icon={<Lock aria-hidden="true" />}>
            Voting has ended for this match.
          </Note>
        ) : phase === 'preparing' ? (
          <Note tone="muted" icon={<Clock aria-hidden="true" />}>
            Voting opens when the match goes live.
          </Note>
        ) : null}

        <VotingProgressCard {...status} />

        {players.isPending ? (
          <PlayerCardsSkeleton />
        ) : players.isError ? (
          <Card role="alert" className="flex flex-col items-start gap-3 p-5 text-sm">
            <p className="font-semibold">The players could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void players.refetch()}>
              Try again
            </Button>
          </Card>
        ) : groups.length === 0 ? (
          <Card className="p-6 text-center text-sm text-muted-foreground">
            <p className="font-semibold text-foreground">No players to rate yet</p>
            <p>The squad for this match has not been published. Check back soon.</p>
          </Card>
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
              onRate={rate}
              onToggleMotm={onToggleMotm}
            />
          ))
        )}

        {groups.length > 0 ? <SubmitFinalVoteCard {...status} /> : null}
      </section>
      <SubmitShortcut
        ready={submit.canSubmit && match.isLive}
        targetId={VOTING_PROGRESS_ID}
        buttonId={SUBMIT_VOTE_BUTTON_ID}
        avoidCorner={user.isAdmin}
      />
    </>
  );
}
