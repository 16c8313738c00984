import { oneDecimal } from '@client/lib/i18n/figures';
import { cn } from '@client/lib/utils';

/** "+1.4", "−0.6", "0.0": the gap between the fan and the crowd, signed (decimals as the language writes them). */
function signed(difference: number) {
  if (difference > 0) return `+${oneDecimal(difference)}`;
  if (difference < 0) return `−${oneDecimal(Math.abs(difference))}`;
  return oneDecimal(0);
}

/** A fan's rating against the crowd's, as a chip: green a point above, red a point below. */
export function RatingDifference({ value }: { value: number }) {
  return (
    <span
      // The sign stays before the figure in a right-to-left language.
      dir="ltr"
      className={cn(
        'inline-flex min-w-12 justify-center rounded-full px-2 py-0.5 text-xs font-bold tabular-nums',
        value >= 1
          ? 'bg-success-soft text-success'
          : value <= -1
            ? 'bg-primary-soft text-primary-text'
            : 'bg-muted text-muted-foreground',
      )}
    >
      {signed(value)}
    </span>
  );
}
