import { Skeleton } from '@client/components/ui/skeleton';
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
  const timeline = useRatingsTimeline(matchId);
  return (
    <AnalyticsCard
      title="Ratings per minute"
      icon={ChartArea}
      description="Each match minute counted from kick-off (the match's start time)."
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
                    <caption>Ratings per minute</caption>
                    <thead>
                      <tr>
                        <th scope="col">Minute</th>
                        <th scope="col">Ratings</th>
                      </tr>
                    </thead>
                    <tbody>
                      {points
                        .filter((p) => p.ratings > 0)
                        .map((p) => (
                          <tr key={p.label}>
                            <td>{p.label}</td>
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
