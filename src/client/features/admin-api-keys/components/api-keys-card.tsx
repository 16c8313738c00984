import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { formatInstant, formatNumber } from '@client/lib/intl-format';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_RATE,
  type ApiKeySummary,
  type CreateApiKeyBody,
  type CreatedApiKey,
  createApiKeyBody,
} from '@shared/api-keys';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

/** Where partners read how to call the API (served by the server, outside the page). */
const REFERENCE_URL = '/api/docs';
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function CreateKeyForm({
  notify,
  keyless,
  onCreated,
}: {
  notify: boolean;
  /** The limit without a key, as the server applies it; undefined until the list has loaded. */
  keyless: number | undefined;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const t = useT();
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateApiKeyBody, unknown, z.output<typeof createApiKeyBody>>({
    resolver: zodResolver(createApiKeyBody),
    defaultValues: { name: '', ratePerMinute: API_KEY_RATE.default },
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        reset({ name: '', ratePerMinute: API_KEY_RATE.default });
        onCreated(created);
        successToast(notify, t('admin.apiKeys.created'));
      },
      onError: (error) => failureToast(t('admin.apiKeys.createFailed'), error),
    }),
  );

  const nameError = errors.name?.message;
  const rateError = errors.ratePerMinute?.message;
  const rateHint = [
    t('admin.apiKeys.rateRange'),
    keyless === undefined ? '' : t('admin.apiKeys.keylessRate', { keyless: formatNumber(keyless) }),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField id="api-key-name" label={t('admin.apiKeys.name')} error={nameError}>
          <Input
            autoComplete="off"
            maxLength={60}
            placeholder={t('admin.apiKeys.namePlaceholder')}
            {...fieldAria('api-key-name', nameError)}
            {...register('name')}
          />
        </FormField>
        <FormField id="api-key-rate" label={t('admin.apiKeys.rate')} error={rateError} hint={rateHint}>
          <Input
            type="number"
            inputMode="numeric"
            min={API_KEY_RATE.min}
            max={API_KEY_RATE.max}
            {...fieldAria('api-key-rate', rateError, rateHint)}
            {...register('ratePerMinute', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {t('admin.apiKeys.create')}
        </Button>
      </div>
    </form>
  );
}

/** The new key in full, this once: it lives only in this panel's state, and Done forgets it. */
function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.apiKey);
      setCopied('yes');
    } catch {
      // No clipboard access (insecure origin, denied permission): select it for a manual copy.
      inputRef.current?.select();
      setCopied('failed');
    }
  }

  return (
    <section
      aria-labelledby="new-api-key-title"
      className="flex flex-col gap-3 rounded-md border border-success/40 bg-success-soft p-3.5"
    >
      <h3 id="new-api-key-title" className="font-semibold text-success">
        {t('admin.apiKeys.newKeyTitle', { name: created.key.name })}
      </h3>
      <p className="text-sm font-medium text-foreground">{t('admin.apiKeys.newKeyWarning')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          readOnly
          dir="ltr"
          aria-label={t('admin.apiKeys.newKeyLabel')}
          value={created.apiKey}
          onFocus={(event) => event.currentTarget.select()}
          className="bg-card font-mono text-xs sm:text-sm"
        />
        <Button variant="secondary" onClick={copy} aria-describedby="api-key-copy-status">
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? t('admin.apiKeys.copied') : t('admin.apiKeys.copy')}
        </Button>
      </div>
      <p id="api-key-copy-status" role="status" className="min-h-5 text-sm text-muted-foreground">
        {copied === 'yes'
          ? t('admin.apiKeys.copiedStatus')
          : copied === 'failed'
            ? t('admin.apiKeys.copyBlocked')
            : ''}
      </p>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onDone} className="w-full sm:w-auto">
          {t('admin.apiKeys.done')}
        </Button>
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function KeyItem({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: (key: ApiKeySummary) => void }) {
  const t = useT();
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3.5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold break-words">{apiKey.name}</span>
          {/* A key reads left to right in every language. */}
          <code dir="ltr" className="self-start text-xs text-muted-foreground">
            {apiKey.prefix}…
          </code>
        </div>
        <Badge variant={revoked ? 'muted' : 'success'}>
          {revoked ? t('admin.apiKeys.revoked') : t('admin.apiKeys.active')}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Figure
          label={t('admin.apiKeys.rate')}
          value={t('admin.apiKeys.perMinute', { rate: formatNumber(apiKey.ratePerMinute) })}
        />
        <Figure label={t('admin.apiKeys.today')} value={formatNumber(apiKey.requestsToday)} />
        <Figure label={t('admin.apiKeys.last7Days')} value={formatNumber(apiKey.requestsLast7Days)} />
        <Figure
          label={t('admin.apiKeys.lastUsed')}
          value={formatInstant(apiKey.lastUsedAt, WHEN) ?? t('admin.apiKeys.never')}
        />
      </dl>
      <div className="flex flex-col gap-2 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <span>
          {revoked
            ? t('admin.apiKeys.revokedOn', { when: formatInstant(apiKey.revokedAt, WHEN) ?? '' })
            : t('admin.apiKeys.createdOn', { when: formatInstant(apiKey.createdAt, WHEN) ?? '' })}
        </span>
        {revoked ? null : (
          <Button
            variant="outline"
            size="sm"
            className="w-full text-destructive sm:w-auto"
            onClick={() => onRevoke(apiKey)}
          >
            {t('admin.apiKeys.revoke')}
          </Button>
        )}
      </div>
    </li>
  );
}

function KeyList({ keys, notify }: { keys: ApiKeySummary[]; notify: boolean }) {
  const t = useT();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKeySummary | null>(null);
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">{t('admin.apiKeys.empty')}</p>;
  return (
    <>
      <ul aria-label={t('admin.apiKeys.listLabel')} className="flex flex-col gap-3">
        {keys.map((key) => (
          <KeyItem key={key.id} apiKey={key} onRevoke={setConfirming} />
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={t('admin.apiKeys.revokeTitle')}
        description={t('admin.apiKeys.revokeBody', { name: confirming?.name ?? '' })}
        confirmLabel={t('admin.apiKeys.revoke')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const key = confirming;
          setConfirming(null);
          if (!key) return;
          revoke.mutate(key.id, {
            onSuccess: () => successToast(notify, t('admin.apiKeys.revokedToast', { name: key.name })),
            onError: (error) => failureToast(t('admin.apiKeys.revokeFailed'), error),
          });
        }}
      />
    </>
  );
}

/** Widgets & API: the media partners' keys to the public API, issued, watched and revoked here. */
export function ApiKeysCard({ notify }: { notify: boolean }) {
  const t = useT();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.apiKeys.title')}</CardTitle>
        <CardDescription>
          {t('admin.apiKeys.description')}{' '}
          <a href={REFERENCE_URL} target="_blank" rel="noopener" className="font-medium underline">
            {t('admin.apiKeys.reference')}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-6">
        <CreateKeyForm notify={notify} keyless={keys.data?.keylessPerMinute} onCreated={setCreated} />
        {created ? <NewKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
        {keys.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : keys.isError ? (
          <Alert title={t('admin.apiKeys.loadFailed')}>
            {apiErrorMessage(keys.error, keys.error.message)}
          </Alert>
        ) : (
          <KeyList keys={keys.data.keys} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
