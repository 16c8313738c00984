import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { type Player, SQUAD_MESSAGES } from '@shared/players';
import { useMemo } from 'react';
import { usePublishSquad } from '../api/squad-api';
import {
  type PublishCheck,
  publishCheck,
  type Selection,
  type SelectionRefusal,
  toggleStarter,
  toggleSubstitute,
} from '../utils/squad-selection';

const REFUSALS: Record<SelectionRefusal, { title: string; description: string }> = {
  'starter-limit': { title: 'Player Limit Reached', description: SQUAD_MESSAGES.tooManyStarters },
  'manager-limit': { title: 'Manager Already Selected', description: SQUAD_MESSAGES.tooManyManagers },
  'substitute-limit': { title: 'Too Many Substitutes', description: SQUAD_MESSAGES.tooManySubstitutes },
};

interface SquadActionsOptions {
  players: Player[];
  selection: Selection;
  setSelection: (next: Selection) => void;
  notificationsEnabled: boolean;
}

/**
 * The squad decisions with their limits: ticking starters, substitutes and the manager only changes
 * the selection; 'Publish Squad' then saves it and makes exactly those players available for rating.
 */
export function useSquadActions({
  players,
  selection,
  setSelection,
  notificationsEnabled,
}: SquadActionsOptions) {
  const publishing = usePublishSquad();
  const byId = useMemo(() => new Map(players.map((p) => [p.id, p])), [players]);
  const check: PublishCheck = useMemo(() => publishCheck(selection, players), [selection, players]);

  const apply = (result: ReturnType<typeof toggleStarter>) => {
    if (result.ok) setSelection(result.selection);
    else toast({ variant: 'destructive', ...REFUSALS[result.reason] });
  };

  const changeStarter = (player: Player, checked: boolean) =>
    apply(toggleStarter(selection, player, checked, byId));

  const changeSubstitute = (player: Player, checked: boolean) =>
    apply(toggleSubstitute(selection, player.id, checked, byId));

  const publish = () => {
    if (check.errors.length) return;
    publishing.mutate(check.body, {
      onSuccess: (answer) => {
        if (notificationsEnabled)
          toast({
            variant: 'success',
            title: 'Squad Published',
            description: `${answer.players.length} players are available for rating.`,
          });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Squad Not Published',
          description: apiErrorMessage(error, 'Please try again.'),
        }),
    });
  };

  const clear = () => setSelection({ squad: [], subs: [] });

  return { check, busy: publishing.isPending, changeStarter, changeSubstitute, publish, clear };
}
