import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { useT } from '@client/lib/i18n/use-t';
import { formatInstant, formatNumber } from '@client/lib/intl-format';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FeedSettings, type FeedStatus, feedSettings } from '@shared/feed';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useFeedStatus, useSaveFeedSettings, useSyncFeed } from '../api/feed';
import { SettingsCard } from './settings-card';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The settings, in the order the form asks them, with their labels in the catalogue. */
const FIELDS = [
  ['teamId', 'admin.feed.field.teamId'],
  ['dailyBudget', 'admin.feed.field.dailyBudget'],
  ['votingWindowMinutes', 'admin.feed.field.votingWindowMinutes'],
] as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md bg-muted/60 px-3 py-2">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** What the feed did last and will do next: the admin's answer to "is it running?" on match day. */
function FeedFacts({ status }: { status: FeedStatus }) {
  const t = useT();
  const never = t('admin.feed.never');
  const left =
    status.providerRemaining === null
      ? t('admin.feed.requests', {
          spent: formatNumber(status.requestsToday),
          budget: formatNumber(status.settings.dailyBudget),
        })
      : t('admin.feed.requestsWithProvider', {
          spent: formatNumber(status.requestsToday),
          budget: formatNumber(status.settings.dailyBudget),
          remaining: formatNumber(status.providerRemaining),
        });
  return (
    <div className="flex flex-col gap-3" data-testid="feed-facts">
      <dl className="grid gap-2 sm:grid-cols-2">
        <Fact label={t('admin.feed.state')}>
          {status.running ? t('admin.feed.running') : t('admin.feed.stopped')}
        </Fact>
        <Fact label={t('admin.feed.requestsToday')}>{left}</Fact>
        <Fact label={t('admin.feed.lastSync')}>{formatInstant(status.lastSyncAt, WHEN) ?? never}</Fact>
        <Fact label={t('admin.feed.nextPoll')}>
          {status.running ? (formatInstant(status.nextPollAt, WHEN) ?? never) : '–'}
        </Fact>
        <Fact label={t('admin.feed.fixturesSynced')}>
          {formatInstant(status.fixturesSyncedAt, WHEN) ?? never}
        </Fact>
        <Fact label={t('admin.feed.squadSynced')}>{formatInstant(status.squadSyncedAt, WHEN) ?? never}</Fact>
      </dl>
      {status.lastError ? (
        <Alert title={t('admin.feed.lastError', { when: formatInstant(status.lastErrorAt, WHEN) ?? '' })}>
          <span className="break-words font-mono text-xs">{status.lastError}</span>
        </Alert>
      ) : null}
    </div>
  );
}

function FeedForm({ status, notify }: { status: FeedStatus; notify: boolean }) {
  const t = useT();
  const save = useSaveFeedSettings();
  const sync = useSyncFeed();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<FeedSettings>({ resolver: zodResolver(feedSettings), defaultValues: status.settings });
  useEffect(() => reset(status.settings), [status.settings, reset]);

  const onSubmit = handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: () => successToast(notify, t('admin.feed.saved')),
      onError: (failure) => failureToast(t('admin.feed.saveFailed'), failure),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map(([name, label]) => {
          const id = `feed-${name}`;
          const message = errors[name]?.message;
          return (
            <FormField key={name} id={id} label={t(label)} error={message}>
              <Input
                type="number"
                inputMode="numeric"
                {...fieldAria(id, message)}
                {...register(name, {
                  // An empty team id is none: the feed then does nothing.
                  setValueAs: (value: string) =>
                    name === 'teamId' && String(value).trim() === '' ? null : Number(value),
                })}
              />
            </FormField>
          );
        })}
      </div>
      <FeedFacts status={status} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? <p className="text-sm text-muted-foreground">{t('admin.unsavedChanges')}</p> : null}
        <Button
          type="button"
          variant="outline"
          disabled={sync.isPending || !status.running}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: () => successToast(notify, t('admin.feed.synced')),
              onError: (failure) => failureToast(t('admin.feed.syncFailed'), failure),
            })
          }
        >
          {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t('admin.feed.syncNow')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('admin.feed.save')}
        </Button>
      </div>
    </form>
  );
}

/** Settings: the football-data feed that runs the club's fixtures, lineups and match days. */
export function FeedCard({ notify }: { notify: boolean }) {
  const t = useT();
  return (
    <SettingsCard
      title={t('admin.feed.title')}
      description={t('admin.feed.description')}
      query={useFeedStatus()}
      loadFailed={t('admin.feed.loadFailed')}
    >
      {(status) => (
        <>
          {status.configured ? null : (
            <Alert title={t('admin.feed.notConfigured')}>{t('admin.feed.notConfiguredBody')}</Alert>
          )}
          <FeedForm status={status} notify={notify} />
        </>
      )}
    </SettingsCard>
  );
}
