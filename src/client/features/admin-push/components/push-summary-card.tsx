import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { apiErrorMessage } from '@client/lib/api-client';
import { oneDecimal } from '@client/lib/i18n/figures';
import { i18n } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { formatInstant, formatNumber } from '@client/lib/intl-format';
import { PUSH_TOPICS, type PushEvent, type PushSendSummary, type PushTopic } from '@shared/push';
import { Send } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { usePushSummary } from '../api/get-push-summary';
import { deliveredPercent, durationParts } from '../utils/push-figures';

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-md bg-muted/60 px-3 py-2">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-lg font-bold tabular-nums">{children}</dd>
    </div>
  );
}

function useEventName() {
  const t = useT();
  return {
    live: t('admin.push.eventLive'),
    half_time: t('admin.push.eventHalfTime'),
    ended: t('admin.push.eventEnded'),
  } satisfies Record<PushEvent, string>;
}

function useTopicName() {
  const t = useT();
  return {
    votingOpens: t('admin.push.topic.votingOpens'),
    halfTime: t('admin.push.topic.halfTime'),
    results: t('admin.push.topic.results'),
  } satisfies Record<PushTopic, string>;
}

function TimeTaken({ send }: { send: PushSendSummary }) {
  const t = useT();
  if (send.durationMs === null) return <>{t('admin.push.stillSending')}</>;
  const { minutes, seconds } = durationParts(send.durationMs);
  return (
    <>
      {minutes === 0
        ? t('admin.push.seconds', { seconds: oneDecimal(seconds) })
        : t('admin.push.minutes', { minutes: formatNumber(minutes), seconds: formatNumber(seconds) })}
    </>
  );
}

function LastSend({ send }: { send: PushSendSummary }) {
  const t = useT();
  const events = useEventName();
  const percent = deliveredPercent(send.sent, send.total);
  const delivered = t('admin.push.delivered', {
    percent: i18n.number(percent / 100, { style: 'percent' }),
    sent: formatNumber(send.sent),
    total: formatNumber(send.total),
  });
  const at = formatInstant(send.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">
          {t('admin.push.sendOf', { event: events[send.event], match: send.matchTitle })}
        </p>
        {at ? (
          <p className="text-sm text-muted-foreground">
            <time dateTime={send.createdAt}>{t('admin.push.startedAt', { time: at })}</time>
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Progress value={percent} max={100} aria-label={delivered} />
        <p className="text-sm text-muted-foreground">{delivered}</p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure term={t('admin.push.sent')}>{formatNumber(send.sent)}</Figure>
        <Figure term={t('admin.push.failed')}>{formatNumber(send.failed)}</Figure>
        <Figure term={t('admin.push.removed')}>{formatNumber(send.removed)}</Figure>
        <Figure term={t('admin.push.pending')}>{formatNumber(send.pending)}</Figure>
        <Figure term={t('admin.push.timeTaken')}>
          <TimeTaken send={send} />
        </Figure>
      </dl>
      <p className="text-xs text-muted-foreground">{t('admin.push.removedNote')}</p>
    </div>
  );
}

/**
 * "Match notifications", on the Match Control tab beside the buttons that send them: how many fans (and
 * their devices) are subscribed, per topic, and how the latest send went (sent, failed, removed,
 * pending, time taken). Read again every 10 s while on screen.
 */
export function PushSummaryCard() {
  const t = useT();
  const headingId = useId();
  const topicNames = useTopicName();
  const summary = usePushSummary();
  const data = summary.data;

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <Send className="size-5 text-primary-text" aria-hidden="true" />
            {t('admin.push.title')}
          </CardTitle>
          <CardDescription>{t('admin.push.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 p-4 sm:p-6 md:grid-cols-2 md:gap-8">
          {summary.isError && !data ? (
            <Alert title={t('admin.push.loadFailed')} className="md:col-span-2">
              <p>{apiErrorMessage(summary.error, t('admin.push.loadFailed'))}</p>
              <Button variant="link" onClick={() => void summary.refetch()}>
                {t('admin.push.tryAgain')}
              </Button>
            </Alert>
          ) : !data ? (
            <div className="flex flex-col gap-3 md:col-span-2" aria-hidden="true">
              <Skeleton className="h-9 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            <>
              <div className="flex min-w-0 flex-col gap-4">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="text-3xl font-extrabold tracking-tight tabular-nums">
                    {t('admin.push.fans', { count: data.subscribers })}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {t('admin.push.devices', { count: data.devices })}
                  </span>
                </p>
                <div className="flex flex-col gap-1">
                  <h3 className="text-sm font-semibold">{t('admin.push.byTopic')}</h3>
                  <dl className="text-sm">
                    {PUSH_TOPICS.map((topic) => (
                      <div
                        key={topic}
                        className="flex justify-between gap-4 border-b border-border py-2 last:border-0"
                      >
                        <dt className="text-muted-foreground">{topicNames[topic]}</dt>
                        <dd className="text-end font-medium tabular-nums">
                          {t('admin.push.devices', { count: data.byTopic[topic] })}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="text-sm font-semibold">{t('admin.push.lastSend')}</h3>
                {data.lastSend ? (
                  <LastSend send={data.lastSend} />
                ) : (
                  <p className="text-sm text-muted-foreground">{t('admin.push.noSend')}</p>
                )}
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
