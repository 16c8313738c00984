import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { SUBSTITUTES_MAX } from '@shared/domain';
import type { Player } from '@shared/players';
import { X } from 'lucide-react';
import { isAddedSubstitute } from '../utils/squad-selection';

interface SubstitutesPanelProps {
  /** The substitutes picked (ticked Substitute in the players table). */
  substitutes: Player[];
  busy: boolean;
  onRemove: (player: Player) => void;
}

/** The substitutes picked for rating: up to 5, published with the rest of the squad. */
export function SubstitutesPanel({ substitutes, busy, onRemove }: SubstitutesPanelProps) {
  if (substitutes.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Tick Substitute next to a player to pick them (up to {SUBSTITUTES_MAX}). Fans rate the substitutes you
        publish with the squad.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        <span className="font-semibold text-foreground tabular-nums">
          {substitutes.length}/{SUBSTITUTES_MAX}
        </span>{' '}
        picked. They are rated once you publish the squad.
      </p>
      <ul className="flex flex-col gap-2" aria-label="Substitutes picked">
        {substitutes.map((player) => {
          const published = isAddedSubstitute(player);
          return (
            <li
              key={player.id}
              className={cn(
                'flex min-h-14 items-center gap-2 rounded-md border py-1 pr-2 pl-3',
                published ? 'border-success/50 bg-success-soft' : 'border-border',
              )}
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold">
                  {player.jerseyNumber !== null ? (
                    <span className="mr-1.5 text-xs font-bold text-muted-foreground tabular-nums">
                      #{player.jerseyNumber}
                    </span>
                  ) : null}
                  {player.name}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {player.position}
                  {published ? <span className="font-semibold text-success"> · Published</span> : null}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => onRemove(player)}
                aria-label={`Untick ${player.name} as substitute`}
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
