import { Button } from '@client/components/ui/button';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiErrorMessage } from '@client/lib/api-client';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { TOURNAMENTS } from '@shared/domain';
import { Megaphone } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAnnounceMatch } from '../api/announce-match';
import { announcementText, localToday } from '../utils/announcement';
import { homeVenue, OTHER_CUSTOM, opponentOptions, venueOptions } from '../utils/clubs';
import { kickOffOptions } from '../utils/kick-off';
import {
  chosenOpponent,
  defaultMatchDetails,
  type MatchDetailsValues,
  matchDetailsSchema,
  toCreateMatchBody,
} from '../utils/match-details';
import { MatchDateField } from './match-date-field';

interface MatchDetailsFormProps {
  notificationsEnabled: boolean;
  /** After announcing: the preparation moves on to the squad. */
  onAnnounced: () => void;
}

/** '1. Match Details': opponent, venue, tournament, date and kick-off, then the announcement. */
export function MatchDetailsForm({ notificationsEnabled, onAnnounced }: MatchDetailsFormProps) {
  const t = useT();
  const id = useId();
  const company = useCompanyName();
  const today = localToday();
  const home = homeVenue(company);
  const opponents = useMemo(() => opponentOptions(company), [company]);
  const venues = useMemo(() => venueOptions(company), [company]);
  const schema = useMemo(() => matchDetailsSchema(today), [today]);
  const announce = useAnnounceMatch();
  // Made while drawing, not when the module loads, so the times follow the current language (cached formats).
  const kickOffChoices = kickOffOptions();

  const form = useForm<MatchDetailsValues>({
    resolver: zodResolver(schema),
    defaultValues: defaultMatchDetails(home, today),
  });
  const { control, register, handleSubmit, formState, reset } = form;
  const { errors } = formState;
  const [opponentChoice, customOpponent, venueChoice, dateText] = useWatch({
    control,
    name: ['opponentChoice', 'customOpponent', 'venueChoice', 'scheduledDate'],
  });
  const opponent = chosenOpponent({ opponentChoice, customOpponent });
  const preview = opponent ? announcementText(company, opponent) : null;

  const onSubmit = handleSubmit((values) => {
    const built = toCreateMatchBody(values, company);
    if (!built.ok) {
      toast({ variant: 'destructive', description: built.message });
      return;
    }
    const text = announcementText(company, chosenOpponent(values));
    announce.mutate(
      { body: built.body, text },
      {
        onSuccess: () => {
          if (notificationsEnabled)
            toast({ variant: 'success', title: t('admin-match.details.announced'), description: text });
          reset(defaultMatchDetails(home, localToday()));
          onAnnounced();
        },
        // A refused detail (400) shows the server's validation message; anything else the generic one.
        onError: (error) => {
          const failed = t('admin-match.details.announceFailed');
          toast({
            variant: 'destructive',
            description:
              error instanceof ApiError && error.status === 400 ? apiErrorMessage(error, failed) : failed,
          });
        },
      },
    );
  });

  const f = (name: string) => `${id}-${name}`;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-3">
          <FormField
            id={f('opponent')}
            label={t('admin-match.details.opponent')}
            error={errors.opponentChoice?.message}
          >
            <Controller
              control={control}
              name="opponentChoice"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id={f('opponent')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={Boolean(errors.opponentChoice)}
                    aria-describedby={
                      fieldAria(f('opponent'), errors.opponentChoice?.message)['aria-describedby']
                    }
                  >
                    <SelectValue placeholder={t('admin-match.details.selectOpponent')} />
                  </SelectTrigger>
                  <SelectContent>
                    {opponents.map((club) => (
                      <SelectItem key={club} value={club}>
                        {club}
                      </SelectItem>
                    ))}
                    <SelectItem value={OTHER_CUSTOM}>{t('admin-match.details.otherCustom')}</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          {opponentChoice === OTHER_CUSTOM ? (
            <FormField
              id={f('custom-opponent')}
              label={t('admin-match.details.opponentName')}
              error={errors.customOpponent?.message}
            >
              <Input
                id={f('custom-opponent')}
                autoComplete="off"
                aria-invalid={Boolean(errors.customOpponent)}
                aria-describedby={
                  fieldAria(f('custom-opponent'), errors.customOpponent?.message)['aria-describedby']
                }
                {...register('customOpponent')}
              />
            </FormField>
          ) : null}
        </div>

        <div className="flex flex-col gap-3">
          <FormField
            id={f('venue')}
            label={t('admin-match.details.venue')}
            error={errors.venueChoice?.message}
          >
            <Controller
              control={control}
              name="venueChoice"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id={f('venue')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={Boolean(errors.venueChoice)}
                    aria-describedby={fieldAria(f('venue'), errors.venueChoice?.message)['aria-describedby']}
                  >
                    <SelectValue placeholder={t('admin-match.details.selectVenue')} />
                  </SelectTrigger>
                  <SelectContent>
                    {venues.map((venue) => (
                      <SelectItem key={venue} value={venue}>
                        {venue === home ? t('admin-match.details.homeVenue', { venue }) : venue}
                      </SelectItem>
                    ))}
                    <SelectItem value={OTHER_CUSTOM}>{t('admin-match.details.otherCustom')}</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          {venueChoice === OTHER_CUSTOM ? (
            <FormField
              id={f('custom-venue')}
              label={t('admin-match.details.venueName')}
              error={errors.customVenue?.message}
            >
              <Input
                id={f('custom-venue')}
                autoComplete="off"
                aria-invalid={Boolean(errors.customVenue)}
                aria-describedby={
                  fieldAria(f('custom-venue'), errors.customVenue?.message)['aria-describedby']
                }
                {...register('customVenue')}
              />
            </FormField>
          ) : null}
        </div>

        <FormField
          id={f('tournament')}
          label={t('admin-match.details.tournament')}
          error={errors.tournament?.message}
        >
          <Controller
            control={control}
            name="tournament"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={f('tournament')} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TOURNAMENTS.map((tournament) => (
                    <SelectItem key={tournament} value={tournament}>
                      {tournament}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>

        <MatchDateField
          id={f('date')}
          text={dateText}
          error={errors.scheduledDate?.message}
          registration={register('scheduledDate')}
        />

        <FormField
          id={f('kick-off')}
          label={t('admin-match.details.kickOffTime')}
          error={errors.kickOffTime?.message}
        >
          <Controller
            control={control}
            name="kickOffTime"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id={f('kick-off')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-invalid={Boolean(errors.kickOffTime)}
                  aria-describedby={fieldAria(f('kick-off'), errors.kickOffTime?.message)['aria-describedby']}
                >
                  <SelectValue placeholder={t('admin-match.details.selectKickOff')} />
                </SelectTrigger>
                <SelectContent>
                  {kickOffChoices.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      </div>

      <section
        aria-labelledby={f('preview')}
        className="flex flex-col gap-2 rounded-md border border-border bg-muted/60 p-4"
      >
        <h3 id={f('preview')} className="text-sm font-semibold">
          {t('admin-match.details.announcement')}
        </h3>
        <p className="text-[0.9375rem]" aria-live="polite">
          {preview ?? (
            <span className="text-muted-foreground">{t('admin-match.details.announcementEmpty')}</span>
          )}
        </p>
      </section>

      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        disabled={announce.isPending}
      >
        {announce.isPending ? <Spinner /> : <Megaphone aria-hidden="true" />}
        {announce.isPending ? t('admin-match.details.announcing') : t('admin-match.details.announce')}
      </Button>
    </form>
  );
}
