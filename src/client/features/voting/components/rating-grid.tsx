import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { RATING_MAX, RATING_MIN } from '@shared/domain';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

const VALUES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

interface RatingGridProps {
  playerName: string;
  value: number | undefined;
  disabled: boolean;
  /** Describes the chosen value (e.g. 'Saved offline — will sync'). */
  describedBy?: string | undefined;
  /** Whether the rating was taken: a refused one (no consent, voting closed) is not drawn as chosen. */
  onRate: (rating: number) => boolean;
}

interface RatingKeyProps {
  n: number;
  label: string;
  selected: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  onPick: (n: number) => void;
}

// A key re-renders only when it is chosen or let go: a tap redraws two keys, not the squad.
const RatingKey = memo(function RatingKey({
  n,
  label,
  selected,
  disabled,
  describedBy,
  onPick,
}: RatingKeyProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={selected}
      aria-describedby={selected ? describedBy : undefined}
      disabled={disabled}
      onClick={() => onPick(n)}
      className={cn(
        'flex h-11 min-w-0 cursor-pointer items-center justify-center rounded-md border text-[0.9375rem] font-bold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
        selected
          ? 'border-primary bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover'
          : 'border-input bg-card text-foreground hover:border-primary hover:bg-primary-soft hover:text-primary-text disabled:border-border disabled:bg-muted disabled:text-muted-foreground disabled:hover:text-muted-foreground',
      )}
    >
      {n}
    </button>
  );
});

/**
 * The 1 to 10 keys in one row, like a phone keyboard's (each at least 30 px wide and 44 px tall); each
 * is 'Rate {name} {n}' and pressed when chosen. A tapped key is drawn chosen by this row alone, at once,
 * before the board's data catches up (a new value from the board supersedes it); it changes colour with
 * no transition: the change is the tap's answer, and fading it in costs a slow phone's frame its events.
 */
export function RatingGrid({ playerName, value, disabled, describedBy, onRate }: RatingGridProps) {
  const t = useT();
  const [tapped, setTapped] = useState<number | null>(null);
  const [tappedOver, setTappedOver] = useState(value);
  if (tappedOver !== value) {
    setTappedOver(value);
    setTapped(null);
  }
  const shown = tapped ?? value;
  const labels = useMemo(
    () => VALUES.map((n) => t('voting.card.rateValue', { name: playerName, value: n })),
    [t, playerName],
  );
  // The keys keep one handler for the card's life, so a tap does not redraw the eight left alone.
  const rate = useRef(onRate);
  useLayoutEffect(() => {
    rate.current = onRate;
  });
  const onPick = useCallback((n: number) => {
    if (rate.current(n)) setTapped(n);
  }, []);
  return (
    <fieldset data-key-row="" className="grid min-w-0 grid-cols-10 gap-[3px] md:w-[22rem] md:shrink-0">
      <legend className="sr-only">{t('voting.card.ratingLegend', { name: playerName })}</legend>
      {VALUES.map((n, i) => (
        <RatingKey
          key={n}
          n={n}
          label={labels[i] ?? ''}
          selected={shown === n}
          disabled={disabled}
          describedBy={describedBy}
          onPick={onPick}
        />
      ))}
    </fieldset>
  );
}
