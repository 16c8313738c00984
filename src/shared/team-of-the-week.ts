import { z } from 'zod';
import { calendarDate } from './dates';
import { endpoint } from './endpoint';
import { type Locale, localeSchema } from './i18n/locales';
import { matchId } from './matches';
import { seasonSlug } from './seasons';

/** The longest period a team is picked from, both days counted: a month, never a season's scan by dates. */
export const TEAM_RANGE_MAX_DAYS = 31;

/** The outfield lines a formation may have (decision 038); a goalkeeper always, ten outfield players. */
export const TEAM_LINE_LIMITS = {
  defenders: { min: 3, max: 5 },
  midfielders: { min: 2, max: 5 },
  forwards: { min: 1, max: 3 },
} as const;

/** Where a player stands in the drawn team: their position played, in its line. */
export const teamLine = z.enum(['goalkeeper', 'defender', 'midfielder', 'forward']);
export type TeamLine = z.infer<typeof teamLine>;

const INVALID_PERIOD = 'Give match, or from and to (YYYY-MM-DD, from not after to), or nothing';
const RANGE_TOO_LONG = `A period is at most ${TEAM_RANGE_MAX_DAYS} days`;

/** Days from `from` to `to`, both `YYYY-MM-DD`; negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const periodFields = z.object({
  match: matchId.optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});

/** The period's rules on a query holding its fields: one way of naming a period, never more than a month. */
function periodRules<S extends typeof periodFields>(schema: S) {
  return schema
    .refine(
      ({ match, from, to }) =>
        match !== undefined
          ? from === undefined && to === undefined
          : (from === undefined) === (to === undefined),
      INVALID_PERIOD,
    )
    .refine(({ from, to }) => !from || !to || daysBetween(from, to) >= 0, INVALID_PERIOD)
    .refine(({ from, to }) => !from || !to || daysBetween(from, to) < TEAM_RANGE_MAX_DAYS, RANGE_TOO_LONG);
}

/**
 * Which matches a team is picked from: `?match=7` one ended match, `?from=2026-11-23&to=2026-11-29` the
 * ended matches played in those days (at most TEAM_RANGE_MAX_DAYS), nothing the Monday-to-Sunday week of
 * the latest ended match.
 */
export const teamPeriodQuery = periodRules(periodFields);
export type TeamPeriodQuery = z.input<typeof teamPeriodQuery>;

/** A player of the team: who, where they played, and the fans' figures over the period. */
export const teamPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  jerseyNumber: z.number().int().nullable(),
  /** The position played (the one played most over the period; the latest of those level). */
  position: z.string(),
  line: teamLine,
  image: z.string().nullable(),
  portraitUrl: z.string().optional(),
  /** The mean of their match averages over the period, to one decimal. */
  averageRating: z.number(),
  /** Ended matches of the period they were rated in. */
  matchesRated: z.number().int(),
  /** Ratings they received over those matches. */
  ratingCount: z.number().int(),
});
export type TeamPlayer = z.infer<typeof teamPlayer>;

/** The manager beside the team: no line, the same figures. */
export const teamManager = teamPlayer.omit({ line: true });
export type TeamManager = z.infer<typeof teamManager>;

const coveredMatch = z.object({
  id: z.number().int(),
  opponent: z.string(),
  score: z.string(),
  /** YYYY-MM-DD */
  playedOn: z.string(),
});

const period = z.object({ from: z.string(), to: z.string() });
export type TeamPeriod = z.infer<typeof period>;

/**
 * The fans' best XI: a formation `defenders-midfielders-forwards` ("4-3-3"), the players goalkeeper
 * first then each line, a line left-sided positions first (as the team attacks up the pitch), then best
 * first; the manager beside. No ended match in the period: no
 * formation, no players, no manager (an empty team, not an error).
 */
export const team = z.object({
  kind: z.enum(['match', 'range', 'season']),
  /** The days the team was picked from (a season: its first and last ended match). */
  period: period.nullable(),
  season: z.object({ slug: z.string(), label: z.string() }).nullable(),
  formation: z.string().nullable(),
  players: z.array(teamPlayer),
  manager: teamManager.nullable(),
  matches: z.array(coveredMatch),
  /** Matches rated a player needs to be picked (1 for a week, more for a season). */
  minimumMatches: z.number().int(),
  /** The Monday-to-Sunday weeks of the nearest ended matches before and after the period (weeks only). */
  previous: period.nullable(),
  next: period.nullable(),
  computedAt: z.string(),
});
export type Team = z.infer<typeof team>;

/** What a team is called: a range from a Monday to the Sunday after is a week, else the days' own team. */
export function teamTitleKind(t: Pick<Team, 'kind' | 'period'>): 'week' | 'match' | 'season' | 'range' {
  if (t.kind !== 'range') return t.kind;
  if (!t.period) return 'week';
  const monday = new Date(`${t.period.from}T12:00:00Z`).getUTCDay() === 1;
  return monday && daysBetween(t.period.from, t.period.to) === 6 ? 'week' : 'range';
}

/** The fans' Team of the Week (or of one match, or of some days) and of a season: public, no sign-in. */
export const teamOfTheWeekApi = {
  week: endpoint({
    method: 'GET',
    path: '/api/team-of-the-week',
    query: teamPeriodQuery,
    response: team,
  }),
  /** 404 for a season with no ended match. */
  season: endpoint({
    method: 'GET',
    path: '/api/seasons/:season/team',
    params: z.object({ season: seasonSlug }),
    response: team,
  }),
};

/** The cards: 1200x630 PNGs, in `?lang=` else the reader's language. Images, registered by the server itself. */
export const TEAM_WEEK_CARD_PATH = '/share/team/week.png';
export const TEAM_SEASON_CARD_PATH = '/share/team/season/:file';

/** The week card's query: the period as the week endpoint takes it, and the card's language. */
export const teamCardQuery = periodRules(periodFields.extend({ lang: localeSchema.optional() }));

const query = (entries: Record<string, string | number | undefined>) => {
  const parts = Object.entries(entries).filter(([, v]) => v !== undefined);
  return parts.length ? `?${parts.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

/** The week card's address for a period as the week endpoint takes it. */
export const teamWeekCardPath = (
  period: { match?: number | undefined; from?: string | undefined; to?: string | undefined },
  locale?: Locale,
) =>
  `${TEAM_WEEK_CARD_PATH}${query({ match: period.match, from: period.from, to: period.to, lang: locale })}`;

/** `/share/team/season/2025-26.png` */
export const teamSeasonCardPath = (season: string, locale?: Locale) =>
  `/share/team/season/${encodeURIComponent(season)}.png${query({ lang: locale })}`;
