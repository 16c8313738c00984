import type { MatchChange } from '@shared/live';
import {
  type CreateMatchBody,
  MATCH_ERRORS,
  type Match,
  matchStatus,
  type UpdateMatchBody,
} from '@shared/matches';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MatchRow, matches, players } from '../../db/schema';
import type { Changed } from '../../lib/changes';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { pushEventOf, queueMatchPush } from '../push/push.service';
import { describeMatchChange } from './match-change';

export function toMatch(row: MatchRow): Match {
  const startedAt = row.startedAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    opponent: row.opponent,
    venue: row.venue,
    tournament: row.tournament,
    scheduledDate: row.scheduledDate,
    kickOffTime: row.kickOffTime,
    score: row.score,
    homeScore: row.homeScore,
    awayScore: row.awayScore,
    isLive: row.isLive,
    isHalfTime: row.isHalfTime,
    startedAt,
    status: matchStatus({ isLive: row.isLive, isHalfTime: row.isHalfTime, startedAt }),
    createdAt: row.createdAt.toISOString(),
    kickOffAt: row.kickOffAt?.toISOString() ?? null,
    isHome: row.isHome,
    feedNote: feedNoteOf(row.feedStatus),
    fullTimeAt: row.fullTimeAt?.toISOString() ?? null,
    votingClosesAt: row.votingClosesAt?.toISOString() ?? null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
  };
}

/** The football-data provider's status codes of a fixture that is not going ahead as planned. */
export const POSTPONED_STATUSES: readonly string[] = ['PST', 'TBD'];
export const CALLED_OFF_STATUSES: readonly string[] = ['ABD', 'CANC', 'AWD', 'WO'];

/** The provider's status as fans read it beside the match's own: postponed, or called off. */
function feedNoteOf(status: string | null): Match['feedNote'] {
  if (status !== null && POSTPONED_STATUSES.includes(status)) return 'postponed';
  if (status !== null && CALLED_OFF_STATUSES.includes(status)) return 'called-off';
  return null;
}

/** SQL: the match is to be played as planned (not postponed, not called off). */
export const goingAhead = sql`coalesce(${matches.feedStatus}, 'NS') not in (${sql.join(
  [...POSTPONED_STATUSES, ...CALLED_OFF_STATUSES].map((code) => sql`${code}`),
  sql`, `,
)})`;

/** Ended: was started and is no longer live. Everyone may then see its figures. */

export async function findMatch(db: Database, id: number): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(eq(matches.id, id)).limit(1);
  return row;
}

export async function requireMatch(db: Database, id: number): Promise<MatchRow> {
  const row = await findMatch(db, id);
  if (!row) throw notFound(MATCH_ERRORS.notFound);
  return row;
}

/**
 * The live match; else, of the matches the football-data feed follows, one that ended in the last 12 hours
 * (its results) or the next one to kick off (not postponed or called off); else the most recently created
 * one; else null. A season's fixtures arrive at once, so creation says nothing of which comes next. A match
 * an admin hid from the history is never it: fans would be shown what was taken away from them.
 */
export async function currentMatch(db: Database): Promise<Match | null> {
  const followed = sql`${matches.providerFixtureId} is not null`;
  const justEnded = sql`(${followed} and not ${matches.isLive} and ${matches.startedAt} is not null
    and coalesce(${matches.votingClosesAt}, ${matches.startedAt} + interval '3 hours') > now() - interval '12 hours')`;
  const upcoming = sql`(${followed} and ${matches.startedAt} is null and ${matches.kickOffAt} > now() - interval '3 hours'
    and ${goingAhead})`;
  const [row] = await db
    .select()
    .from(matches)
    .where(isNull(matches.hiddenAt))
    .orderBy(
      desc(matches.isLive),
      desc(justEnded),
      desc(upcoming),
      sql`case when ${upcoming} then ${matches.kickOffAt} end asc nulls last`,
      desc(matches.createdAt),
      desc(matches.id),
    )
    .limit(1);
  return row ? toMatch(row) : null;
}

/** Every match, newest first; the ones hidden from the history only when `withHidden` (an admin's list). */
export async function listMatches(db: Database, { withHidden }: { withHidden: boolean }): Promise<Match[]> {
  const list = await db
    .select()
    .from(matches)
    .where(withHidden ? undefined : isNull(matches.hiddenAt))
    .orderBy(desc(matches.createdAt), desc(matches.id));
  return list.map(toMatch);
}

