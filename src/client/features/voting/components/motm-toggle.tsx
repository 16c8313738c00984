import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Trophy } from 'lucide-react';

interface MotmToggleProps {
  selected: boolean;
  disabled: boolean;
  /** Part of the accessible name, so the button says whose it is ('Select as MOTM: {name}'). */
  playerName: string;
  onToggle: () => void;
}

/**
 * The trophy key of a player row: pressed, the player is the fan's Man of the Match; pressing the chosen
 * player again clears the choice. Its name says what it does in both states (the state is aria-pressed).
 */
export function MotmToggle({ selected, disabled, playerName, onToggle }: MotmToggleProps) {
  const t = useT();
  return (
    <button
      type="button"
      aria-label={t('voting.motm.selectLabel', { name: playerName })}
      title={selected ? t('voting.motm.selectedTitle') : t('voting.motm.selectTitle')}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
        selected
          ? 'border-[#8a7a00] bg-gold text-foreground shadow-sm hover:bg-[#f3d70f]'
          : 'border-input bg-card text-foreground hover:border-foreground hover:bg-muted disabled:bg-muted disabled:text-muted-foreground',
      )}
    >
      <Trophy className={cn('size-5', selected && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
