import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
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
  const match = useTotalVotes(matchId, { enabled: matchId !== undefined });
  const all = useTotalVotes(undefined);
  return (
    <AnalyticsCard title="Total Votes" icon={Vote}>
      <QueryBody query={match} idle={matchId === undefined ? <NoMatch /> : null} skeleton={statSkeleton}>
        {({ totalVotes }) => (
          <div className="flex flex-col gap-1">
            <BigNumber value={formatNumber(totalVotes)} label="final votes in this match" />
            <p className="text-sm text-muted-foreground">
              {all.data ? `${formatNumber(all.data.totalVotes)} across all matches` : '\u00a0'}
            </p>
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}

/** Fans who voted in two or more matches, as a share of everyone who voted. */
export function LoyaltyCard() {
  const loyalty = useReturnUsers();
  return (
    <AnalyticsCard title="User Loyalty" icon={Repeat}>
      <QueryBody query={loyalty} skeleton={statSkeleton}>
        {({ loyaltyRate, returnUsers, totalUsers }) => (
          <div className="flex flex-col gap-1">
            <BigNumber value={formatPercent(loyaltyRate)} label="of voters came back" />
            <p className="text-sm text-muted-foreground">
              {formatNumber(returnUsers)} of {formatNumber(totalUsers)} voters voted in 2+ matches
            </p>
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}

/** Complete votes against fans who rated without submitting. */
export function CompletionCard({ matchId }: { matchId: number | undefined }) {
  const participation = useParticipation(matchId);
  return (
    <AnalyticsCard title="Completion Rate" icon={CircleCheckBig}>
      <QueryBody
        query={participation}
        idle={matchId === undefined ? <NoMatch /> : null}
        skeleton={statSkeleton}
      >
        {({ completionRate, completeVotes, partialVotes }) => (
          <div className="flex flex-col gap-2">
            <BigNumber value={formatPercent(completionRate)} label="of fans who started submitted" />
            <Progress
              value={completionRate}
              max={100}
              aria-label={`Completion rate ${formatPercent(completionRate)}`}
            />
            <p className="text-sm text-muted-foreground">
              {formatNumber(completeVotes)} complete · {formatNumber(partialVotes)} partial
            </p>
          </div>
        )}
      </QueryBody>
    </AnalyticsCard>
  );
}
