import type { Endpoint } from './endpoint';
import { matchReportsApi } from './match-reports';
import { seasonsApi } from './seasons';
import { teamOfTheWeekApi } from './team-of-the-week';

/**
 * The public API: the reads media partners may call, with or without a key. This list is the one place
 * that says so: the OpenAPI document is generated from it, and the server gives exactly these routes the
 * key check and the partners' rate limits (features/api-keys). A public read not listed here stays the
 * page's own, and the OpenAPI test says which those are.
 */
export interface PublicOperation {
  readonly endpoint: Endpoint;
  /** Stable: a generated client names its method by it. */
  readonly operationId: string;
  readonly tag: 'Matches' | 'Seasons' | 'Players' | 'Teams';
  readonly summary: string;
  readonly description: string;
  /** What each path or query parameter is, by name, with a value for the examples. */
  readonly parameters?: Readonly<Record<string, { description: string; example: string | number }>>;
}

export const PUBLIC_API_ENDPOINTS: readonly PublicOperation[] = [
  {
    endpoint: matchReportsApi.list,
    operationId: 'listPastMatches',
    tag: 'Matches',
    summary: 'Past matches',
    description:
      'Ended matches, newest first, 20 a page: the score, the Man of the Match and the best-rated player.',
    parameters: { page: { description: 'Page number, from 1 (default 1).', example: 1 } },
  },
  {
    endpoint: matchReportsApi.report,
    operationId: 'getMatchReport',
    tag: 'Matches',
    summary: 'Match report',
    description:
      "An ended match's fan verdict: every rated player's average, count and 1-10 distribution, the Man of the Match with the share of final votes, and how many fans rated. 404 while the match is live or not started.",
    parameters: { id: { description: "The match's id, from the past matches list.", example: 1 } },
  },
  {
    endpoint: seasonsApi.list,
    operationId: 'listSeasons',
    tag: 'Seasons',
    summary: 'Seasons',
    description: 'Every season with an ended match, and how many matches it has.',
  },
  {
    endpoint: seasonsApi.table,
    operationId: 'getSeasonTable',
    tag: 'Seasons',
    summary: 'Season table',
    description:
      "A season's players with the mean of their match averages, their best and worst match, form and Man of the Match awards; ranked once they reach the season's minimum of matches.",
    parameters: { season: { description: 'The season, as `2025-26`.', example: '2025-26' } },
  },
  {
    endpoint: seasonsApi.profile,
    operationId: 'getPlayerProfile',
    tag: 'Players',
    summary: 'Player profile',
    description:
      "A player's figures in the newest season they were rated in, and every ended match they were rated in.",
    parameters: { id: { description: "The player's id, from a report or a season table.", example: 1 } },
  },
  {
    endpoint: teamOfTheWeekApi.week,
    operationId: 'getTeamOfTheWeek',
    tag: 'Teams',
    summary: 'Team of the Week',
    description:
      "The fans' best XI and manager by their ratings: by default the Monday-to-Sunday week of the latest ended match; or of one match; or of some days (at most 31). An empty team when no match ended in the period.",
    parameters: {
      match: { description: 'One ended match, by id (instead of from and to).', example: 1 },
      from: { description: 'First day, `YYYY-MM-DD` (with to).', example: '2026-11-23' },
      to: { description: 'Last day, `YYYY-MM-DD` (with from).', example: '2026-11-29' },
    },
  },
  {
    endpoint: teamOfTheWeekApi.season,
    operationId: 'getTeamOfTheSeason',
    tag: 'Teams',
    summary: 'Team of the Season',
    description: "The fans' best XI and manager over a season's ended matches. 404 for a season with none.",
    parameters: { season: { description: 'The season, as `2025-26`.', example: '2025-26' } },
  },
];

/** `GET /api/seasons`: how the route table names a public operation's route. */
export const publicRouteKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;
