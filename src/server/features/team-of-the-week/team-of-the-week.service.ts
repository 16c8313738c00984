import { positionGroup } from '@shared/domain';
import { REQUEST_ERRORS } from '@shared/error-messages';
import { type MatchReport, matchReport, REPORT_ERRORS } from '@shared/match-reports';
import {
  TEAM_LINE_LIMITS,
  type Team,
  type TeamLine,
  type TeamManager,
  type TeamPeriod,
  type TeamPlayer,
} from '@shared/team-of-the-week';
import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { matches, matchReports } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { meanOfTenths, minimumMatchesFor } from '../match-reports/seasons.service';

/** A formation as its outfield lines: defenders, midfielders, forwards. */
export type Formation = readonly [defenders: number, midfielders: number, forwards: number];

/**
 * Every formation the rule may pick (decision 038), in the order that settles equal totals: the common
 * shapes first, so a tie reads as a team a manager would field.
 */
export const FORMATIONS: readonly Formation[] = (() => {
  const { defenders, midfielders, forwards } = TEAM_LINE_LIMITS;
  const all: Formation[] = [];
  for (let d = defenders.min; d <= defenders.max; d++)
    for (let f = forwards.min; f <= forwards.max; f++) {
      const m = 10 - d - f;
      if (m >= midfielders.min && m <= midfielders.max) all.push([d, m, f]);
    }
  const preferred = ['4-3-3', '4-4-2', '3-5-2', '3-4-3', '4-5-1', '5-3-2', '5-4-1', '5-2-3'];
  const rank = (f: Formation) => {
    const at = preferred.indexOf(f.join('-'));
    return at < 0 ? preferred.length : at;
  };
  return all.sort((a, b) => rank(a) - rank(b));
})();

const LINE_OF_GROUP = {
  Goalkeeper: 'goalkeeper',
  Defender: 'defender',
  Midfielder: 'midfielder',
  Forward: 'forward',
} as const satisfies Record<string, TeamLine>;

/** A player's figures over the reports, before the pick. */
export interface Candidate extends TeamManager {
  isManager: boolean;
  line: TeamLine | null;
}

/**
 * The order of the rule: the fans' average (as shown, to one decimal), then more matches rated, then more
 * ratings, then the lower shirt number (none last), then the name, then the id, so every tie has one answer.
 */
export function byRule(a: Candidate, b: Candidate): number {
  return (
    b.averageRating - a.averageRating ||
    b.matchesRated - a.matchesRated ||
    b.ratingCount - a.ratingCount ||
    (a.jerseyNumber ?? 100) - (b.jerseyNumber ?? 100) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.id - b.id
  );
}

/**
 * Every player rated in the reports (oldest first), with the mean of their match averages. Each counts in
 * the position they played most, the latest of those level; name, number and picture are the latest.
 */
export function candidatesOf(reports: readonly MatchReport[]): Candidate[] {
  const seen = new Map<
    number,
    { latest: MatchReport['players'][number]; averages: number[]; ratings: number; positions: string[] }
  >();
  for (const report of reports)
    for (const p of report.players) {
      if (p.ratingCount === 0) continue;
      const kept = seen.get(p.id) ?? { latest: p, averages: [], ratings: 0, positions: [] };
      kept.latest = p;
      kept.averages.push(p.averageRating);
      kept.ratings += p.ratingCount;
      kept.positions.push(p.position);
      seen.set(p.id, kept);
    }
  return [...seen.entries()].map(([id, { latest, averages, ratings, positions }]) => {
    const position = mostPlayed(positions);
    const group = positionGroup(position);
    const line = group && group !== 'Manager' ? LINE_OF_GROUP[group] : null;
    return {
      id,
      name: latest.name,
      jerseyNumber: latest.jerseyNumber,
      position,
      image: latest.image,
      ...(latest.portraitUrl ? { portraitUrl: latest.portraitUrl } : {}),
      averageRating: meanOfTenths(averages),
      matchesRated: averages.length,
      ratingCount: ratings,
      isManager: latest.isManager || group === 'Manager',
      line: latest.isManager ? null : line,
    };
  });
}

/** The position played most often, the latest of those level (the list is oldest first). */
function mostPlayed(positions: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = positions[0] ?? '';
  let bestCount = 0;
  for (const position of positions) {
    const count = (counts.get(position) ?? 0) + 1;
    counts.set(position, count);
    if (count >= bestCount) [best, bestCount] = [position, count];
  }
  return best;
}

/** Left-sided positions first, right-sided last: a line reads across the pitch as the team attacks up it. */
const sideOf = (position: string) => (position.startsWith('Left') ? 0 : position.startsWith('Right') ? 2 : 1);

/**
 * The rule (decision 038): from the candidates with the minimum of matches, the formation whose XI has the
 * highest total of averages, each line filled with its best players in the rule's order. A formation that
 * fills more places wins first; equal totals go to the formation listed first in FORMATIONS.
 */
