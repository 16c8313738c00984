import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { toast } from '@client/components/ui/use-toast';
import { loadCatalog } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { DEFAULT_PUSH_TOPICS, PUSH_TOPICS, type PushTopics } from '@shared/push';
import { BellRing } from 'lucide-react';
import { use, useId, useState } from 'react';
import { answerOffer, askPermission } from '../api/push-api';
import { usePushChanges, usePushState } from '../api/use-push';
import { TopicChoices } from './topic-choices';

// The card's words are in the account catalogue: fetched with this chunk (not named by the first load),
// and waited for, so the card draws with them. Were it to fail, the words come when they can.
const catalog = loadCatalog('account').catch(() => undefined);

/**
 * The offer under the results once the fan has voted: "Notify me when voting opens", the topics, "Turn
 * on notifications" and "Not now". The browser's permission prompt opens only from that button. Gone for
 * good on this device once answered (on, "Not now", or blocked); never shown where the browser cannot
 * take notifications or this one already gets them.
 */
export function PushOffer({ userId }: { userId: string }) {
  use(catalog);
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const state = usePushState(userId);
  const { turnOn } = usePushChanges(userId);
  const [topics, setTopics] = useState<PushTopics>(DEFAULT_PUSH_TOPICS);
  const [closed, setClosed] = useState(false);
  // Blocked before this card came: never offered. Blocked at its prompt: the card says how to undo it.
  const [asked, setAsked] = useState(false);

  if (closed || !state.data) return null;
  const { support, subscribed } = state.data;
  const blocked = support === 'denied';
  if (support === 'unsupported' || subscribed || (blocked && !asked)) return null;
  const chosen = PUSH_TOPICS.some((topic) => topics[topic]);

  const close = () => {
    answerOffer(userId, 'dismissed');
    setClosed(true);
  };

  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <IconCircle className="shrink-0">
            <BellRing className="size-5" aria-hidden="true" />
          </IconCircle>
          <div className="flex min-w-0 flex-col gap-0.5">
            <h2 id={headingId} className="text-base font-bold tracking-tight sm:text-lg">
              {t('account.push.title')}
            </h2>
            <p className="text-sm text-muted-foreground">
              {blocked ? t('account.push.denied') : t('account.push.offerBody')}
            </p>
          </div>
        </div>
        {blocked ? (
          <Button variant="outline" className="self-start" onClick={close}>
            {t('account.push.gotIt')}
          </Button>
        ) : (
          <>
            <TopicChoices
              value={topics}
              disabled={turnOn.isPending}
              onChange={(topic, checked) => setTopics((now) => ({ ...now, [topic]: checked }))}
            />
            {chosen ? null : (
              <p id={hintId} role="status" className="text-sm font-medium text-destructive">
                {t('account.push.chooseOne')}
              </p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                disabled={!chosen || turnOn.isPending}
                aria-describedby={chosen ? undefined : hintId}
                onClick={() => {
                  setAsked(true);
                  // The prompt is asked for here, in the tap, before anything is awaited.
                  turnOn.mutate(
                    { topics, permission: askPermission() },
                    {
                      onSuccess: () =>
                        toast({
                          variant: 'success',
                          title: t('account.push.onTitle'),
                          description: t('account.push.onDescription'),
                        }),
                    },
                  );
                }}
              >
                {turnOn.isPending ? t('account.push.turningOn') : t('account.push.turnOn')}
              </Button>
              <Button variant="ghost" disabled={turnOn.isPending} onClick={close}>
                {t('account.push.notNow')}
              </Button>
            </div>
          </>
        )}
      </Card>
    </section>
  );
}
