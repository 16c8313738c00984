import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { formMessage } from '@client/lib/i18n/messages';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { positionChoices } from '../utils/admin-positions';
import type { PlayerFormValues } from '../utils/player-form';

interface PlayerFieldsProps {
  idPrefix: string;
  control: Control<PlayerFormValues>;
  register: UseFormRegister<PlayerFormValues>;
  errors: FieldErrors<PlayerFormValues>;
  /** The player's position today, kept in the list even when it is not an admin choice. */
  currentPosition?: string;
  jerseyHint: string;
}

/** A validation message in the reader's language (see formMessage). */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {formMessage(message)}
    </p>
  ) : null;
}

/** Name, position and jersey number: shared by Add Custom Player and Edit Player. */
export function PlayerFields({
  idPrefix,
  control,
  register,
  errors,
  currentPosition,
  jerseyHint,
}: PlayerFieldsProps) {
  const t = useT();
  const ids = {
    name: `${idPrefix}-name`,
    position: `${idPrefix}-position`,
    jersey: `${idPrefix}-jersey`,
  };
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.name}>{t('admin-squad.form.name')}</Label>
        <Input
          id={ids.name}
          autoComplete="off"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${ids.name}-error` : undefined}
          {...register('name')}
        />
        <FieldError id={`${ids.name}-error`} message={errors.name?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.position}>{t('admin-squad.position')}</Label>
        <Controller
          control={control}
          name="position"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                id={ids.position}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={Boolean(errors.position)}
                aria-describedby={errors.position ? `${ids.position}-error` : undefined}
              >
                <SelectValue placeholder={t('admin-squad.form.positionPlaceholder')} />
              </SelectTrigger>
              <SelectContent>
                {positionChoices(currentPosition).map((position) => (
                  <SelectItem key={position} value={position}>
                    {positionName(position)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id={`${ids.position}-error`} message={errors.position?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.jersey}>{t('admin-squad.form.jerseyNumber')}</Label>
        <Input
          id={ids.jersey}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          step={1}
          className="w-32"
          aria-invalid={Boolean(errors.jerseyNumber)}
          aria-describedby={`${ids.jersey}-hint${errors.jerseyNumber ? ` ${ids.jersey}-error` : ''}`}
          {...register('jerseyNumber')}
        />
        <p id={`${ids.jersey}-hint`} className="text-sm text-muted-foreground">
          {jerseyHint}
        </p>
        <FieldError id={`${ids.jersey}-error`} message={errors.jerseyNumber?.message} />
      </div>
    </>
  );
}
