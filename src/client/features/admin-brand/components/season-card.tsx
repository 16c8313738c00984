import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { apiErrorMessage } from '@client/lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MONTH_NAMES,
  type SeasonSettings,
  type SeasonSettingsBody,
  seasonSettingsBody,
  seasonSpan,
} from '@shared/seasons-admin';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminSeasonSettings, useSaveSeasonSettings } from '../api/season-settings';
import { failureToast, successToast } from './notices';

const FIELD_ID = 'season-start-month';
type Body = z.output<typeof seasonSettingsBody>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function SeasonForm({ saved, notify }: { saved: SeasonSettings; notify: boolean }) {
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
  const hint = `${seasonSpan(month)} Changing this regroups every past match into its season.`;

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
          'Season saved',
          `${seasonSpan(startMonth)} ${
            matches === 0
              ? 'No past match to regroup yet.'
              : `${plural(matches, 'past match', 'past matches')} now in ${plural(seasons, 'season', 'seasons')}.`
          }`,
        ),
      onError: (failure) => failureToast('Failed to save the season. Please try again.', failure),
    });
  };

  return (
    <>
      <form noValidate onSubmit={handleSubmit(setPending)} className="flex flex-col gap-5">
        <FormField id={FIELD_ID} label="Season starts in" error={error} hint={hint} className="sm:max-w-xs">
          <Controller
            control={control}
            name="startMonth"
            render={({ field }) => (
              <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldAria(FIELD_ID, error, hint)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MONTH_NAMES.map((name, index) => (
                    <SelectItem key={name} value={String(index + 1)}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          {isDirty ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save Season
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="Regroup every past match?"
        description={`${seasonSpan(month)} Every past match moves to its season under this rule, and the season tables and player pages change at once.`}
        confirmLabel="Save and Regroup"
        destructive={false}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}

/** Settings: the month the club's seasons start in, which groups every past match into its season. */
export function SeasonCard({ notify }: { notify: boolean }) {
  const saved = useAdminSeasonSettings();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Season</CardTitle>
        <CardDescription>
          When the club&apos;s season starts. Past matches, season tables and player pages are grouped by it.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : saved.isError ? (
          <Alert title="Failed to load the season setting">
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <SeasonForm saved={saved.data} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
