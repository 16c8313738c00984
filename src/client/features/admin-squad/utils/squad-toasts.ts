import type { ToastInput } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import { errorText } from '@client/lib/i18n/messages';
import type { AppError } from '@shared/errors';
import { SQUAD_ERRORS } from '@shared/players';
import type { SelectionRefusal } from './squad-selection';

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

/** A tick the limits refuse: 'Player Limit Reached', 'Manager Already Selected', 'Too Many Substitutes'. */
export function refusalToast(reason: SelectionRefusal): ToastInput {
  const refusal = REFUSALS[reason];
  return {
    variant: 'destructive',
    title: i18n._(refusal.title),
    description: errorText(refusal.description),
  };
}

/** 'Failed to update squad', with the server's reason when it gave one. */
export function publishFailedToast(error: unknown): ToastInput {
  return {
    variant: 'destructive',
    title: i18n._('admin-squad.publish.errorTitle'),
    description: apiErrorMessage(error, i18n._('admin-squad.publish.errorFallback')),
  };
}