export function pickTeam(
  candidates: readonly Candidate[],
  minimumMatches: number,
): { formation: string | null; players: TeamPlayer[]; manager: TeamManager | null } {
  const eligible = candidates.filter((c) => c.matchesRated >= minimumMatches).sort(byRule);
  const inLine = (line: TeamLine) => eligible.filter((c) => !c.isManager && c.line === line);
  const [goalkeepers, defenders, midfielders, forwards] = [
    inLine('goalkeeper'),
    inLine('defender'),
    inLine('midfielder'),
    inLine('forward'),
  ];
  const tenths = (list: readonly Candidate[]) =>
    list.reduce((sum, c) => sum + Math.round(c.averageRating * 10), 0);
  const keeper = goalkeepers.slice(0, 1);
  let best: { formation: Formation; lines: Candidate[][]; filled: number; total: number } | null = null;
  for (const formation of FORMATIONS) {
    const [d, m, f] = formation;
    const lines = [keeper, defenders.slice(0, d), midfielders.slice(0, m), forwards.slice(0, f)];
    const filled = lines.reduce((n, l) => n + l.length, 0);
    const total = lines.reduce((n, l) => n + tenths(l), 0);
    if (!best || filled > best.filled || (filled === best.filled && total > best.total))
      best = { formation, lines, filled, total };
  }
  const manager = eligible.find((c) => c.isManager) ?? null;
  if (!best || best.filled === 0)
    return { formation: null, players: [], manager: manager && toManager(manager) };
  // An outfield place nobody played (a week with two midfielders) goes to the best outfield player left,
  // drawn in that line under their own position; a goalkeeper's place is never filled from the outfield.
  const picked = new Set(best.lines.flat().map((c) => c.id));
  const spare = eligible.filter(
    (c) => !c.isManager && c.line !== null && c.line !== 'goalkeeper' && !picked.has(c.id),
  );
  const outfield: readonly TeamLine[] = ['defender', 'midfielder', 'forward'];
  const players = best.lines.flatMap((line, index) => {
    const wanted = index === 0 ? 1 : (best.formation[index - 1] ?? 0);
    const drawnIn: TeamLine = index === 0 ? 'goalkeeper' : (outfield[index - 1] ?? 'midfielder');
    const filled = [...line];
    while (index > 0 && filled.length < wanted && spare.length > 0) filled.push(spare.shift() as Candidate);
    return filled
      .sort((a, b) => sideOf(a.position) - sideOf(b.position) || byRule(a, b))
      .map((c) => ({ ...toManager(c), line: drawnIn }));
  });
  return { formation: best.formation.join('-'), players, manager: manager && toManager(manager) };
}

function toManager(c: Candidate): TeamManager {
  const { isManager: _m, line: _l, ...shown } = c;
  return shown;
}

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday-to-Sunday week a day falls in. */
export function weekOf(day: string): TeamPeriod {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const from = addDays(day, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** Ended matches only: a reopened match is live again, and one an admin hid is out of every count. */
const shown = sql`not ${matches.isLive} and ${matches.hiddenAt} is null`;

async function reportsWhere(db: Database, where: SQL | undefined): Promise<MatchReport[]> {
  const list = await db
    .select({ report: matchReports.report })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .where(and(shown, where))
    .orderBy(asc(matchReports.playedOn), asc(matchReports.matchId));
  return list.map(({ report }) => matchReport.parse(report));
}

/** The day of the nearest ended match before `day` (`before`) or after it. */
async function nearestDay(db: Database, day: string, before: boolean): Promise<string | null> {
  const [row] = await db
    .select({ playedOn: matchReports.playedOn })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .where(and(shown, before ? lt(matchReports.playedOn, day) : gt(matchReports.playedOn, day)))
    .orderBy(before ? desc(matchReports.playedOn) : asc(matchReports.playedOn))
    .limit(1);
  return row?.playedOn ?? null;
}

function teamOf(
  kind: Team['kind'],
  reports: readonly MatchReport[],
  minimumMatches: number,
  extra: Pick<Team, 'period' | 'season' | 'previous' | 'next'>,
): Team {
  return {
    kind,
    ...extra,
    ...pickTeam(candidatesOf(reports), minimumMatches),
    matches: reports.map(({ match }) => ({
      id: match.id,
      opponent: match.opponent,
      score: match.score,
      playedOn: match.playedOn,
    })),
    minimumMatches,
    computedAt: new Date().toISOString(),
  };
}

/**
 * The team of one ended match (`match`), of some days (`from`, `to`), or, asked for neither, of the
 * Monday-to-Sunday week of the latest ended match. A period without an ended match is an empty team.
 */
export async function readTeamOfPeriod(
  db: Database,
  query: { match?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<Team> {
  if (query.match !== undefined) {
    const reports = await reportsWhere(db, eq(matchReports.matchId, query.match));
    const played = reports[0]?.match.playedOn;
    if (!played) throw notFound(REPORT_ERRORS.notFound);
    const period = { from: played, to: played };
    return teamOf('match', reports, 1, { period, season: null, previous: null, next: null });
  }
  let period: TeamPeriod | null = query.from && query.to ? { from: query.from, to: query.to } : null;
  if (!period) {
    const latest = await nearestDay(db, '9999-12-31', true);
    if (latest) period = weekOf(latest);
  }
  if (!period) return teamOf('range', [], 1, { period: null, season: null, previous: null, next: null });
  const { from, to } = period;
  const [reports, before, after] = await Promise.all([
    reportsWhere(db, and(gte(matchReports.playedOn, from), lte(matchReports.playedOn, to))),
    nearestDay(db, from, true),
    nearestDay(db, to, false),
  ]);
  return teamOf('range', reports, 1, {
    period,
    season: null,
    previous: before ? weekOf(before) : null,
    next: after ? weekOf(after) : null,
  });
}

/**
 * A season's team: a player needs the season table's minimum of matches (a third of the season's ended
 * matches), so one fine afternoon does not make the Team of the Season.
 */
export async function readSeasonTeam(db: Database, slug: string): Promise<Team> {
  const reports = await reportsWhere(db, eq(matchReports.season, slug));
  const [first, last] = [reports[0], reports.at(-1)];
  if (!first || !last) throw notFound(REQUEST_ERRORS.seasonNotFound);
  return teamOf('season', reports, minimumMatchesFor(reports.length), {
    period: { from: first.match.playedOn, to: last.match.playedOn },
    season: { slug, label: first.season },
    previous: null,
    next: null,
  });
}
