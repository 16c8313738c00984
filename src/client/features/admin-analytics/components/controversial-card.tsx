import { Skeleton } from '@client/components/ui/skeleton';
import { Flame } from 'lucide-react';
import { useControversial } from '../api/get-match-analytics';
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
  const controversial = useControversial(matchId);
  return (
    <AnalyticsCard
      title="Controversial Ratings"
      icon={Flame}
      description="Players whose ratings were most spread out (variance)."
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
              <p className="font-semibold">None</p>
              <p className="text-sm text-muted-foreground">
                No player's ratings are spread out: fans agree so far, or there are too few ratings (2 per
                player needed).
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
                      {entry.player.position} · {entry.ratingCount} ratings
                    </span>
                  </div>
                  <dl className="flex shrink-0 gap-4 text-right text-sm">
                    <div className="flex flex-col">
                      <dt className="text-xs text-muted-foreground">Average</dt>
                      <dd className="font-bold tabular-nums">{entry.averageRating.toFixed(1)}</dd>
                    </div>
                    <div className="flex flex-col">
                      <dt className="text-xs text-muted-foreground">Variance</dt>
                      <dd className="font-bold tabular-nums">{entry.variance.toFixed(1)}</dd>
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
