import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { formatLocale } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { type SeasonSettings, type SeasonSettingsBody, seasonSettingsBody } from '@shared/seasons-admin';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminSeasonSettings, useSaveSeasonSettings } from '../api/season-settings';

const FIELD_ID = 'season-start-month';
type Body = z.output<typeof seasonSettingsBody>;

/** The twelve month names in the language being read, January first ('août' in French, 'أغسطس' in Arabic). */
function monthNames(): string[] {
  const format = new Intl.DateTimeFormat(formatLocale(), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 15))));
}

/** A month as a list item: capitalised ('Janvier'), as month names are lower case in running French text. */
function listed(name: string): string {
  return name.charAt(0).toLocaleUpperCase(formatLocale()) + name.slice(1);
}

function SeasonForm({ saved, notify }: { saved: SeasonSettings; notify: boolean }) {
  const t = useT();
  const months = monthNames();
  /** 'Seasons run from August to July.' for 8; a January start runs to December. */
  const seasonSpan = (startMonth: number) =>
    t('admin.season.span', {
      start: months[(startMonth - 1 + 12) % 12] ?? '',
      end: months[(startMonth - 2 + 12) % 12] ?? '',
    });
  const save = useSaveSeasonSettings();
  // The checked form waits here while the admin confirms the regrouping.
  const [pending, setPending] = useState<Body | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<SeasonSettingsBody, unknown, Body>({
    resolver: zodResolver(seasonSettingsBody),
    defaultValues: { startMonth: saved.startMonth },
  });
  const month = useWatch({ control, name: 'startMonth' });
  const error = errors.startMonth?.message;
  const hint = `${seasonSpan(month)} ${t('admin.season.hint')}`;

  // A save (or a refetch) brings the server's month back into the form.
  useEffect(() => reset({ startMonth: saved.startMonth }), [saved, reset]);

  const confirm = () => {
    if (!pending) return;
    const body = pending;
    setPending(null);
    save.mutate(body, {
      onSuccess: ({ startMonth, matches, seasons }) =>
        successToast(
          notify,
          t('admin.season.saved'),
          `${seasonSpan(startMonth)} ${
            matches === 0 ? t('admin.season.noMatches') : t('admin.season.regrouped', { matches, seasons })
          }`,
        ),
      onError: (failure) => failureToast(t('admin.season.saveFailed'), failure),
    });
  };

  return (
    <>
      <form noValidate onSubmit={handleSubmit(setPending)} className="flex flex-col gap-5">
        <FormField
          id={FIELD_ID}
          label={t('admin.season.startsIn')}
          error={error}
          hint={hint}
          className="sm:max-w-xs"
        >
          <Controller
            control={control}
            name="startMonth"
            render={({ field }) => (
              <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldAria(FIELD_ID, error, hint)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {months.map((name, index) => (
                    <SelectItem key={name} value={String(index + 1)}>
                      {listed(name)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          {isDirty ? <p className="text-sm text-muted-foreground">{t('admin.unsavedChanges')}</p> : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {t('admin.season.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={t('admin.season.confirmTitle')}
        description={`${seasonSpan(month)} ${t('admin.season.confirmDescription')}`}
        confirmLabel={t('admin.season.confirm')}
        destructive={false}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}

/** Settings: the month the club's seasons start in, which groups every past match into its season. */
export function SeasonCard({ notify }: { notify: boolean }) {
  const t = useT();
  const saved = useAdminSeasonSettings();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.season.title')}</CardTitle>
        <CardDescription>{t('admin.season.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : saved.isError ? (
          <Alert title={t('admin.season.loadFailed')}>
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <SeasonForm saved={saved.data} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
