import { countLabel } from '@client/lib/intl-format';
import { cn } from '@client/lib/utils';

interface RatingDistributionChartProps {
  playerName: string;
  /** How many fans gave each value; index 0 is the value 1. */
  counts: readonly number[];
  /** The fan's own value, highlighted. */
  ownRating: number | undefined;
}

/** Ten small bars: how fans rated the player. A text summary stands in for the bars for screen readers. */
export function RatingDistributionChart({ playerName, counts, ownRating }: RatingDistributionChartProps) {
  const total = counts.reduce((sum, n) => sum + n, 0);
  const peak = Math.max(1, ...counts);
  const summary = counts
    .map((n, i) => (n > 0 ? `${i + 1}: ${countLabel(n, 'fan')}` : null))
    .filter(Boolean)
    .join(', ');

  return (
    <figure className="flex flex-col gap-1.5 rounded-md bg-muted/70 px-3 pt-2 pb-1.5">
      <figcaption className="flex items-baseline justify-between gap-2 text-xs font-semibold text-muted-foreground">
        <span>How fans rated</span>
        <span className="font-medium tabular-nums">{countLabel(total, 'rating')}</span>
      </figcaption>
      <p className="sr-only">
        {total === 0 ? `No ratings for ${playerName} yet.` : `Ratings of ${playerName} by value: ${summary}.`}
      </p>
      <div aria-hidden="true" className="grid grid-cols-10 items-end gap-1">
        {counts.map((n, i) => {
          const value = i + 1;
          const own = value === ownRating;
          return (
            <div key={value} className="flex flex-col items-center gap-0.5">
              <div className="flex h-9 w-full items-end">
                <div
                  className={cn(
                    'w-full rounded-t-[3px]',
                    own ? 'bg-primary' : 'bg-foreground/35',
                    n === 0 && 'bg-foreground/10',
                  )}
                  style={{ height: n === 0 ? '2px' : `${Math.max(8, (n / peak) * 100)}%` }}
                />
              </div>
              <span
                className={cn(
                  'text-[0.6875rem] leading-none tabular-nums',
                  own ? 'font-bold text-primary-text' : 'text-muted-foreground',
                )}
              >
                {value}
              </span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}
