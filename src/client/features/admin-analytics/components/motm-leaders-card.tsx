import { Avatar } from '@client/components/ui/avatar';
import { Skeleton } from '@client/components/ui/skeleton';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { Crown } from 'lucide-react';
import { useMotmLeaderboard } from '../api/get-match-analytics';
import { formatPercent } from '../utils/match-history';
import { AnalyticsCard, NoMatch, QueryBody } from './analytics-card';

/** The top 3 Man of the Match picks. */
export const MOTM_LEADERS_SHOWN = 3;

const listSkeleton = (
  <div className="flex flex-col gap-3">
    {[0, 1, 2].map((row) => (
      <Skeleton key={row} className="h-12 w-full" />
    ))}
  </div>
);

export function MotmLeadersCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const leaders = useMotmLeaderboard(matchId);
  return (
    <AnalyticsCard title={t('admin-match.analytics.motm.title')} icon={Crown}>
      <QueryBody query={leaders} idle={matchId === undefined ? <NoMatch /> : null} skeleton={listSkeleton}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('admin-match.analytics.motm.empty')}</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {entries.slice(0, MOTM_LEADERS_SHOWN).map((entry, index) => (
                <li key={entry.player.id} className="flex items-center gap-3">
                  <span className="w-5 text-center text-sm font-bold tabular-nums text-muted-foreground">
                    {index + 1}
                  </span>
                  <Avatar name={entry.player.name} src={entry.player.image} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-semibold">{entry.player.name}</span>
                      <span className="shrink-0 text-sm font-bold tabular-nums">
                        {formatPercent(entry.percentage)}
                      </span>
                    </div>
                    <div className="flex items-center gap-2">
                      <div aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
                        <div
                          className="h-full rounded-full bg-primary"
                          style={{ width: `${Math.min(100, Math.max(0, entry.percentage))}%` }}
                        />
                      </div>
                      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                        {t('admin-match.analytics.motm.votes', { count: entry.voteCount })} ·{' '}
                        {positionName(entry.player.position)}
                      </span>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          )
        }
      </QueryBody>
    </AnalyticsCard>
  );
}
