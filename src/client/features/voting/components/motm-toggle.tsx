import { cn } from '@client/lib/utils';
import { Trophy } from 'lucide-react';

interface MotmToggleProps {
  selected: boolean;
  disabled: boolean;
  /** The id of the player's name, so the button is announced with whose it is. */
  describedBy: string;
  onToggle: () => void;
}

/** 'Select as MOTM' / 'MOTM': pressing the chosen player again clears the choice. */
export function MotmToggle({ selected, disabled, describedBy, onToggle }: MotmToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
        selected
          ? 'border-[#c9b200] bg-gold text-foreground shadow-sm hover:bg-[#f3d70f]'
          : 'border-input/60 bg-card text-foreground hover:border-foreground hover:bg-muted disabled:bg-muted disabled:text-muted-foreground',
      )}
    >
      <Trophy className={cn('size-4', selected && 'fill-current')} aria-hidden="true" />
      {selected ? 'MOTM' : 'Select as MOTM'}
    </button>
  );
}
