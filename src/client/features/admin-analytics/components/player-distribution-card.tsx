import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { usePlayerDistributions } from '../api/get-match-analytics';
import { distributionBars, distributionSummary } from '../utils/chart-data';
import { AnalyticsCard, NoMatch, QueryBody } from './analytics-card';

const RatingDistributionPlot = lazy(() => import('./charts/rating-distribution-plot'));

const chartSkeleton = <Skeleton className="h-56 w-full" />;

/** Each player's spread of ratings from 1 to 10: pick a player, see the bars. */
export function PlayerDistributionCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const distributions = usePlayerDistributions(matchId);
  const [chosen, setChosen] = useState<number | null>(null);
  const pickerId = useId();

  return (
    <AnalyticsCard
      title={t('admin-match.analytics.distribution.title')}
      icon={ChartColumn}
      description={t('admin-match.analytics.distribution.description')}
    >
      <QueryBody
        query={distributions}
        idle={matchId === undefined ? <NoMatch /> : null}
        skeleton={chartSkeleton}
      >
        {(players) => {
          if (players.length === 0) {
            return (
              <p className="text-sm text-muted-foreground">{t('admin-match.analytics.distribution.empty')}</p>
            );
          }
          // Most-rated first, so the default is the player most fans had an opinion on.
          const sorted = [...players].sort((a, b) => b.ratingCount - a.ratingCount);
          const selected = sorted.find((p) => p.player.id === chosen) ?? sorted[0];
          if (!selected) return null;
          const bars = distributionBars(selected.counts);
          const summary = distributionSummary(
            selected.player.name,
            selected.averageRating,
            selected.ratingCount,
            selected.counts,
          );
          return (
            <div className="flex flex-col gap-3">
              <div className="flex flex-col gap-2 sm:max-w-xs">
                <Label htmlFor={pickerId}>{t('admin-match.analytics.distribution.player')}</Label>
                <Select
                  value={String(selected.player.id)}
                  onValueChange={(value) => setChosen(Number(value))}
                >
                  <SelectTrigger id={pickerId}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {sorted.map((p) => (
                      <SelectItem key={p.player.id} value={String(p.player.id)}>
                        {p.player.name} ({p.ratingCount})
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <figure className="flex flex-col gap-2">
                <figcaption aria-live="polite" className="text-sm text-muted-foreground">
                  {summary}
                </figcaption>
                <div aria-hidden="true" className="h-56 w-full min-w-0">
                  <Suspense fallback={chartSkeleton}>
                    <RatingDistributionPlot bars={bars} />
                  </Suspense>
                </div>
                <table className="sr-only">
                  <caption>
                    {t('admin-match.analytics.distribution.caption', { name: selected.player.name })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin-match.analytics.distribution.rating')}</th>
                      <th scope="col">{t('admin-match.analytics.distribution.fans')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {bars.map((bar) => (
                      <tr key={bar.value}>
                        <td>{bar.value}</td>
                        <td>{bar.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </figure>
            </div>
          );
        }}
      </QueryBody>
    </AnalyticsCard>
  );
}
