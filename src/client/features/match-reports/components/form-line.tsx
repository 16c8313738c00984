import { oneDecimal } from '@client/lib/i18n/figures';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';

/** Bars from 1 to 10: a rating's height in a 24 px line. */
const heightOf = (rating: number) => `${Math.max(12, (rating / 10) * 100)}%`;

/** A tone per band, so a run of good or poor matches reads at a glance (and not by colour alone: by height). */
function toneOf(rating: number) {
  if (rating >= 7) return 'bg-success';
  if (rating >= 5.5) return 'bg-foreground/45';
  return 'bg-primary';
}

/** The last few match averages, oldest first, as small bars; the numbers are read out instead. */
export function FormLine({ form, className }: { form: readonly number[]; className?: string }) {
  const t = useT();
  return (
    <span className={cn('inline-flex items-center', className)}>
      <span className="sr-only">
        {form.length > 0
          ? t('reports.form.label', { ratings: form.map((n) => oneDecimal(n)).join(', ') })
          : t('reports.form.empty')}
      </span>
      {/* Oldest to newest, left to right in every language, as the season chart reads. */}
      <span aria-hidden="true" dir="ltr" className="flex h-6 items-end gap-0.5">
        {form.map((rating, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a form line is positional: the nth match back
            key={index}
            title={oneDecimal(rating)}
            className={cn('w-1.5 rounded-t-[2px]', toneOf(rating))}
            style={{ height: heightOf(rating) }}
          />
        ))}
      </span>
    </span>
  );
}

/** How fans spread their ratings of a player in one match: ten tiny bars, read out as a sentence. */
export function MiniDistribution({ counts, name }: { counts: readonly number[]; name: string }) {
  const t = useT();
  const peak = Math.max(1, ...counts);
  const spread = counts
    .map((n, i) => (n > 0 ? `${i + 1}: ${n}` : null))
    .filter(Boolean)
    .join(', ');
  return (
    <span className="inline-flex">
      <span className="sr-only">
        {spread
          ? t('reports.distribution.label', { name, spread })
          : t('reports.distribution.empty', { name })}
      </span>
      {/* Ratings 1 to 10, left to right in every language, as a scale reads. */}
      <span aria-hidden="true" dir="ltr" className="grid h-5 w-[4.5rem] grid-cols-10 items-end gap-px">
        {counts.map((n, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the rating value
            key={i}
            className={cn('rounded-t-[1px]', n === 0 ? 'bg-foreground/10' : 'bg-foreground/40')}
            style={{ height: n === 0 ? '2px' : `${Math.max(12, (n / peak) * 100)}%` }}
          />
        ))}
      </span>
    </span>
  );
}