/** Today as YYYY-MM-DD, a day early so a club a time zone behind UTC can still announce today's match. */
function earliestMatchDate(now = new Date()): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export async function createMatch(db: Database, clubName: string, input: CreateMatchBody): Promise<Match> {
  if (input.scheduledDate && input.scheduledDate < earliestMatchDate())
    throw badRequest(MATCH_ERRORS.dateInPast);
  const [row] = await db
    .insert(matches)
    .values({
      opponent: input.opponent,
      title: input.title ?? `${clubName} vs ${input.opponent}`,
      ...(input.venue ? { venue: input.venue } : {}),
      ...(input.tournament ? { tournament: input.tournament } : {}),
      ...(input.kickOffTime ? { kickOffTime: input.kickOffTime } : {}),
      scheduledDate: input.scheduledDate ?? null,
    })
    .returning();
  if (!row) throw new Error('match not created');
  return toMatch(row);
}

export interface MatchUpdateResult {
  match: Match;
  /** True when this update took the match live. */
  started: boolean;
  /** What the update did, for the live message fans get. */
  change: MatchChange;
}

/**
 * Applies an admin's change with the state rules: going live needs published players, sets startedAt
 * (kept when an ended match is reopened) and ends any other live match; Preparing clears startedAt;
 * half time only while live; score text and numbers kept in step.
 */
/** What an update of a match changed, as its writers (the admin's route, the feed) declare it. */
export function matchUpdateChanges({ match, change, started }: MatchUpdateResult): Changed[] {
  return [
    { kind: 'match', matchId: match.id, change, ...(started ? { started: { title: match.title } } : {}) },
    { kind: 'reports' },
  ];
}

export async function updateMatch(
  db: Database,
  id: number,
  input: UpdateMatchBody,
): Promise<MatchUpdateResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(matches).where(eq(matches.id, id)).for('update');
    if (!current) throw notFound(MATCH_ERRORS.notFound);
    const next: Partial<typeof matches.$inferInsert> = {};
    for (const key of ['title', 'opponent', 'venue', 'tournament', 'scheduledDate', 'kickOffTime'] as const) {
      if (input[key] !== undefined) next[key] = input[key] as never;
    }

    if (input.score !== undefined) {
      const [home, away] = input.score.split('-').map(Number);
      next.homeScore = home ?? 0;
      next.awayScore = away ?? 0;
    } else {
      if (input.homeScore !== undefined) next.homeScore = input.homeScore;
      if (input.awayScore !== undefined) next.awayScore = input.awayScore;
    }
    if (next.homeScore !== undefined || next.awayScore !== undefined) {
      next.score = `${next.homeScore ?? current.homeScore}-${next.awayScore ?? current.awayScore}`;
    }

    let started = false;
    const live = input.isLive ?? current.isLive;
    if (input.isLive === true && !current.isLive) {
      const [available] = await tx
        .select({ n: count() })
        .from(players)
        .where(and(eq(players.isAvailableForRating, true), eq(players.isActive, true)));
      if ((available?.n ?? 0) === 0) throw conflict(MATCH_ERRORS.cannotStart);
      // At most one live match: starting this one ends any other.
      await tx
        .update(matches)
        .set({ isLive: false, isHalfTime: false })
        .where(and(eq(matches.isLive, true), ne(matches.id, id)));
      next.isLive = true;
      // Reopening an ended match keeps its kick-off, so its minutes still count from the real start.
      next.startedAt = input.startedAt ? new Date(input.startedAt) : (current.startedAt ?? new Date());
      // Fans rate a live match, so it cannot stay out of their history (a replayed fixture the feed
      // takes live, an admin's reopening): going live shows it again.
      next.hiddenAt = null;
      started = true;
    } else {
      if (input.isLive === false) next.isLive = false;
      if (input.startedAt !== undefined) next.startedAt = input.startedAt ? new Date(input.startedAt) : null;
    }
    if (input.isHalfTime !== undefined) next.isHalfTime = live && input.isHalfTime;
    if (!live) next.isHalfTime = false;

    const [row] = Object.keys(next).length
      ? await tx.update(matches).set(next).where(eq(matches.id, id)).returning()
      : [current];
    if (!row) throw notFound(MATCH_ERRORS.notFound);
    const change = describeMatchChange(current, row);
    // Fans who asked are told, once per match and event, only if this change commits.
    const event = pushEventOf(change);
    if (event) await queueMatchPush(tx, id, event);
    return { match: toMatch(row), started, change };
  });
}
