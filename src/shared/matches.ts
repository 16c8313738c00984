import { z } from 'zod';
import { calendarDate, calendarDateTime } from './dates';
import { TOURNAMENTS } from './domain';
import { endpoint } from './endpoint';
import { defineErrors } from './errors';
import { dbId, dbIdParam } from './ids';

const INVALID_MATCH_ID = 'Invalid match id';
/** A match's id in a path, and in a body. */
export const matchId = dbIdParam(INVALID_MATCH_ID);
export const matchIdField = dbId(INVALID_MATCH_ID);
export const matchIdParams = z.object({ matchId });
export const matchPathParams = z.object({ id: matchId });

export type MatchStatus = 'Half Time' | 'LIVE' | 'Match Ended' | 'Not Started';

/** The status shown for a match. */
export function matchStatus(m: {
  isLive: boolean;
  isHalfTime: boolean;
  startedAt: string | null;
}): MatchStatus {
  if (m.isLive) return m.isHalfTime ? 'Half Time' : 'LIVE';
  return m.startedAt ? 'Match Ended' : 'Not Started';
}

/** Status in exports: Live, Ended or Scheduled. */
export function matchExportStatus(m: {
  isLive: boolean;
  startedAt: string | null;
}): 'Live' | 'Ended' | 'Scheduled' {
  if (m.isLive) return 'Live';
  return m.startedAt ? 'Ended' : 'Scheduled';
}

export const match = z.object({
  id: z.number().int(),
  title: z.string(),
  opponent: z.string(),
  venue: z.string(),
  tournament: z.string(),
  scheduledDate: z.string().nullable(),
  kickOffTime: z.string(),
  score: z.string(),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  isLive: z.boolean(),
  isHalfTime: z.boolean(),
  startedAt: z.string().nullable(),
  status: z.enum(['Half Time', 'LIVE', 'Match Ended', 'Not Started']),
  createdAt: z.string(),
  /** The kick-off in UTC, from the football-data feed (null for a match typed in by hand). */
  kickOffAt: z.string().nullable(),
  /** The club plays at home; null when not known. */
  isHome: z.boolean().nullable(),
  /**
   * The feed's word beyond the status: 'postponed' (a new date to come), 'called-off' (abandoned or
   * cancelled); null otherwise.
   */
  feedNote: z.enum(['postponed', 'called-off']).nullable(),
  /** Full time was reached and voting stays open until votingClosesAt. */
  fullTimeAt: z.string().nullable(),
  votingClosesAt: z.string().nullable(),
  /**
   * When an admin took this ended match out of the public history; null while it is shown. Only an
   * admin is ever answered a hidden match.
   */
  hiddenAt: z.string().nullable(),
});
export type Match = z.infer<typeof match>;
export const matchList = z.array(match);
export const currentMatch = match.nullable();

const text = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);
const isoDate = calendarDate('Match date must be a real date (YYYY-MM-DD)');
/** Kick-off between 10 and 21 h, on the quarter hour. */
export const KICK_OFF_MESSAGE = 'Kick-off time must be between 10:00 and 21:45, in 15-minute steps';
const kickOff = z.string().regex(/^(1\d|2[01]):(00|15|30|45)$/, KICK_OFF_MESSAGE);
const score = z.string().regex(/^\d{1,2}-\d{1,2}$/, "Score must look like 'home-away', e.g. 2-1");
const goals = z.number().int().min(0).max(99);
const tournament = z.enum(TOURNAMENTS, { error: 'Choose a tournament from the list' });

export const createMatchBody = z.object({
  opponent: text('Opponent'),
  venue: text('Venue').optional(),
  tournament: tournament.optional(),
  scheduledDate: isoDate.optional(),
  kickOffTime: kickOff.optional(),
  title: text('Title', 200).optional(),
});
export type CreateMatchBody = z.input<typeof createMatchBody>;

export const updateMatchBody = z
  .object({
    title: text('Title', 200),
    opponent: text('Opponent'),
    venue: text('Venue'),
    tournament,
    scheduledDate: isoDate.nullable(),
    kickOffTime: kickOff,
    score,
    homeScore: goals,
    awayScore: goals,
    isLive: z.boolean(),
    isHalfTime: z.boolean(),
    startedAt: calendarDateTime('Start time must be a real date and time (ISO 8601)').nullable(),
  })
  .partial()
  .strict();
export type UpdateMatchBody = z.input<typeof updateMatchBody>;

export const MATCH_ERRORS = defineErrors('match', {
  cannotStart: 'Cannot Start Match: Please publish players for rating first',
  dateInPast: 'Match date cannot be in the past',
  notFound: 'Match not found',
  hideLive: 'A live match cannot be hidden from the history: end it first',
  hideNotEnded: 'Only an ended match can be hidden from the history',
});

export const matchesApi = {
  /** The live match, else the most recently created one, else null; anyone may ask; never cached. */
  current: endpoint({ method: 'GET', path: '/api/matches/current', response: currentMatch }),
  list: endpoint({ method: 'GET', path: '/api/matches', response: matchList }),
  /** An admin announces a new match. */
  create: endpoint({
    method: 'POST',
    path: '/api/matches',
    body: createMatchBody,
    response: match,
    status: 201,
  }),
  /** An admin edits a match or moves it between Preparing, Live and Ended. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/matches/:id',
    params: matchPathParams,
    body: updateMatchBody,
    response: match,
  }),
};
