import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/utils';
import { SUBSTITUTES_MAX } from '@shared/domain';
import type { Player } from '@shared/players';
import { UserMinus, UserPlus } from 'lucide-react';
import { isAddedSubstitute } from '../utils/squad-selection';
import { CheckCell } from './check-cell';

interface SubstitutesPanelProps {
  /** The shortlisted substitutes and those already added for rating. */
  substitutes: Player[];
  newlySelected: number[];
  busy: boolean;
  onTick: (player: Player, checked: boolean) => void;
  onAdd: () => void;
  onRemove: (player: Player) => void;
}

/**
 * The substitutes flow of shortlisted, ticked, added for rating (highlighted),
 * then removable from rating while staying in the squad.
 */
export function SubstitutesPanel({
  substitutes,
  newlySelected,
  busy,
  onTick,
  onAdd,
  onRemove,
}: SubstitutesPanelProps) {
  const added = substitutes.filter(isAddedSubstitute).length;
  if (substitutes.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Tick Substitute next to a player to shortlist them here, then add up to {SUBSTITUTES_MAX} for rating.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        <span className="font-semibold text-foreground tabular-nums">
          {added}/{SUBSTITUTES_MAX}
        </span>{' '}
        added for rating. Tick shortlisted substitutes, then add them.
      </p>
      <ul className="flex flex-col gap-2" aria-label="Shortlisted substitutes">
        {substitutes.map((player) => {
          const isAdded = isAddedSubstitute(player);
          return (
            <li
              key={player.id}
              className={cn(
                'flex min-h-14 items-center gap-2 rounded-md border py-1 pr-2 pl-1',
                isAdded ? 'border-success/50 bg-success-soft' : 'border-border',
              )}
            >
              <CheckCell
                label={`Add for rating: ${player.name}`}
                checked={isAdded || newlySelected.includes(player.id)}
                disabled={busy || isAdded}
                onChange={(checked) => onTick(player, checked)}
              />
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
                  {isAdded ? <span className="font-semibold text-success"> · Added</span> : null}
                </span>
              </div>
              {isAdded ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => onRemove(player)}
                  aria-label={`Remove ${player.name} from rating`}
                >
                  <UserMinus aria-hidden="true" />
                  Remove
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Button
        onClick={onAdd}
        disabled={busy || newlySelected.length === 0}
        className="w-full sm:w-auto sm:self-start"
      >
        {busy ? <Spinner /> : <UserPlus aria-hidden="true" />}
        Add Selected for Rating{newlySelected.length ? ` (${newlySelected.length})` : ''}
      </Button>
    </div>
  );
}
