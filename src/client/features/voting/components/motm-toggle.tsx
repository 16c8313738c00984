import { cn } from '@client/lib/utils';
import { Trophy } from 'lucide-react';

interface MotmToggleProps {
  selected: boolean;
  disabled: boolean;
  /** Part of the accessible name, so the button says whose it is ('Select as MOTM: {name}'). */
  playerName: string;
  onToggle: () => void;
}

/** 'Select as MOTM' / 'MOTM': pressing the chosen player again clears the choice. */
export function MotmToggle({ selected, disabled, playerName, onToggle }: MotmToggleProps) {
  return (
    <button
      type="button"
      // One name in both states (the state is aria-pressed); it starts with the visible words (WCAG 2.5.3).
      aria-label={`Select as MOTM: ${playerName}`}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
        selected
          ? 'border-[#8a7a00] bg-gold text-foreground shadow-sm hover:bg-[#f3d70f]'
          : 'border-input bg-card text-foreground hover:border-foreground hover:bg-muted disabled:bg-muted disabled:text-muted-foreground',
      )}
    >
      <Trophy className={cn('size-4', selected && 'fill-current')} aria-hidden="true" />
      {selected ? 'MOTM' : 'Select as MOTM'}
    </button>
  );
}
