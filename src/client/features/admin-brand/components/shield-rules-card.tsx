import { Button } from '@client/components/ui/button';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { useT } from '@client/lib/i18n/use-t';
import { SIGNAL_LABEL } from '@client/lib/shield-labels';
import { zodResolver } from '@hookform/resolvers/zod';
import { SHIELD_SIGNALS, type ShieldRules, SIGNAL_POINTS, shieldRules } from '@shared/shield';
import { useEffect, useId } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useSaveShieldRules, useShieldRules } from '../api/shield-rules';
import { SettingsCard } from './settings-card';

/** The thresholds, in the order the form asks them, with their labels in the catalogue. */
const FIELDS = [
  ['newAccountHours', 'admin.shield.field.newAccountHours'],
  ['networkCrowd', 'admin.shield.field.networkCrowd'],
  ['networkWindowMinutes', 'admin.shield.field.networkWindowMinutes'],
  ['tenthsPerRating', 'admin.shield.field.tenthsPerRating'],
  ['extremeGap', 'admin.shield.field.extremeGap'],
  ['holdAt', 'admin.shield.field.holdAt'],
  ['excludeAt', 'admin.shield.field.excludeAt'],
] as const;

/** The ground's place and its thresholds; the place in decimal degrees. */
const GROUND_FIELDS = [
  ['latitude', 'admin.shield.ground.latitude', 'decimal'],
  ['longitude', 'admin.shield.ground.longitude', 'decimal'],
  ['radiusMetres', 'admin.shield.ground.radiusMetres', 'numeric'],
  ['minFans', 'admin.shield.ground.minFans', 'numeric'],
] as const;

/** A rule switched on or off, its label beside it. */
function SwitchRow({
  control,
  name,
  label,
}: {
  control: Control<ShieldRules>;
  name: 'enabled' | 'ground.enabled';
  label: string;
}) {
  const id = `shield-${name.replace('.', '-')}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex min-h-11 items-center gap-3">
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} ref={field.ref} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}

function RulesForm({ saved, notify }: { saved: ShieldRules; notify: boolean }) {
  const t = useT();
  const groundHeadingId = useId();
  const save = useSaveShieldRules();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ShieldRules>({ resolver: zodResolver(shieldRules), defaultValues: saved });
  // A save (or a refetch) brings the server's rules back into the form.
  useEffect(() => reset(saved), [saved, reset]);

  const onSubmit = handleSubmit((rules) =>
    save.mutate(rules, {
      onSuccess: () => successToast(notify, t('admin.shield.saved')),
      onError: (failure) => failureToast(t('admin.shield.saveFailed'), failure),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <SwitchRow control={control} name="enabled" label={t('admin.shield.enabled')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(([name, label]) => {
          const id = `shield-${name}`;
          const message = errors[name]?.message;
          return (
            <FormField key={name} id={id} label={t(label)} error={message}>
              <Input
                type="number"
                inputMode="numeric"
                {...fieldAria(id, message)}
                {...register(name, { valueAsNumber: true })}
              />
            </FormField>
          );
        })}
      </div>
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">
        <p>{t('admin.shield.points')}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {SHIELD_SIGNALS.map((signal) => (
            <li key={signal}>
              {t(SIGNAL_LABEL[signal])}{' '}
              <span className="font-semibold tabular-nums text-foreground">{SIGNAL_POINTS[signal]}</span>
            </li>
          ))}
        </ul>
      </div>
      <section aria-labelledby={groundHeadingId} className="flex flex-col gap-4 border-t border-border pt-5">
        <div className="flex flex-col gap-1">
          <h3 id={groundHeadingId} className="font-semibold">
            {t('admin.shield.ground.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('admin.shield.ground.description')}</p>
        </div>
        <SwitchRow control={control} name="ground.enabled" label={t('admin.shield.ground.enabled')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {GROUND_FIELDS.map(([name, label, inputMode]) => {
            const id = `shield-ground-${name}`;
            const message = errors.ground?.[name]?.message;
            return (
              <FormField key={name} id={id} label={t(label)} error={message}>
                <Input
                  type="number"
                  step={inputMode === 'decimal' ? 'any' : 1}
                  inputMode={inputMode}
                  {...fieldAria(id, message)}
                  {...register(`ground.${name}`, { valueAsNumber: true })}
                />
              </FormField>
            );
          })}
        </div>
      </section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? <p className="text-sm text-muted-foreground">{t('admin.unsavedChanges')}</p> : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('admin.shield.save')}
        </Button>
      </div>
    </form>
  );
}

/** Settings: the shield's rules against brigading, as thresholds the admin reads and tunes. */
export function ShieldRulesCard({ notify }: { notify: boolean }) {
  const t = useT();
  return (
    <SettingsCard
      title={t('admin.shield.title')}
      description={t('admin.shield.description')}
      query={useShieldRules()}
      loadFailed={t('admin.shield.loadFailed')}
    >
      {(saved) => <RulesForm saved={saved} notify={notify} />}
    </SettingsCard>
  );
}
