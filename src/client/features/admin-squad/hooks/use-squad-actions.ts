import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { SUBSTITUTES_MAX } from '@shared/domain';
import { type Player, SQUAD_MESSAGES } from '@shared/players';
import { useMemo, useState } from 'react';
import { useSaveSquad, useSetAvailable } from '../api/squad-api';
import {
  addSubstitutesRequests,
  fitsSubstituteLimit,
  isAddedSubstitute,
  publishRequests,
  removeFromRatingIds,
  type Selection,
  toggleStarter,
  toggleSubstitute,
} from '../utils/squad-selection';

function tooManySubstitutes(added: number) {
  toast({
    variant: 'destructive',
    title: 'Too Many Substitutes',
    description: `${SQUAD_MESSAGES.tooManySubstitutes}: ${added} already added, so ${Math.max(0, SUBSTITUTES_MAX - added)} more at most.`,
  });
}

interface SquadActionsOptions {
  players: Player[];
  selection: Selection;
  setSelection: (next: Selection) => void;
  notificationsEnabled: boolean;
}

/** Every squad decision with its limits and toasts. */
export function useSquadActions({
  players,
  selection,
  setSelection,
  notificationsEnabled,
}: SquadActionsOptions) {
  const save = useSaveSquad();
  const setAvailable = useSetAvailable();
  const [newSubs, setNewSubs] = useState<number[]>([]);
  const byId = useMemo(() => new Map(players.map((p) => [p.id, p])), [players]);
  const addedCount = players.filter(isAddedSubstitute).length;
  const notify = (title: string, description: string) => {
    if (notificationsEnabled) toast({ variant: 'success', title, description });
  };
  const squadFailed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: 'Failed to update squad',
      description: apiErrorMessage(error, 'Please try again.'),
    });

  const changeStarter = (player: Player, checked: boolean) => {
    const result = toggleStarter(selection, player, checked, byId);
    if (!result.ok) {
      toast(
        result.reason === 'manager-limit'
          ? {
              variant: 'destructive',
              title: 'Manager Already Selected',
              description: SQUAD_MESSAGES.tooManyManagers,
            }
          : {
              variant: 'destructive',
              title: 'Player Limit Reached',
              description: SQUAD_MESSAGES.tooManyStarters,
            },
      );
      return;
    }
    setSelection(result.selection);
    if (checked) setNewSubs((ids) => ids.filter((id) => id !== player.id));
  };

  const changeSubstitute = (player: Player, checked: boolean) => {
    setSelection(toggleSubstitute(selection, player.id, checked));
    if (!checked) setNewSubs((ids) => ids.filter((id) => id !== player.id));
  };

  const tickSubstitute = (player: Player, checked: boolean) => {
    if (!checked) {
      setNewSubs((ids) => ids.filter((id) => id !== player.id));
      return;
    }
    if (!fitsSubstituteLimit(addedCount, newSubs.length + 1)) {
      tooManySubstitutes(addedCount);
      return;
    }
    setNewSubs((ids) => (ids.includes(player.id) ? ids : [...ids, player.id]));
  };

  const addSubstitutes = () => {
    if (!fitsSubstituteLimit(addedCount, newSubs.length)) {
      tooManySubstitutes(addedCount);
      return;
    }
    const count = newSubs.length;
    save.mutate(addSubstitutesRequests(players, newSubs), {
      onSuccess: () => {
        setNewSubs([]);
        notify('Substitutes Added', `${count} substitute${count === 1 ? '' : 's'} added for rating.`);
      },
      onError: squadFailed,
    });
  };

  const removeFromRating = (player: Player) => {
    setAvailable.mutate(removeFromRatingIds(players, player.id), {
      onSuccess: () => notify('Removed from Rating', `${player.name} stays in the squad.`),
      onError: squadFailed,
    });
  };

  const publish = () => {
    const requests = publishRequests(selection, players, newSubs);
    const subsToRate = requests.playerIds.filter((id) => !requests.squad.startingXI.includes(id)).length;
    if (subsToRate > SUBSTITUTES_MAX) {
      tooManySubstitutes(addedCount);
      return;
    }
    save.mutate(requests, {
      onSuccess: () => {
        setNewSubs([]);
        notify('Squad Published', `${requests.playerIds.length} players are available for rating.`);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to update Starting XI',
          description: apiErrorMessage(error, 'Please try again.'),
        }),
    });
  };

  const clear = () => {
    setSelection({ squad: [], subs: [] });
    setNewSubs([]);
  };

  return {
    newSubs,
    busy: save.isPending || setAvailable.isPending,
    changeStarter,
    changeSubstitute,
    tickSubstitute,
    addSubstitutes,
    removeFromRating,
    publish,
    clear,
  };
}
