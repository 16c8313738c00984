import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { formatInstant } from '@client/lib/intl-format';
import { SIGNAL_LABEL } from '@client/lib/shield-labels';
import type { BallotReview, BallotVerdict } from '@shared/shield';
import { ShieldAlert } from 'lucide-react';
import { useDecideBallot, useReviewQueue } from '../api/ballot-reviews';
import { AnalyticsCard, NoMatch, QueryBody } from './analytics-card';

const VERDICT_BADGE: Record<BallotVerdict, 'success' | 'gold' | 'muted'> = {
  counted: 'success',
  held: 'gold',
  excluded: 'muted',
};

const VERDICT_LABEL: Record<BallotVerdict, string> = {
  counted: 'admin-match.analytics.shield.verdict.counted',
  held: 'admin-match.analytics.shield.verdict.held',
  excluded: 'admin-match.analytics.shield.verdict.excluded',
};

/** The admin's two decisions on a ballot, each with its button's words and its name for a screen reader. */
const DECISIONS = [
  {
    verdict: 'counted',
    label: 'admin-match.analytics.shield.count',
    name: 'admin-match.analytics.shield.countLabel',
  },
  {
    verdict: 'excluded',
    label: 'admin-match.analytics.shield.exclude',
    name: 'admin-match.analytics.shield.excludeLabel',
  },
] as const;

const queueSkeleton = (
  <div className="flex flex-col gap-3">
    {[0, 1].map((row) => (
      <Skeleton key={row} className="h-20 w-full" />
    ))}
  </div>
);

/**
 * The shield's review queue for one match: each ballot held back or excluded, with its reasons, and the
 * admin's count or exclude. A decision is kept with who made it and when, and shown here.
 */
export function BallotReviewCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const queue = useReviewQueue(matchId);
  return (
    <AnalyticsCard
      title={t('admin-match.analytics.shield.title')}
      icon={ShieldAlert}
      description={t('admin-match.analytics.shield.description')}
    >
      <QueryBody query={queue} idle={matchId === undefined ? <NoMatch /> : null} skeleton={queueSkeleton}>
        {(data) => (
          <div className="flex flex-col gap-3">
            <p className="text-sm font-semibold tabular-nums" data-testid="ballot-counts">
              {t('admin-match.analytics.shield.summary', {
                counted: data.counted,
                held: data.held,
                excluded: data.excluded,
              })}
            </p>
            {data.ballots.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('admin-match.analytics.shield.empty')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.ballots.map((ballot) => (
                  <BallotRow key={ballot.userId} ballot={ballot} matchId={matchId} />
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}

function BallotRow({ ballot, matchId }: { ballot: BallotReview; matchId: number | undefined }) {
  const t = useT();
  const decide = useDecideBallot(matchId);
  const act = (verdict: 'counted' | 'excluded') =>
    decide.mutate(
      { userId: ballot.userId, verdict },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('admin-match.analytics.shield.failed'),
            description: apiErrorMessage(error, t('admin-match.analytics.somethingWrong')),
          }),
      },
    );
  const decidedAt = formatInstant(ballot.decidedAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="ballot">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="break-words font-semibold">{ballot.name}</span>
          <span className="break-all text-xs text-muted-foreground">{ballot.email}</span>
        </div>
        <Badge variant={VERDICT_BADGE[ballot.verdict]}>{t(VERDICT_LABEL[ballot.verdict])}</Badge>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('admin-match.analytics.shield.reasons')}>
        {ballot.signals.map((signal) => (
          <li key={signal}>
            <Badge variant="outline">{t(SIGNAL_LABEL[signal])}</Badge>
          </li>
        ))}
        <li>
          <Badge variant="muted">{t('admin-match.analytics.shield.points', { points: ballot.points })}</Badge>
        </li>
      </ul>
      {ballot.decidedBy && decidedAt ? (
        <p className="text-xs text-muted-foreground">
          {t('admin-match.analytics.shield.decided', { name: ballot.decidedBy, time: decidedAt })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {DECISIONS.map(({ verdict, label, name }) => (
          <Button
            key={verdict}
            size="sm"
            variant="outline"
            disabled={decide.isPending || ballot.verdict === verdict}
            aria-label={t(name, { name: ballot.name })}
            onClick={() => act(verdict)}
          >
            {t(label)}
          </Button>
        ))}
      </div>
    </li>
  );
}
