import { MatchStatusBadge } from '@client/components/match/match-status-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { formatNumber } from '@client/lib/intl-format';
import { HISTORY_PAGE_SIZE } from '@shared/domain';
import type { Match } from '@shared/matches';
import { hasEnded } from '@shared/rules';
import { ChevronLeft, ChevronRight, Eye, EyeOff, History } from 'lucide-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useMatches } from '../api/get-matches';
import { useTotalVotes } from '../api/get-total-votes';
import { useSetMatchHidden } from '../api/hide-match';
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

/** 'Hidden': the match is out of the public history, which fans read. */
function HiddenBadge({ match }: { match: Match }) {
  const t = useT();
  if (!match.hiddenAt) return null;
  return (
    <Badge variant="muted" className="ms-2 align-middle">
      <EyeOff aria-hidden="true" />
      {t('admin-match.analytics.history.hidden')}
    </Badge>
  );
}

interface VisibilityActions {
  /** The admin asked to hide (or show) this match: the confirm step follows. */
  onAsk: (match: Match) => void;
  /** The match whose change is on its way. */
  pendingId: number | null;
}

/** 'Hide from history' or 'Show in history', for an ended match only: nothing else is in the history. */
function VisibilityButton({ match, onAsk, pendingId }: VisibilityActions & { match: Match }) {
  const t = useT();
  if (!hasEnded(match)) return null;
  const hidden = match.hiddenAt !== null;
  const Icon = hidden ? Eye : EyeOff;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pendingId !== null}
      aria-label={t(
        hidden ? 'admin-match.analytics.history.showNamed' : 'admin-match.analytics.history.hideNamed',
        { title: match.title },
      )}
      onClick={() => onAsk(match)}
    >
      {pendingId === match.id ? <Spinner /> : <Icon aria-hidden="true" />}
      {t(hidden ? 'admin-match.analytics.history.show' : 'admin-match.analytics.history.hide')}
    </Button>
  );
}

function HistoryRows({ matches, ...actions }: { matches: Match[] } & VisibilityActions) {
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
              <TableHead className="text-end">{t('admin-match.analytics.history.publicHistory')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {matches.map((match) => (
              <TableRow key={match.id}>
                <TableCell className="font-semibold">
                  {match.title}
                  <HiddenBadge match={match} />
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
                <TableCell className="text-end">
                  <VisibilityButton match={match} {...actions} />
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
              <span className="font-semibold">
                {match.title}
                <HiddenBadge match={match} />
              </span>
              <span className="text-xs text-muted-foreground">
                {/* A match with no day or score yet starts its line with what it has, never a dash. */}
                {[
                  match.scheduledDate ? formatMatchDay(match.scheduledDate) : null,
                  match.score ? (
                    <span key="score" dir="ltr">
                      {match.score}
                    </span>
                  ) : null,
                  match.tournament,
                ]
                  .filter((part) => part !== null && part !== '')
                  .map((part, index) => (
                    <Fragment key={typeof part === 'string' ? part : 'score'}>
                      {index > 0 ? ' · ' : null}
                      {part}
                    </Fragment>
                  ))}
              </span>
              <span>
                <MatchStatusBadge status={match.status} />
              </span>
              <span className="pt-1">
                <VisibilityButton match={match} {...actions} />
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

interface MatchHistoryCardProps {
  /** Success notices follow the admin notifications preference; errors always show. */
  notify?: boolean;
}

/**
 * 'Historical Match Votes': completed matches, 10 a page, Previous and Next; an ended match can be hidden
 * from the fans' history (and shown again) after a confirm that says what fans lose.
 */
export function MatchHistoryCard({ notify = true }: MatchHistoryCardProps = {}) {
  const t = useT();
  const matches = useMatches();
  const [page, setPage] = useState(1);
  const statusId = useId();
  const setHidden = useSetMatchHidden();
  // The match asked about stays while the dialog closes, so its words do not change under the animation.
  const [asked, setAsked] = useState<Match | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (match: Match) => {
    setAsked(match);
    setConfirming(true);
  };
  const pendingId = setHidden.isPending ? (setHidden.variables?.id ?? null) : null;

  const confirm = () => {
    if (!asked) return;
    const hidden = asked.hiddenAt === null;
    setConfirming(false);
    setHidden.mutate(
      { id: asked.id, hidden },
      {
        onSuccess: () => {
          if (!notify) return;
          toast({
            variant: 'success',
            description: t(
              hidden ? 'admin-match.analytics.history.hiddenDone' : 'admin-match.analytics.history.shownDone',
            ),
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            description: apiErrorMessage(error, t('admin-match.analytics.history.hideFailed')),
          }),
      },
    );
  };
  const hiding = asked?.hiddenAt === null;

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
          <HistoryRows matches={current.items} onAsk={ask} pendingId={pendingId} />
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
      <ConfirmDialog
        open={confirming}
        title={t(
          hiding ? 'admin-match.analytics.history.hideTitle' : 'admin-match.analytics.history.showTitle',
        )}
        description={t(
          hiding
            ? 'admin-match.analytics.history.hideDescription'
            : 'admin-match.analytics.history.showDescription',
          { title: asked?.title ?? '' },
        )}
        confirmLabel={t(hiding ? 'admin-match.analytics.history.hide' : 'admin-match.analytics.history.show')}
        destructive={hiding}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </AnalyticsCard>
  );
}
