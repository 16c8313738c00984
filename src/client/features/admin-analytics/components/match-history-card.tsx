import { MatchStatusBadge } from '@client/components/match/match-status-badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { useT } from '@client/lib/i18n/use-t';
import { formatNumber } from '@client/lib/intl-format';
import { HISTORY_PAGE_SIZE } from '@shared/domain';
import type { Match } from '@shared/matches';
import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useMatches } from '../api/get-matches';
import { useTotalVotes } from '../api/get-total-votes';
import { completedMatches, formatMatchDay } from '../utils/match-history';
import { paginate } from '../utils/pagination';
import { AnalyticsCard } from './analytics-card';

/** A match whose count failed shows '-'. */
function VoteCount({ matchId }: { matchId: number }) {
  const votes = useTotalVotes(matchId, { poll: false });
  if (votes.isError) return <span>-</span>;
  if (votes.isPending) return <Skeleton className="inline-block h-4 w-8 align-middle" />;
  return <span>{formatNumber(votes.data.totalVotes)}</span>;
}

function HistoryRows({ matches }: { matches: Match[] }) {
  const t = useT();
  const title = t('admin-match.analytics.history.title');
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label={title}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('admin-match.analytics.history.match')}</TableHead>
              <TableHead>{t('admin-match.analytics.history.date')}</TableHead>
              <TableHead>{t('admin-match.analytics.history.score')}</TableHead>
              <TableHead>{t('admin-match.analytics.history.status')}</TableHead>
              <TableHead className="text-end">{t('admin-match.analytics.history.votes')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {matches.map((match) => (
              <TableRow key={match.id}>
                <TableCell className="font-semibold">
                  {match.title}
                  <span className="block text-xs font-normal text-muted-foreground">{match.tournament}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatMatchDay(match.scheduledDate)}</TableCell>
                <TableCell className="tabular-nums">
                  <span dir="ltr">{match.score}</span>
                </TableCell>
                <TableCell>
                  <MatchStatusBadge status={match.status} named={false} />
                </TableCell>
                <TableCell className="text-end font-semibold tabular-nums">
                  <VoteCount matchId={match.id} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={title} className="flex flex-col divide-y divide-border md:hidden">
        {matches.map((match) => (
          <li key={match.id} className="flex items-center justify-between gap-3 py-3 first:pt-0">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-semibold">{match.title}</span>
              <span className="text-xs text-muted-foreground">
                {formatMatchDay(match.scheduledDate)} · <span dir="ltr">{match.score}</span> ·{' '}
                {match.tournament}
              </span>
              <span>
                <MatchStatusBadge status={match.status} />
              </span>
            </div>
            <p className="flex shrink-0 flex-col items-end">
              <span className="text-lg font-bold tabular-nums">
                <VoteCount matchId={match.id} />
              </span>
              <span className="text-xs text-muted-foreground">
                {t('admin-match.analytics.history.votesUnit')}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 'Historical Match Votes': completed matches, 10 a page, Previous and Next. */
export function MatchHistoryCard() {
  const t = useT();
  const matches = useMatches();
  const [page, setPage] = useState(1);
  const statusId = useId();

  let body: ReactNode;
  if (matches.isError) {
    body = (
      <p role="alert" className="text-sm font-medium text-destructive">
        {t('admin-match.analytics.history.loadFailed')}
      </p>
    );
  } else if (matches.isPending) {
    body = <Skeleton className="h-40 w-full" />;
  } else {
    const completed = completedMatches(matches.data);
    const current = paginate(completed, page, HISTORY_PAGE_SIZE);
    body =
      completed.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin-match.analytics.history.empty')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <HistoryRows matches={current.items} />
          <nav
            aria-label={t('admin-match.analytics.history.pages')}
            className="flex items-center justify-between gap-3"
          >
            <Button
              variant="outline"
              size="sm"
              disabled={!current.hasPrevious}
              onClick={() => setPage(current.page - 1)}
              aria-describedby={statusId}
            >
              <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
              {t('admin-match.analytics.history.previous')}
            </Button>
            <p id={statusId} aria-live="polite" className="text-center text-sm text-muted-foreground">
              {t('admin-match.analytics.history.page', { page: current.page, pageCount: current.pageCount })}
              <span className="hidden sm:inline">
                {' '}
                {t('admin-match.analytics.history.range', {
                  from: current.from,
                  to: current.to,
                  total: current.total,
                })}
              </span>
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={!current.hasNext}
              onClick={() => setPage(current.page + 1)}
              aria-describedby={statusId}
            >
              {t('admin-match.analytics.history.next')}
              <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Button>
          </nav>
        </div>
      );
  }

  return (
    <AnalyticsCard
      title={t('admin-match.analytics.history.title')}
      icon={History}
      description={t('admin-match.analytics.history.description')}
    >
      {body}
    </AnalyticsCard>
  );
}
