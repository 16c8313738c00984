import { Button } from '@client/components/ui/button';
import { oneDecimal } from '@client/lib/i18n/figures';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, formatNumber } from '@client/lib/intl-format';
import { MATCH_DAY_STYLE } from '@client/lib/match-format';
import type { MatchSummary } from '@shared/match-reports';
import { CalendarX2, ChevronRight, Shirt, Star, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useMatchSummaries } from '../api/match-reports-api';
import { EmptyState, ListSkeleton, LoadError, ScreenHeading } from './screen-states';

function MatchSummaryRow({ match }: { match: MatchSummary }) {
  const t = useT();
  const day = formatCalendarDay(match.playedOn, MATCH_DAY_STYLE);
  return (
    <li>
      <Link
        href={`/matches/${match.id}`}
        className="group surface-light flex items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 shadow-sm transition-colors hover:border-foreground/30 sm:gap-4 sm:px-5"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-xs font-semibold text-muted-foreground">{day}</p>
          <p className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate text-base font-bold leading-snug sm:text-lg">
              {match.title}
            </span>
            <span className="shrink-0 text-xl font-black tabular-nums">
              <span className="sr-only">{t('reports.scoreLabel')} </span>
              <span dir="ltr">{match.score}</span>
            </span>
          </p>
          <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground sm:flex-row sm:gap-4">
            <li className="flex min-w-0 items-center gap-1.5">
              <Trophy className="size-3.5 shrink-0 text-foreground/70" aria-hidden="true" />
              <span className="truncate">
                {match.motm ? (
                  <>
                    <span className="sr-only">{t('reports.matches.motmLabel')} </span>
                    <span className="font-semibold text-foreground">{match.motm.name}</span>{' '}
                    <span className="tabular-nums">
                      ({t('reports.percent', { value: formatNumber(match.motm.percentage) })})
                    </span>
                  </>
                ) : (
                  t('reports.matches.noMotm')
                )}
              </span>
            </li>
            {match.topRated ? (
              <li className="flex min-w-0 items-center gap-1.5">
                <Star className="size-3.5 shrink-0 text-foreground/70" aria-hidden="true" />
                <span className="truncate">
                  <span className="sr-only">{t('reports.matches.topRatedLabel')} </span>
                  <span className="font-semibold text-foreground">{match.topRated.name}</span>{' '}
                  <span className="tabular-nums">{oneDecimal(match.topRated.averageRating)}</span>
                </span>
              </li>
            ) : null}
          </ul>
        </div>
        <ChevronRight
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

/** Every ended match, newest first: the score, the fans' Man of the Match and their best-rated player. */
export function MatchesScreen() {
  const t = useT();
  const matches = useMatchSummaries();
  const pages = matches.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;

  let body: ReactNode;
  if (matches.isPending) {
    body = <ListSkeleton label={t('reports.matches.loading')} />;
  } else if (matches.isError && items.length === 0) {
    body = (
      <LoadError
        title={t('reports.loadError.matches')}
        retrying={matches.isFetching}
        onRetry={() => void matches.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={CalendarX2} title={t('reports.matches.emptyTitle')}>
        <p>{t('reports.matches.emptyBody')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ol className="flex flex-col gap-2.5" aria-label={t('reports.matches.title')}>
          {items.map((match) => (
            <MatchSummaryRow key={match.id} match={match} />
          ))}
        </ol>
        {matches.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            disabled={matches.isFetchingNextPage}
            onClick={() => void matches.fetchNextPage()}
          >
            {matches.isFetchingNextPage ? t('reports.matches.loadingMore') : t('reports.matches.showOlder')}
          </Button>
        ) : null}
        <p className="text-center text-sm text-muted-foreground" aria-live="polite">
          {t('reports.matches.showing', { shown: formatNumber(items.length), total })}
        </p>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 sm:gap-6">
      <ScreenHeading
        title={t('reports.matches.title')}
        description={t('reports.matches.description')}
        action={
          <Button asChild variant="outline" className="self-start">
            <Link href="/team-of-the-week">
              <Shirt aria-hidden="true" />
              {t('reports.team.weekLink')}
            </Link>
          </Button>
        }
      />
      {body}
    </div>
  );
}
