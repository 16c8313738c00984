import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { errorText } from '@client/lib/i18n/messages';
import { useT } from '@client/lib/i18n/use-t';
import type { AppError } from '@shared/errors';
import { type Player, SQUAD_ERRORS } from '@shared/players';
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

// Titles are catalogue keys; descriptions are the contract's errors. Both are translated when the toast is raised.
const REFUSALS = {
  'starter-limit': {
    title: 'admin-squad.refusal.starterLimit.title',
    description: SQUAD_ERRORS.tooManyStarters,
  },
  'manager-limit': {
    title: 'admin-squad.refusal.managerLimit.title',
    description: SQUAD_ERRORS.tooManyManagers,
  },
  'substitute-limit': {
    title: 'admin-squad.refusal.substituteLimit.title',
    description: SQUAD_ERRORS.tooManySubstitutes,
  },
} as const satisfies Record<SelectionRefusal, { title: string; description: AppError }>;

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
    const refusal = REFUSALS[result.reason];
    toast({
      variant: 'destructive',
      title: t(refusal.title),
      description: errorText(refusal.description),
    });
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
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('admin-squad.publish.errorTitle'),
          description: apiErrorMessage(error, t('admin-squad.publish.errorFallback')),
        }),
    });
  };

  const clear = () => setSelection({ squad: [], subs: [] });

  return { check, busy: publishing.isPending, changeStarter, changeSubstitute, publish, clear };
}
