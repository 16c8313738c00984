import { seasonOf, seasonSlug } from '@shared/domain';
import { REQUEST_ERRORS } from '@shared/error-messages';
import { type MatchReport, matchReport } from '@shared/match-reports';
import { PLAYER_ERRORS } from '@shared/players';
import {
  type PlayerProfile,
  type SeasonFigures,
  type SeasonRow,
  type SeasonSummary,
  type SeasonTable,
  seasonTable,
} from '@shared/seasons';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { matches, matchReports, seasonTables } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { findPlayer, toShownPlayer } from '../players/players.service';

const FORM_SIZE = 5;

/** Matches a player needs to be ranked: a third of the season's ended matches, at least one. */
export const minimumMatchesFor = (matchCount: number) => Math.max(1, Math.ceil(matchCount / 3));

/**
 * The mean of averages shown to one decimal, worked in whole tenths: in floating point (8.1 + 8.2) / 2 is
 * 8.149999…, which would show 8.1 where the fans' figures make 8.15 and so 8.2.
 */
export function meanOfTenths(averages: readonly number[]): number {
  const tenths = averages.reduce((sum, average) => sum + Math.round(average * 10), 0);
  return Math.round(tenths / averages.length) / 10;
}

interface Appearance {
  report: MatchReport;
  averageRating: number;
  ratingCount: number;
  motm: boolean;
}

/** Every ended match a player was rated in, oldest first, from the kept reports. */
function appearancesOf(playerId: number, reports: readonly MatchReport[]): Appearance[] {
  const list: Appearance[] = [];
  for (const report of reports) {
    const figures = report.players.find((p) => p.id === playerId);
    if (!figures) continue;
    const winners = report.motm ? [report.motm.player, ...report.motm.tiedWith] : [];
    list.push({
      report,
      averageRating: figures.averageRating,
      ratingCount: figures.ratingCount,
      motm: winners.some((w) => w.id === playerId),
    });
  }
  return list;
}

/** A player's season from their appearances (oldest first): the mean of their match averages and its parts. */
function figuresOf(appearances: readonly Appearance[]): SeasonFigures | null {
  if (appearances.length === 0) return null;
  const figure = (a: Appearance) => ({
    matchId: a.report.match.id,
    opponent: a.report.match.opponent,
    averageRating: a.averageRating,
  });
  // The earlier match wins a tie, for best and for worst alike.
  const best = appearances.reduce((top, a) => (a.averageRating > top.averageRating ? a : top));
  const worst = appearances.reduce((low, a) => (a.averageRating < low.averageRating ? a : low));
  return {
    averageRating: meanOfTenths(appearances.map((a) => a.averageRating)),
    matchesRated: appearances.length,
    ratingCount: appearances.reduce((sum, a) => sum + a.ratingCount, 0),
    motmAwards: appearances.filter((a) => a.motm).length,
    best: figure(best),
    worst: figure(worst),
    form: appearances.slice(-FORM_SIZE).map((a) => a.averageRating),
  };
}

/**
 * A season's table from its ended matches' reports (oldest first): every player rated in it, ranked by
 * the mean of their match averages once they have the minimum of matches (equal shown averages share a
 * rank), the others after them unranked. A player's details are as in their latest match.
 */
export function buildSeasonTable(
  season: { slug: string; label: string },
  reports: readonly MatchReport[],
): SeasonTable {
  const latest = new Map<number, MatchReport['players'][number]>();
  for (const report of reports) for (const p of report.players) latest.set(p.id, p);
  const minimumMatches = minimumMatchesFor(reports.length);
  const rows: Omit<SeasonRow, 'rank'>[] = [];
  for (const [id, p] of latest) {
    const figures = figuresOf(appearancesOf(id, reports));
    if (!figures) continue;
    const { name, position, jerseyNumber, isManager, image, portraitUrl } = p;
    rows.push({ ...figures, player: { id, name, position, jerseyNumber, isManager, image, portraitUrl } });
  }
  const qualified = (r: Omit<SeasonRow, 'rank'>) => r.matchesRated >= minimumMatches;
  rows.sort(
    (a, b) =>
      Number(qualified(b)) - Number(qualified(a)) ||
      b.averageRating - a.averageRating ||
      b.matchesRated - a.matchesRated ||
      a.player.name.localeCompare(b.player.name),
  );
  const ranked: SeasonRow[] = [];
  rows.forEach((row, index) => {
    const previous = ranked[index - 1];
    const rank = !qualified(row)
      ? null
      : previous?.rank != null && previous.averageRating === row.averageRating
        ? previous.rank
        : index + 1;
    ranked.push({ ...row, rank });
  });
  return seasonTable.parse({
    season,
    matches: reports.length,
    minimumMatches,
    players: ranked,
    computedAt: new Date().toISOString(),
  });
}

/** Any number: the key of the lock that keeps reports, season tables and the season start month in step. */
const SEASONS_LOCK_KEY = 72_016_514;

/**
 * Takes, until the transaction ends, the lock every writer of kept reports and season tables holds: a
 * report kept while an admin changes the season start month waits for the change, then reads the new month.
 */
