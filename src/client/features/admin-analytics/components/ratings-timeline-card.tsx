import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import { ChartArea } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useRatingsTimeline } from '../api/get-match-analytics';
import { timelinePoints, timelineSummary } from '../utils/chart-data';
import { AnalyticsCard, NoMatch, QueryBody } from './analytics-card';

// Recharts is heavy: it loads with the first chart, never with the rest of the admin panel.
const RatingsTimelinePlot = lazy(() => import('./charts/ratings-timeline-plot'));

const chartSkeleton = <Skeleton className="h-60 w-full" />;

/** 'Ratings per minute': how busy voting was through the match. */
export function RatingsTimelineCard({ matchId }: { matchId: number | undefined }) {
  const t = useT();
  const timeline = useRatingsTimeline(matchId);
  const title = t('admin-match.analytics.timeline.title');
  return (
    <AnalyticsCard
      title={title}
      icon={ChartArea}
      description={t('admin-match.analytics.timeline.description')}
    >
      <QueryBody query={timeline} idle={matchId === undefined ? <NoMatch /> : null} skeleton={chartSkeleton}>
        {(data) => {
          const points = timelinePoints(data);
          const summary = timelineSummary(points);
          return (
            <figure className="flex flex-col gap-2">
              <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
              {points.length > 0 ? (
                <>
                  <div aria-hidden="true" className="h-60 w-full min-w-0">
                    <Suspense fallback={chartSkeleton}>
                      <RatingsTimelinePlot points={points} />
                    </Suspense>
                  </div>
                  <table className="sr-only">
                    <caption>{title}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('admin-match.analytics.timeline.minute')}</th>
                        <th scope="col">{t('admin-match.analytics.timeline.ratings')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {points
                        .filter((p) => p.ratings > 0)
                        .map((p) => (
                          <tr key={p.label}>
                            <td>
                              <span dir="ltr">{p.label}</span>
                            </td>
                            <td>{p.ratings}</td>
                          </tr>
                        ))}
                    </tbody>
                  </table>
                </>
              ) : null}
            </figure>
          );
        }}
      </QueryBody>
    </AnalyticsCard>
  );
}
