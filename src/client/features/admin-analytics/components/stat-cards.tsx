import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import { formatNumber } from '@client/lib/intl-format';
import { CircleCheckBig, Repeat, Vote } from 'lucide-react';
import { useParticipation, useReturnUsers } from '../api/get-match-analytics';
import { useTotalVotes } from '../api/get-total-votes';
import { formatPercent } from '../utils/match-history';
import { AnalyticsCard, NoMatch, QueryBody } from './analytics-card';

function BigNumber({ value, label }: { value: string; label: string }) {
  return (
    <p className="flex flex-col">
      <span className="text-4xl font-extrabold tracking-tight tabular-nums">{value}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </p>
  );
}

const statSkeleton = (
  <div className="flex flex-col gap-2">
    <Skeleton className="h-10 w-24" />
    <Skeleton className="h-4 w-40" />
  </div>
);

/** Final votes of the chosen match, polled every 5 s, with the all-time count beneath. */
export function TotalVotesCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const match = useTotalVotes(matchId, { enabled: matchId !== undefined });
  const all = useTotalVotes(undefined);
  return (
    <AnalyticsCard title={t('admin-match.analytics.totalVotes.title')} icon={Vote}>
      <QueryBody query={match} idle={matchId === undefined ? <NoMatch /> : null} skeleton={statSkeleton}>
        {({ totalVotes }) => (
          <div className="flex flex-col gap-1">
            <BigNumber
              value={formatNumber(totalVotes)}
              label={t('admin-match.analytics.totalVotes.thisMatch')}
            />
            <p className="text-sm text-muted-foreground">
              {all.data
                ? t('admin-match.analytics.totalVotes.allMatches', {
                    count: formatNumber(all.data.totalVotes),
                  })
                : '\u00a0'}
            </p>
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}

/** Fans who voted in two or more matches, as a share of everyone who voted. */
export function LoyaltyCard() {
  const t = useT();
  const loyalty = useReturnUsers();
  return (
    <AnalyticsCard title={t('admin-match.analytics.loyalty.title')} icon={Repeat}>
      <QueryBody query={loyalty} skeleton={statSkeleton}>
        {({ loyaltyRate, returnUsers, totalUsers }) => (
          <div className="flex flex-col gap-1">
            <BigNumber
              value={formatPercent(loyaltyRate)}
              label={t('admin-match.analytics.loyalty.cameBack')}
            />
            <p className="text-sm text-muted-foreground">
              {t('admin-match.analytics.loyalty.detail', {
                returning: formatNumber(returnUsers),
                total: formatNumber(totalUsers),
              })}
            </p>
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}

/** Complete votes against fans who rated without submitting. */
export function CompletionCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const participation = useParticipation(matchId);
  return (
    <AnalyticsCard title={t('admin-match.analytics.completion.title')} icon={CircleCheckBig}>
      <QueryBody
        query={participation}
        idle={matchId === undefined ? <NoMatch /> : null}
        skeleton={statSkeleton}
      >
        {({ completionRate, completeVotes, partialVotes }) => (
          <div className="flex flex-col gap-2">
            <BigNumber
              value={formatPercent(completionRate)}
              label={t('admin-match.analytics.completion.submitted')}
            />
            <Progress
              value={completionRate}
              max={100}
              aria-label={t('admin-match.analytics.completion.progress', {
                rate: formatPercent(completionRate),
              })}
            />
            <p className="text-sm text-muted-foreground">
              {t('admin-match.analytics.completion.detail', {
                complete: formatNumber(completeVotes),
                partial: formatNumber(partialVotes),
              })}
            </p>
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}
