import { Skeleton } from '@client/components/ui/skeleton';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { Flame } from 'lucide-react';
import { useControversial } from '../api/get-match-analytics';
import { formatDecimal } from '../utils/match-history';
import { AnalyticsCard, NoMatch, QueryBody } from './analytics-card';

/** The 5 players fans disagreed on most (population variance, 2+ ratings). */
export const CONTROVERSIAL_SHOWN = 5;

const listSkeleton = (
  <div className="flex flex-col gap-2">
    {[0, 1, 2, 3, 4].map((row) => (
      <Skeleton key={row} className="h-10 w-full" />
    ))}
  </div>
);

export function ControversialCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const controversial = useControversial(matchId);
  return (
    <AnalyticsCard
      title={t('admin-match.analytics.controversial.title')}
      icon={Flame}
      description={t('admin-match.analytics.controversial.description')}
    >
      <QueryBody
        query={controversial}
        idle={matchId === undefined ? <NoMatch /> : null}
        skeleton={listSkeleton}
      >
        {(entries) => {
          // A spread of 0 is full agreement: nothing controversial to show.
          const spread = entries.filter((entry) => entry.variance > 0);
          return spread.length === 0 ? (
            <div className="flex flex-col gap-1 rounded-md border border-dashed border-input p-4 text-center">
              <p className="font-semibold">{t('admin-match.analytics.controversial.none')}</p>
              <p className="text-sm text-muted-foreground">
                {t('admin-match.analytics.controversial.noneHint')}
              </p>
            </div>
          ) : (
            <ol className="flex flex-col divide-y divide-border">
              {spread.slice(0, CONTROVERSIAL_SHOWN).map((entry, index) => (
                <li key={entry.player.id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                  <span className="w-5 text-center text-sm font-bold tabular-nums text-muted-foreground">
                    {index + 1}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-semibold">{entry.player.name}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {positionName(entry.player.position)} ·{' '}
                      {t('admin-match.analytics.controversial.ratings', { count: entry.ratingCount })}
                    </span>
                  </div>
                  <dl className="flex shrink-0 gap-4 text-end text-sm">
                    <div className="flex flex-col">
                      <dt className="text-xs text-muted-foreground">
                        {t('admin-match.analytics.controversial.average')}
                      </dt>
                      <dd className="font-bold tabular-nums">{formatDecimal(entry.averageRating)}</dd>
                    </div>
                    <div className="flex flex-col">
                      <dt className="text-xs text-muted-foreground">
                        {t('admin-match.analytics.controversial.variance')}
                      </dt>
                      <dd className="font-bold tabular-nums">{formatDecimal(entry.variance)}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ol>
          );
        }}
      </QueryBody>
    </AnalyticsCard>
  );
}
