import { PlayerAvatar } from '@client/components/player/player-avatar';
import { RankBadge } from '@client/components/player/rank-badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { Skeleton } from '@client/components/ui/skeleton';
import { oneDecimal } from '@client/lib/i18n/figures';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { useMatchStats } from '@client/lib/match-stats';
import { cn } from '@client/lib/utils';
import { competitionRanks } from '@shared/competition-ranks';
import { LEADERBOARD_SIZE } from '@shared/domain';
import type { LeaderboardEntry } from '@shared/ratings';
import { RotateCw, Star, Trophy } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useLeaderboard } from '../api/get-leaderboard';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useReorderAnimation } from '../hooks/use-reorder-animation';
import { useThrottledAnnouncement } from '../hooks/use-throttled-announcement';

/** The shortest time between two spoken leaderboard changes. */
export const ANNOUNCE_INTERVAL_MS = 10_000;

function LeaderboardSkeleton() {
  const t = useT();
  return (
    <div role="status">
      <span className="sr-only">{t('results.leaderboard.loading')}</span>
      <ul aria-hidden="true" className="flex flex-col gap-1">
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex min-h-16 items-center gap-3 px-2 py-2">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/5" />
              <Skeleton className="h-3 w-2/5" />
            </div>
            <Skeleton className="h-6 w-10" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyLeaderboard() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <IconCircle size="lg" className="mb-1">
        <Star className="size-6" aria-hidden="true" />
      </IconCircle>
      <p className="font-semibold">{t('results.leaderboard.emptyTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('results.leaderboard.emptyBody')}</p>
    </div>
  );
}

function LeaderboardRow({ entry, rank }: { entry: LeaderboardEntry; rank: number }) {
  const t = useT();
  const ratings = t('results.leaderboard.ratingCount', { count: entry.ratingCount });
  return (
    <li
      data-reorder-key={entry.id}
      className={cn(
        'flex min-h-16 items-center gap-3 rounded-md px-2 py-2',
        rank === 1 ? 'bg-gold/15' : 'odd:bg-muted/70',
      )}
    >
      <RankBadge rank={rank} />
      <PlayerAvatar name={entry.name} image={entry.image} portraitUrl={entry.portraitUrl} />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate font-semibold leading-snug">{entry.name}</p>
        <p className="truncate text-sm text-muted-foreground">{positionName(entry.position)}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end">
        <p className="text-lg font-extrabold leading-tight tabular-nums">
          <span className="sr-only">{t('results.leaderboard.averageRating')} </span>
          {oneDecimal(entry.averageRating)}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">{ratings}</p>
      </div>
    </li>
  );
}

/** How many fans' ballots the figures rest on, and how many the club's checks held back. */
function ResultsBasis({ matchId }: { matchId: number }) {
  const t = useT();
  const { data } = useMatchStats(matchId);
  if (!data || data.raters === 0) return null;
  return (
    <p className="px-2 pt-2 pb-1 text-xs text-muted-foreground" data-testid="results-basis">
      {t('results.basis', { fans: data.raters, heldBack: data.heldBack })}
    </p>
  );
}

/** The fans' top 10 of the match by average rating. */
export function LeaderboardCard({ matchId }: { matchId: number }) {
  const headingId = useId();
  const t = useT();
  const listRef = useRef<HTMLOListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const { data, isPending, isError, isFetching, refetch } = useLeaderboard(matchId);
  const entries = (data ?? []).slice(0, LEADERBOARD_SIZE);
  const ranks = competitionRanks(entries.map((entry) => entry.averageRating));
  useReorderAnimation(listRef, entries.map((entry) => entry.id).join(','), reducedMotion);

  // One polite sentence for screen readers when the order of the top three changes, at most every
  // ANNOUNCE_INTERVAL_MS, instead of every row that moves on every rating.
  const top = entries.slice(0, 3);
  const summary = useThrottledAnnouncement(
    top.map((entry) => entry.id).join(','),
    top.length > 0
      ? t('results.leaderboard.announcement', {
          list: top
            .map((entry, i) =>
              t('results.leaderboard.announcementItem', {
                rank: String(ranks[i] ?? i + 1),
                name: entry.name,
                average: oneDecimal(entry.averageRating),
              }),
            )
            .join(t('results.leaderboard.announcementSeparator')),
        })
      : '',
    ANNOUNCE_INTERVAL_MS,
  );

  let body: ReactNode;
  if (isPending) {
    body = <LeaderboardSkeleton />;
  } else if (isError && !data) {
    body = (
      <div className="flex flex-col items-center gap-3 px-4 py-6 text-center">
        <p className="text-sm text-muted-foreground">{t('results.leaderboard.loadFailed')}</p>
        <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
          <RotateCw aria-hidden="true" />
          {t('results.tryAgain')}
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = <EmptyLeaderboard />;
  } else {
    body = (
      <ol ref={listRef} className="flex flex-col gap-0.5">
        {entries.map((entry, index) => (
          <LeaderboardRow key={entry.id} entry={entry} rank={ranks[index] ?? index + 1} />
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <Card className="overflow-hidden">
        <CardHeader className="flex-row items-center gap-3 border-b border-border px-5 py-4">
          <IconCircle tone="primary" className="shrink-0">
            <Trophy className="size-5" aria-hidden="true" />
          </IconCircle>
          <div className="flex min-w-0 flex-col">
            <CardTitle id={headingId} className="text-lg leading-tight">
              {t('results.leaderboard.title')}
            </CardTitle>
            <CardDescription className="text-sm">{t('results.leaderboard.description')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="p-2 sm:p-3">
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="leaderboard-announcement">
            {summary}
          </p>
          {body}
          {entries.length > 0 ? <ResultsBasis matchId={matchId} /> : null}
        </CardContent>
      </Card>
    </section>
  );
}