export async function lockSeasons(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEASONS_LOCK_KEY})`);
}

/** The report labelled with the season its day falls in, seasons starting in `startMonth`. */
export function inSeasonOf(report: MatchReport, startMonth: number): MatchReport {
  const season = seasonOf(new Date(`${report.match.playedOn}T12:00:00Z`), startMonth).label;
  return season === report.season ? report : { ...report, season };
}

/**
 * Puts every kept report in its season under `startMonth` (the row's season and the report's label) and
 * rebuilds every season table from scratch. Call inside the transaction that changed the month, holding
 * lockSeasons. Returns how many ended matches the seasons hold, and how many seasons there are.
 */
export async function regroupSeasons(
  tx: Database,
  startMonth: number,
): Promise<{ matches: number; seasons: number }> {
  const kept = await tx
    .select({ matchId: matchReports.matchId, season: matchReports.season, report: matchReports.report })
    .from(matchReports);
  for (const row of kept) {
    const before = matchReport.parse(row.report);
    const report = inSeasonOf(before, startMonth);
    const slug = seasonSlug(report.season);
    if (report === before && slug === row.season) continue;
    await tx.update(matchReports).set({ season: slug, report }).where(eq(matchReports.matchId, row.matchId));
  }
  await tx.delete(seasonTables);
  const slugs = await rows<{ season: string }>(
    tx,
    sql`select distinct season from match_reports order by season`,
  );
  for (const { season } of slugs) await refreshSeasonTable(tx, season);
  const [counted] = await rows<{ seasons: number; matches: number }>(
    tx,
    sql`select count(*)::int as seasons, coalesce(sum((s.table ->> 'matches')::int), 0)::int as matches
        from season_tables s`,
  );
  return { matches: counted?.matches ?? 0, seasons: counted?.seasons ?? 0 };
}

/**
 * The reports of ended matches, oldest first: a reopened match is live again, and one an admin hid from
 * the history is out of it, so neither is counted in a table or on a player's page.
 */
async function endedReports(db: Database, season?: string): Promise<MatchReport[]> {
  const shown = sql`not ${matches.isLive} and ${matches.hiddenAt} is null`;
  const list = await db
    .select({ report: matchReports.report })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .where(season ? sql`${shown} and ${matchReports.season} = ${season}` : shown)
    .orderBy(asc(matchReports.playedOn), asc(matchReports.matchId));
  return list.map(({ report }) => matchReport.parse(report));
}

/**
 * Recomputes and keeps one season's table (or drops it when no ended match is left in it). Give it the
 * transaction that changed the season's reports, if there is one.
 */
export async function refreshSeasonTable(db: Database, slug: string): Promise<void> {
  const reports = await endedReports(db, slug);
  const label = reports[0]?.season;
  if (!label) {
    await db.delete(seasonTables).where(eq(seasonTables.season, slug));
    return;
  }
  const table = buildSeasonTable({ slug, label }, reports);
  await db
    .insert(seasonTables)
    .values({ season: slug, table })
    .onConflictDoUpdate({ target: seasonTables.season, set: { table, computedAt: new Date() } });
}

/** Seasons with at least one ended match, newest first. */
export async function listSeasons(db: Database): Promise<SeasonSummary[]> {
  const list = await db
    .select({ table: seasonTables.table })
    .from(seasonTables)
    .orderBy(desc(seasonTables.season));
  return list.map(({ table }) => {
    const parsed = seasonTable.parse(table);
    return { slug: parsed.season.slug, label: parsed.season.label, matches: parsed.matches };
  });
}

/** One season's kept table: one row by its key. */
export async function readSeasonTable(db: Database, slug: string): Promise<SeasonTable> {
  const [row] = await db
    .select({ table: seasonTables.table })
    .from(seasonTables)
    .where(eq(seasonTables.season, slug));
  if (!row) throw notFound(REQUEST_ERRORS.seasonNotFound);
  return seasonTable.parse(row.table);
}

/** A player's page: who they are now, their newest season's figures and every ended match they were rated in. */
export async function readPlayerProfile(db: Database, playerId: number): Promise<PlayerProfile> {
  const row = await findPlayer(db, playerId);
  if (!row) throw notFound(PLAYER_ERRORS.notFound);
  const { id, name, position, jerseyNumber, isManager, image, portraitUrl } = await toShownPlayer(db, row);
  const appearances = appearancesOf(playerId, await endedReports(db));
  const newest = appearances.at(-1)?.report;
  const slug = newest ? seasonSlugOf(newest) : null;
  const inSeason = slug ? appearances.filter((a) => seasonSlugOf(a.report) === slug) : [];
  return {
    player: { id, name, position, jerseyNumber, isManager, image, portraitUrl },
    season: newest && slug ? { slug, label: newest.season } : null,
    figures: figuresOf(inSeason),
    matches: appearances.map((a) => ({
      matchId: a.report.match.id,
      opponent: a.report.match.opponent,
      score: a.report.match.score,
      playedOn: a.report.match.playedOn,
      season: a.report.season,
      averageRating: a.averageRating,
      ratingCount: a.ratingCount,
      motm: a.motm,
    })),
  };
}

const seasonSlugOf = (report: MatchReport) => seasonSlug(report.season);
