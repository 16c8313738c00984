import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import { PUSH_TOPICS, type PushTopic, type PushTopics } from '@shared/push';
import { BellOff, BellRing } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { askPermission } from '../api/push-api';
import { usePushChanges, usePushState } from '../api/use-push';
import { TopicChoices } from './topic-choices';

type Notice = 'saved' | 'chooseOne' | null;

const sameTopics = (a: PushTopics, b: PushTopics) => PUSH_TOPICS.every((topic) => a[topic] === b[topic]);

function Section({ id, busy = false, children }: { id: string; busy?: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      className="flex flex-col gap-2 border-t border-border pt-4"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t('account.push.title')}
      </h3>
      {children}
    </section>
  );
}

/**
 * "Notify me when voting opens" in the account dialog: whether this device gets notifications, a button
 * to turn them on (the browser's prompt opens from it) or off, and what they are for. While on, a change
 * of topics is saved at once (quick taps are saved together, the latest last); while off, the topics are
 * those to turn on with. Where the browser cannot take them, or they are blocked, it says so, and how to
 * allow them.
 */
export function PushSettings({ userId }: { userId: string }) {
  const t = useT();
  const id = useId();
  const state = usePushState(userId);
  const { turnOn, turnOff } = usePushChanges(userId);
  /** Topics chosen while off: those to turn on with. */
  const [draft, setDraft] = useState<PushTopics | null>(null);
  /** Topics chosen while on and not saved yet. */
  const [wanted, setWanted] = useState<PushTopics | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const subscribed = state.data?.subscribed === true;
  const saved = state.data?.topics;
  const saving = turnOn.isPending;
  const { mutate } = turnOn;
  // One save at a time: the next starts once the one before has answered, with the latest choice.
  useEffect(() => {
    if (!wanted || saving || !saved) return;
    if (!subscribed) {
      setWanted(null);
      return;
    }
    if (sameTopics(wanted, saved)) {
      setWanted(null);
      // A refusal the fan met meanwhile (the last topic kept) stays on screen: it answers their last tap.
      setNotice((shown) => (shown === 'chooseOne' ? shown : 'saved'));
      return;
    }
    mutate({ topics: wanted, permission: askPermission() }, { onError: () => setWanted(null) });
  }, [wanted, saving, saved, subscribed, mutate]);

  if (!state.data) {
    return (
      <Section id={id} busy>
        <p role="status" className="sr-only">
          {t('account.push.loading')}
        </p>
        <Skeleton className="h-11 w-full" />
      </Section>
    );
  }
  const { support } = state.data;
  if (support === 'unsupported' || support === 'denied') {
    return (
      <Section id={id}>
        <p className="text-sm text-muted-foreground">
          {support === 'denied' ? t('account.push.denied') : t('account.push.unsupported')}
        </p>
      </Section>
    );
  }

  const switching = turnOff.isPending || (turnOn.isPending && !subscribed);
  const topics = subscribed ? (wanted ?? state.data.topics) : (draft ?? state.data.topics);

  const turn = () => {
    if (switching) return;
    setNotice(null);
    setWanted(null);
    if (subscribed) turnOff.mutate();
    else turnOn.mutate({ topics, permission: askPermission() });
  };

  const choose = (topic: PushTopic, checked: boolean) => {
    if (switching) return;
    const next = { ...topics, [topic]: checked };
    if (!PUSH_TOPICS.some((key) => next[key])) {
      setNotice('chooseOne');
      return;
    }
    setNotice(null);
    if (subscribed) setWanted(next);
    else setDraft(next);
  };

  return (
    <Section id={id} busy={switching || wanted !== null}>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('account.push.deviceHint')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p aria-live="polite" className="flex items-center gap-2 text-sm font-medium">
          {subscribed ? (
            <BellRing className="size-4 text-primary-text" aria-hidden="true" />
          ) : (
            <BellOff className="size-4 text-muted-foreground" aria-hidden="true" />
          )}
          {subscribed ? t('account.push.statusOn') : t('account.push.statusOff')}
        </p>
        <Button
          variant={subscribed ? 'outline' : 'default'}
          size="sm"
          aria-describedby={`${id}-hint`}
          aria-disabled={switching}
          onClick={turn}
        >
          {turnOff.isPending
            ? t('account.push.turningOff')
            : switching
              ? t('account.push.turningOn')
              : subscribed
                ? t('account.push.turnOff')
                : t('account.push.turnOn')}
        </Button>
      </div>
      <TopicChoices value={topics} onChange={choose} />
      <p aria-live="polite" className="text-sm empty:hidden">
        {notice === 'chooseOne' ? (
          <span className="font-medium text-destructive">{t('account.push.chooseOne')}</span>
        ) : notice === 'saved' && wanted === null ? (
          <span className="text-muted-foreground">{t('account.push.saved')}</span>
        ) : null}
      </p>
    </Section>
  );
}
