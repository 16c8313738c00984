import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { RATING_MAX, RATING_MIN } from '@shared/domain';

const VALUES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

interface RatingGridProps {
  playerName: string;
  value: number | undefined;
  disabled: boolean;
  /** Describes the chosen value (e.g. 'Saved offline — will sync'). */
  describedBy?: string | undefined;
  onRate: (rating: number) => void;
}

/**
 * The 1 to 10 keys in one row, like a phone keyboard's (each at least 30 px wide and 44 px tall); each
 * is 'Rate {name} {n}' and pressed when chosen.
 */
export function RatingGrid({ playerName, value, disabled, describedBy, onRate }: RatingGridProps) {
  const t = useT();
  return (
    <fieldset data-key-row="" className="grid min-w-0 grid-cols-10 gap-[3px]">
      <legend className="sr-only">{t('voting.card.ratingLegend', { name: playerName })}</legend>
      {VALUES.map((n) => {
        const selected = value === n;
        return (
          <button
            key={n}
            type="button"
            aria-label={t('voting.card.rateValue', { name: playerName, value: n })}
            aria-pressed={selected}
            aria-describedby={selected ? describedBy : undefined}
            disabled={disabled}
            onClick={() => onRate(n)}
            className={cn(
              'flex h-11 min-w-0 cursor-pointer items-center justify-center rounded-md border text-[0.9375rem] font-bold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
              selected
                ? 'border-primary bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover'
                : 'border-input bg-card text-foreground hover:border-primary hover:bg-primary-soft hover:text-primary-text disabled:border-border disabled:bg-muted disabled:text-muted-foreground disabled:hover:text-muted-foreground',
            )}
          >
            {n}
          </button>
        );
      })}
    </fieldset>
  );
}
