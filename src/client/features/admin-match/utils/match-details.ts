import { i18n } from '@client/lib/i18n/i18n';
import { formatDayForEntry, numericDatePattern, parseDayEntry, userLocale } from '@client/lib/intl-format';
import { DEFAULT_KICK_OFF, DEFAULT_TOURNAMENT, TOURNAMENTS } from '@shared/domain';
import { errorKey } from '@shared/errors';
import { type CreateMatchBody, createMatchBody, MATCH_ERRORS } from '@shared/matches';
import { z } from 'zod';
import { OTHER_CUSTOM } from './clubs';

/**
 * The date field's message when the typed text is not a day: it says the order to type it in. Made
 * when the date is checked, in the language being read (it carries the order, so it is no bare key).
 */
export function dateEntryMessage(locale: string | undefined = userLocale()): string {
  return i18n._('admin-match.details.dateEntry', { pattern: numericDatePattern(locale).placeholder });
}

/**
 * The '1. Match Details' form; what it sends is checked again against the shared contract. The date
 * is typed in the admin's own order (DD/MM/YYYY, MM/DD/YYYY...), which a native date input would not
 * follow: it shows the browser's UI language's order instead. Its messages are catalogue keys, which
 * the form field translates.
 */
export function matchDetailsSchema(today: string, locale: string | undefined = userLocale()) {
  return z
    .object({
      opponentChoice: z.string().min(1, 'admin-match.details.opponentRequired'),
      customOpponent: z.string().max(120, 'admin-match.details.opponentTooLong'),
      venueChoice: z.string().min(1, 'admin-match.details.venueRequired'),
      customVenue: z.string().max(120, 'admin-match.details.venueTooLong'),
      tournament: z.enum(TOURNAMENTS, { error: 'admin-match.details.tournamentInvalid' }),
      scheduledDate: z.string().min(1, 'admin-match.details.dateRequired'),
      kickOffTime: z.string().min(1, 'admin-match.details.kickOffRequired'),
    })
    .superRefine((values, ctx) => {
      if (values.opponentChoice === OTHER_CUSTOM && !values.customOpponent.trim()) {
        ctx.addIssue({
          code: 'custom',
          path: ['customOpponent'],
          message: 'admin-match.details.opponentRequired',
        });
      }
      if (values.venueChoice === OTHER_CUSTOM && !values.customVenue.trim()) {
        ctx.addIssue({ code: 'custom', path: ['customVenue'], message: 'admin-match.details.venueRequired' });
      }
      if (!values.scheduledDate.trim()) return;
      const day = parseDayEntry(values.scheduledDate, locale);
      if (!day) {
        ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: dateEntryMessage(locale) });
      } else if (day < today) {
        ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: errorKey(MATCH_ERRORS.dateInPast) });
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
  if (!parsed.success)
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? i18n._('admin-match.details.invalidInput'),
    };
  return { ok: true, body: parsed.data };
}
