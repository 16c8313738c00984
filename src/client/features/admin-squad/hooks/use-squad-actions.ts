import { toast } from '@client/components/ui/use-toast';
import { useT } from '@client/lib/i18n/use-t';
import type { Player } from '@shared/players';
import { useMemo } from 'react';
import { usePublishSquad } from '../api/squad-api';
import {
  type PublishCheck,
  publishCheck,
  type Selection,
  toggleStarter,
  toggleSubstitute,
} from '../utils/squad-selection';
import { publishFailedToast, refusalToast } from '../utils/squad-toasts';

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
  const t = useT();
  const publishing = usePublishSquad();
  const byId = useMemo(() => new Map(players.map((p) => [p.id, p])), [players]);
  // `t` changes with the language, so the check's messages are made again in the new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t stands for the language being read.
  const check: PublishCheck = useMemo(() => publishCheck(selection, players), [selection, players, t]);

  const apply = (result: ReturnType<typeof toggleStarter>) => {
    if (result.ok) {
      setSelection(result.selection);
      return;
    }
    toast(refusalToast(result.reason));
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
            title: t('admin-squad.publish.successTitle'),
            description: t('admin-squad.publish.successDescription', { count: answer.players.length }),
          });
      },
      onError: (error) => toast(publishFailedToast(error)),
    });
  };

  const clear = () => setSelection({ squad: [], subs: [] });

  return { check, busy: publishing.isPending, changeStarter, changeSubstitute, publish, clear };
}
