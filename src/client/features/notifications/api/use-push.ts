import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import type { PushTopics } from '@shared/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getPushState,
  PushPermissionError,
  type PushState,
  PushUnavailableError,
  subscribePush,
  unsubscribePush,
} from './push-api';

/** This browser's notifications for the fan: the browser is asked, not the server (nothing to fetch). */
export const pushStateKey = (userId: string) => ['push-state', userId] as const;

export function usePushState(userId: string) {
  // Read again on every opening: the permission may have been changed in the browser's settings.
  return useQuery({ queryKey: pushStateKey(userId), queryFn: () => getPushState(userId), staleTime: 0 });
}

/** What went wrong turning notifications on or off, in the fan's words; null when the screen says it. */
export function pushErrorText(error: unknown): string | null {
  // A refused prompt is shown by the state (blocked) or was the fan's own "no" to the browser.
  if (error instanceof PushPermissionError) return null;
  if (error instanceof PushUnavailableError) return i18n._('account.push.unavailable');
  return apiErrorMessage(error, i18n._('account.push.failed'));
}

function reportError(error: unknown) {
  console.warn('Notifications could not be changed', error);
  const description = pushErrorText(error);
  if (description) toast({ variant: 'destructive', title: i18n._('account.push.failedTitle'), description });
}

export interface TurnOn {
  topics: PushTopics;
  /** The permission prompt's answer, asked for in the tap itself (askPermission). */
  permission: Promise<NotificationPermission>;
}

/** Turning notifications on (or changing the topics) and off; the state follows each. */
export function usePushChanges(userId: string) {
  const queryClient = useQueryClient();
  const key = pushStateKey(userId);
  const settle = (state: PushState) => queryClient.setQueryData(key, state);
  const reread = () => queryClient.invalidateQueries({ queryKey: key });

  const turnOn = useMutation({
    mutationFn: ({ topics, permission }: TurnOn) => subscribePush(userId, topics, permission),
    onSuccess: (topics) => settle({ support: 'granted', subscribed: true, topics }),
    onError: (error) => {
      reportError(error);
      return reread();
    },
  });

  const turnOff = useMutation({
    mutationFn: () => unsubscribePush(userId),
    onSuccess: () => reread(),
    onError: (error) => {
      reportError(error);
      return reread();
    },
  });

  return { turnOn, turnOff };
}
