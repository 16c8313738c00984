import { formatDayForEntry, numericDatePattern, parseDayEntry, userLocale } from '@client/lib/intl-format';
import { DEFAULT_KICK_OFF, DEFAULT_TOURNAMENT, TOURNAMENTS } from '@shared/domain';
import { type CreateMatchBody, createMatchBody, MATCH_MESSAGES } from '@shared/matches';
import { z } from 'zod';
import { OTHER_CUSTOM } from './clubs';

/** The date field's message when the typed text is not a day: it says the order to type it in. */
export function dateEntryMessage(locale: string | undefined = userLocale()): string {
  return `Enter the match date as ${numericDatePattern(locale).placeholder}`;
}

/**
 * The '1. Match Details' form; what it sends is checked again against the shared contract. The date
 * is typed in the admin's own order (DD/MM/YYYY, MM/DD/YYYY...), which a native date input would not
 * follow: it shows the browser's UI language's order instead.
 */
export function matchDetailsSchema(today: string, locale: string | undefined = userLocale()) {
  return z
    .object({
      opponentChoice: z.string().min(1, 'Opponent is required'),
      customOpponent: z.string().max(120, 'Opponent is too long'),
      venueChoice: z.string().min(1, 'Venue is required'),
      customVenue: z.string().max(120, 'Venue is too long'),
      tournament: z.enum(TOURNAMENTS, { error: 'Choose a tournament from the list' }),
      scheduledDate: z.string().min(1, 'Match date is required'),
      kickOffTime: z.string().min(1, 'Kick-off time is required'),
    })
    .superRefine((values, ctx) => {
      if (values.opponentChoice === OTHER_CUSTOM && !values.customOpponent.trim()) {
        ctx.addIssue({ code: 'custom', path: ['customOpponent'], message: 'Opponent is required' });
      }
      if (values.venueChoice === OTHER_CUSTOM && !values.customVenue.trim()) {
        ctx.addIssue({ code: 'custom', path: ['customVenue'], message: 'Venue is required' });
      }
      if (!values.scheduledDate.trim()) return;
      const day = parseDayEntry(values.scheduledDate, locale);
      if (!day) {
        ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: dateEntryMessage(locale) });
      } else if (day < today) {
        ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: MATCH_MESSAGES.dateInPast });
      }
    });
}

export type MatchDetailsValues = z.input<ReturnType<typeof matchDetailsSchema>>;

export function defaultMatchDetails(
  homeVenue: string,
  today: string,
  locale: string | undefined = userLocale(),
): MatchDetailsValues {
  return {
    opponentChoice: '',
    customOpponent: '',
    venueChoice: homeVenue,
    customVenue: '',
    tournament: DEFAULT_TOURNAMENT,
    scheduledDate: formatDayForEntry(today, locale),
    kickOffTime: DEFAULT_KICK_OFF,
  };
}

/** The opponent as it will be announced: the chosen club, or the typed name for 'Other (Custom)'. */
export function chosenOpponent(values: Pick<MatchDetailsValues, 'opponentChoice' | 'customOpponent'>) {
  return values.opponentChoice === OTHER_CUSTOM ? values.customOpponent.trim() : values.opponentChoice;
}

export function chosenVenue(values: Pick<MatchDetailsValues, 'venueChoice' | 'customVenue'>) {
  return values.venueChoice === OTHER_CUSTOM ? values.customVenue.trim() : values.venueChoice;
}

export type MatchBodyResult = { ok: true; body: CreateMatchBody } | { ok: false; message: string };

/** The POST /api/matches body, or the first message of the shared contract's validation. */
export function toCreateMatchBody(
  values: MatchDetailsValues,
  club: string,
  locale: string | undefined = userLocale(),
): MatchBodyResult {
  const opponent = chosenOpponent(values);
  const scheduledDate = parseDayEntry(values.scheduledDate, locale);
  if (!scheduledDate) return { ok: false, message: dateEntryMessage(locale) };
  const parsed = createMatchBody.safeParse({
    opponent,
    venue: chosenVenue(values),
    tournament: values.tournament,
    scheduledDate,
    kickOffTime: values.kickOffTime,
    title: `${club} vs ${opponent}`,
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid input' };
  return { ok: true, body: parsed.data };
}
