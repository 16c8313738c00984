import { formatLocale } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
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
  const t = useT();
  const parts = counts.flatMap((n, i) =>
    n > 0 ? [t('common.ratingChart.valueCount', { value: i + 1, count: n })] : [],
  );
  // "1: 2 fans, 3: 1 fan": the list the way the language being read joins one.
  const summary = new Intl.ListFormat(formatLocale(), { type: 'unit', style: 'short' }).format(parts);

  return (
    <figure className="flex flex-col gap-1.5 rounded-md bg-muted/70 px-3 pt-2 pb-1.5">
      <figcaption className="flex items-baseline justify-between gap-2 text-xs font-semibold text-muted-foreground">
        <span>{t('common.ratingChart.title')}</span>
        <span className="font-medium tabular-nums">
          {t('common.ratingChart.ratingCount', { count: total })}
        </span>
      </figcaption>
      <p className="sr-only">
        {total === 0
          ? t('common.ratingChart.noRatings', { name: playerName })
          : t('common.ratingChart.summary', { name: playerName, summary })}
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
