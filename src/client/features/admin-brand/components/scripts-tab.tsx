import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { type TrackingBody, type TrackingSettings, trackingBody } from '@shared/tracking';
import { ChartNoAxesCombined, Mail } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminTracking, useSaveTracking } from '../api/tracking';
import { apiKeyForSubmit } from '../utils/api-key';

interface ScriptsTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

function toForm(saved: TrackingSettings): TrackingBody {
  return {
    gtmContainerId: saved.gtmContainerId ?? '',
    ga4MeasurementId: saved.ga4MeasurementId ?? '',
    beehiivApiKey: saved.beehiivApiKey ?? '',
    beehiivPublicationId: saved.beehiivPublicationId ?? '',
  };
}

function SectionTitle({ icon: Icon, children }: { icon: typeof Mail; children: string }) {
  return (
    <h3 className="flex items-center gap-2 text-base font-bold">
      <Icon className="size-5 text-primary-text" aria-hidden="true" />
      {children}
    </h3>
  );
}

function TrackingForm({ saved, notify }: { saved: TrackingSettings; notify: boolean }) {
  const t = useT();
  const save = useSaveTracking();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TrackingBody, unknown, z.output<typeof trackingBody>>({
    resolver: zodResolver(trackingBody),
    defaultValues: toForm(saved),
  });
  useEffect(() => reset(toForm(saved)), [saved, reset]);

  const onSubmit = handleSubmit((values) => {
    // The key field starts with the masked key: unchanged means 'keep the stored key'.
    const beehiivApiKey = apiKeyForSubmit(values.beehiivApiKey, saved.beehiivApiKey);
    save.mutate(
      { ...values, beehiivApiKey },
      {
        onSuccess: () => successToast(notify, t('admin.scripts.saved'), t('admin.scripts.savedBody')),
        onError: (error) => failureToast(t('admin.scripts.saveFailed'), error),
      },
    );
  });

  const keyHint = saved.beehiivApiKeySet ? t('admin.scripts.keyHintSaved') : t('admin.scripts.keyHintNone');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8">
      <section aria-labelledby="tracking-tags-title" className="flex flex-col gap-4">
        <div id="tracking-tags-title">
          <SectionTitle icon={ChartNoAxesCombined}>{t('admin.scripts.tagsTitle')}</SectionTitle>
        </div>
        <p className="text-sm text-muted-foreground">{t('admin.scripts.tagsDescription')}</p>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField
            id="tracking-gtm"
            label={t('admin.scripts.gtm')}
            error={errors.gtmContainerId?.message}
            hint={t('admin.scripts.looksLike', { example: 'GTM-XXXXXXX' })}
          >
            <Input
              autoCapitalize="characters"
              spellCheck={false}
              {...fieldAria('tracking-gtm', errors.gtmContainerId?.message, true)}
              {...register('gtmContainerId')}
            />
          </FormField>
          <FormField
            id="tracking-ga4"
            label={t('admin.scripts.ga4')}
            error={errors.ga4MeasurementId?.message}
            hint={t('admin.scripts.looksLike', { example: 'G-XXXXXXXXXX' })}
          >
            <Input
              autoCapitalize="characters"
              spellCheck={false}
              {...fieldAria('tracking-ga4', errors.ga4MeasurementId?.message, true)}
              {...register('ga4MeasurementId')}
            />
          </FormField>
        </div>
      </section>

      <section aria-labelledby="newsletter-title" className="flex flex-col gap-4">
        <div id="newsletter-title" className="flex flex-wrap items-center gap-2">
          <SectionTitle icon={Mail}>{t('admin.scripts.newsletterTitle')}</SectionTitle>
          {saved.beehiivApiKeySet ? (
            <Badge variant="success">{t('admin.scripts.keySaved')}</Badge>
          ) : (
            <Badge variant="muted">{t('admin.scripts.noKey')}</Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t('admin.scripts.newsletterDescription')}</p>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField
            id="tracking-beehiiv-key"
            label={t('admin.scripts.beehiivKey')}
            error={errors.beehiivApiKey?.message}
            hint={keyHint}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              {...fieldAria('tracking-beehiiv-key', errors.beehiivApiKey?.message, true)}
              {...register('beehiivApiKey')}
            />
          </FormField>
          <FormField
            id="tracking-beehiiv-publication"
            label={t('admin.scripts.beehiivPublication')}
            error={errors.beehiivPublicationId?.message}
            hint={t('admin.scripts.looksLike', { example: 'pub_xxxxxxxx' })}
          >
            <Input
              spellCheck={false}
              {...fieldAria('tracking-beehiiv-publication', errors.beehiivPublicationId?.message, true)}
              {...register('beehiivPublicationId')}
            />
          </FormField>
        </div>
      </section>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('admin.scripts.save')}
        </Button>
      </div>
    </form>
  );
}

/** Scripts & Pixels: tracking ids and the newsletter integration. */
export function ScriptsTab({ notificationsEnabled = true }: ScriptsTabProps = {}) {
  const t = useT();
  const saved = useAdminTracking();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.scripts.title')}</CardTitle>
        <CardDescription>{t('admin.scripts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : saved.isError ? (
          <Alert title={t('admin.scripts.loadFailed')}>
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <TrackingForm saved={saved.data} notify={notificationsEnabled} />
        )}
      </CardContent>
    </Card>
  );
}
