import { z } from 'zod';
import { endpoint, pathOf } from './endpoint';
import { defineErrors } from './errors';
import { type Locale, localeSchema } from './i18n/locales';
import { matchPathParams } from './matches';

/** A player as the match report keeps them: as they were on the day, whatever the squad is now. */
export const reportPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  jerseyNumber: z.number().int().nullable(),
  isManager: z.boolean(),
  isSubstitute: z.boolean(),
  image: z.string().nullable(),
  portraitUrl: z.string().optional(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  /** counts[v - 1] = how many fans gave v. */
  counts: z.array(z.number().int()).length(10),
});
export type ReportPlayer = z.infer<typeof reportPlayer>;

const reportMotmPlayer = reportPlayer.pick({
  id: true,
  name: true,
  position: true,
  image: true,
  portraitUrl: true,
});

/**
 * An ended match's fan verdict, public: every rated player's average, count and distribution (best
 * first), the Man of the Match with the share of final votes, and how many fans rated and voted. Figures
 * only: nothing in it names a fan.
 */
export const matchReport = z.object({
  match: z.object({
    id: z.number().int(),
    title: z.string(),
    opponent: z.string(),
    venue: z.string(),
    tournament: z.string(),
    score: z.string(),
    homeScore: z.number().int(),
    awayScore: z.number().int(),
    /**
     * Whether the club played at home: the score reads home-away as played, so an away match's club goals
     * are the second figure. Null for a match entered by hand (drawn with the club first), and in reports
     * kept before it was recorded.
     */
    isHome: z.boolean().nullable().default(null),
    /** The day it was played (YYYY-MM-DD). */
    playedOn: z.string(),
  }),
  season: z.string(),
  players: z.array(reportPlayer),
  motm: z
    .object({
      player: reportMotmPlayer,
      /** Share of the final votes, to one decimal. */
      percentage: z.number(),
      tiedWith: z.array(reportMotmPlayer),
    })
    .nullable(),
  totalRatings: z.number().int(),
  totalVotes: z.number().int(),
  /** Fans who rated at least one player, whose ballots were counted: the figures rest on them. */
  raters: z.number().int(),
  /** Fans whose ballots the shield held back or an admin excluded: in no figure (0 in reports kept before). */
  heldBack: z.number().int().default(0),
  /** Of the raters, the share (one decimal) who submitted their final vote. */
  completion: z.number(),
  /**
   * The ground's verdict: the counted ballots whose vote was cast at the club's ground, once there are
   * enough of them (null otherwise, and in reports kept before).
   */
  ground: z
    .object({
      raters: z.number().int(),
      players: z.array(
        z.object({ id: z.number().int(), averageRating: z.number(), ratingCount: z.number().int() }),
      ),
    })
    .nullable()
    .default(null),
  computedAt: z.string(),
});
export type MatchReport = z.infer<typeof matchReport>;

/** A line of the past matches list. */
export const matchSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  opponent: z.string(),
  score: z.string(),
  playedOn: z.string(),
  season: z.string(),
  motm: z.object({ id: z.number().int(), name: z.string(), percentage: z.number() }).nullable(),
  topRated: z.object({ id: z.number().int(), name: z.string(), averageRating: z.number() }).nullable(),
});
export type MatchSummary = z.infer<typeof matchSummary>;

export const MATCH_REPORTS_PAGE_SIZE = 20;
/** Pages beyond any real season's count of matches are refused rather than scanned. */
const MAX_PAGE = 1000;

export const matchSummaryPage = z.object({
  items: z.array(matchSummary),
  page: z.number().int(),
  /** The next page's number, or null on the last. */
  nextPage: z.number().int().nullable(),
  total: z.number().int(),
});
export type MatchSummaryPage = z.infer<typeof matchSummaryPage>;

const INVALID_PAGE = 'Invalid page';
export const matchReportsQuery = z.object({
  page: z.coerce
    .number({ error: INVALID_PAGE })
    .int(INVALID_PAGE)
    .min(1, INVALID_PAGE)
    .max(MAX_PAGE, INVALID_PAGE)
    .default(1),
});

/** Ended matches' reports: read by everyone, no sign-in needed. */
export const matchReportsApi = {
  /** Past matches, newest first, paged. */
  list: endpoint({
    method: 'GET',
    path: '/api/match-reports',
    query: matchReportsQuery,
    response: matchSummaryPage,
  }),
  /** One ended match's report; 404 for a match that is live or not started. */
  report: endpoint({
    method: 'GET',
    path: '/api/matches/:id/report',
    params: matchPathParams,
    response: matchReport,
  }),
};

/**
 * The signed-in fan's own ratings of an ended match, as a 1200x630 PNG to share: always the caller's
 * (no user in the path), 404 while the match is live or not started, or when they rated nobody in it.
 * An image, not JSON: the server registers it itself and the page fetches it as a file.
 */
export const MY_RATINGS_CARD_PATH = '/api/matches/:id/my-ratings.png';
export const REPORT_ERRORS = defineErrors('report', {
  notFound: 'No report for this match: it has not ended',
});
export const MY_RATINGS_CARD_ERRORS = defineErrors('myRatingsCard', {
  notRated: 'You rated nobody in this match',
});
export const myRatingsCardPath = (matchId: number, locale?: Locale) =>
  `${pathOf({ path: MY_RATINGS_CARD_PATH }, { id: matchId })}${langQuery(locale)}`;

/**
 * The language a drawn card (and the shared page) is written in: `?lang=fr`. Without it, the reader's
 * own (their language cookie, else their browser's).
 */
export const cardLanguageQuery = z.object({ lang: localeSchema.optional() });
const langQuery = (locale: Locale | undefined) => (locale ? `?lang=${locale}` : '');

/** The public link to an ended match, as shared: its page carries the result card, in `locale`. */
export const shareMatchPath = (matchId: number, locale?: Locale) =>
  `/share/match/${matchId}${langQuery(locale)}`;

/** `my-ratings-aston-villa.png`: the opponent in plain lower-case letters, digits and hyphens. */
export function myRatingsCardFileName(opponent: string): string {
  const slug = opponent
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `my-ratings-${slug || 'match'}.png`;
}

/** The club's goals and the opponent's, whichever side the club played on. */
export function clubScore(match: Pick<MatchReport['match'], 'homeScore' | 'awayScore' | 'isHome'>): {
  club: number;
  opponent: number;
} {
  return match.isHome === false
    ? { club: match.awayScore, opponent: match.homeScore }
    : { club: match.homeScore, opponent: match.awayScore };
}

/** Both sides as played, home first, each name with its goals: the club is home unless it played away. */
export function matchSides(
  match: Pick<MatchReport['match'], 'homeScore' | 'awayScore' | 'isHome' | 'opponent'>,
  clubName: string,
): [home: { name: string; goals: number }, away: { name: string; goals: number }] {
  const away = match.isHome === false;
  return [
    { name: away ? match.opponent : clubName, goals: match.homeScore },
    { name: away ? clubName : match.opponent, goals: match.awayScore },
  ];
}
