import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
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

function StatusBadge({ match }: { match: Match }) {
  return match.status === 'Match Ended' ? (
    <Badge variant="muted">Ended</Badge>
  ) : (
    <Badge variant="outline">{match.status}</Badge>
  );
}

function HistoryRows({ matches }: { matches: Match[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Historical Match Votes">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Match</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Score</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Votes</TableHead>
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
                <TableCell className="tabular-nums">{match.score}</TableCell>
                <TableCell>
                  <StatusBadge match={match} />
                </TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  <VoteCount matchId={match.id} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label="Historical Match Votes" className="flex flex-col divide-y divide-border md:hidden">
        {matches.map((match) => (
          <li key={match.id} className="flex items-center justify-between gap-3 py-3 first:pt-0">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-semibold">{match.title}</span>
              <span className="text-xs text-muted-foreground">
                {formatMatchDay(match.scheduledDate)} · {match.score} · {match.tournament}
              </span>
              <span>
                <StatusBadge match={match} />
              </span>
            </div>
            <p className="flex shrink-0 flex-col items-end">
              <span className="text-lg font-bold tabular-nums">
                <VoteCount matchId={match.id} />
              </span>
              <span className="text-xs text-muted-foreground">votes</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 'Historical Match Votes': completed matches, 10 a page, Previous and Next. */
export function MatchHistoryCard() {
  const matches = useMatches();
  const [page, setPage] = useState(1);
  const statusId = useId();

  let body: ReactNode;
  if (matches.isError) {
    body = (
      <p role="alert" className="text-sm font-medium text-destructive">
        Failed to load match history
      </p>
    );
  } else if (matches.isPending) {
    body = <Skeleton className="h-40 w-full" />;
  } else {
    const completed = completedMatches(matches.data);
    const current = paginate(completed, page, HISTORY_PAGE_SIZE);
    body =
      completed.length === 0 ? (
        <p className="text-sm text-muted-foreground">No completed matches yet.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <HistoryRows matches={current.items} />
          <nav aria-label="Match history pages" className="flex items-center justify-between gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={!current.hasPrevious}
              onClick={() => setPage(current.page - 1)}
              aria-describedby={statusId}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <p id={statusId} aria-live="polite" className="text-center text-sm text-muted-foreground">
              Page {current.page} of {current.pageCount}
              <span className="hidden sm:inline">
                {' '}
                · {current.from}–{current.to} of {current.total}
              </span>
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={!current.hasNext}
              onClick={() => setPage(current.page + 1)}
              aria-describedby={statusId}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        </div>
      );
  }

  return (
    <AnalyticsCard
      title="Historical Match Votes"
      icon={History}
      description="Final votes in every match that is not live."
    >
      {body}
    </AnalyticsCard>
  );
}
