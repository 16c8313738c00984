import { seasonOf, seasonSlug } from '@shared/domain';
import {
  MATCH_REPORTS_PAGE_SIZE,
  type MatchReport,
  type MatchSummaryPage,
  matchReport,
  REPORT_ERRORS,
  type ReportPlayer,
} from '@shared/match-reports';
import { averageOf, percentOf } from '@shared/percent';
import { hasEnded } from '@shared/rules';
import { desc, eq, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { matches, matchReports, players } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { computeSnapshot } from '../match-day/results.service';
import { toPlayers } from '../players/players.service';
import { getSeasonStartMonth } from '../settings/settings.service';
import { groundVerdict, reviewBallots } from '../shield/shield.service';
import { publicAnswers } from './public-answers';
import { inSeasonOf, lockSeasons, refreshSeasonTable } from './seasons.service';

type MatchRow = typeof matches.$inferSelect;

/** The day a match was played: its scheduled date, else the day it kicked off, else the day it was made. */
function playedOn(row: MatchRow): string {
  return row.scheduledDate ?? (row.startedAt ?? row.createdAt).toISOString().slice(0, 10);
}

/**
 * The report of an ended match, computed from its ratings and final votes now, in its season under
 * `startMonth` (the month the club's seasons start in).
 */
async function computeReport(db: Database, row: MatchRow, startMonth: number): Promise<MatchReport> {
  const snapshot = await computeSnapshot(db, row.id, Date.now());
  const squad = new Map((await toPlayers(db, await db.select().from(players))).map((p) => [p.id, p]));
  const rated: ReportPlayer[] = [];
  for (const [playerId, figures] of snapshot.players) {
    const player = squad.get(playerId);
    if (!player || figures.count === 0) continue;
    rated.push({
      id: player.id,
      name: player.name,
      position: player.position,
      jerseyNumber: player.jerseyNumber,
      isManager: player.isManager,
      isSubstitute: player.isSubstitute,
      image: player.image,
      portraitUrl: player.portraitUrl,
      averageRating: averageOf(figures.sum, figures.count),
      ratingCount: figures.count,
      counts: figures.counts,
    });
  }
  // Best first; level averages go to the player more fans rated, then by name (as the live leaderboard).
  rated.sort(
    (a, b) =>
      b.averageRating - a.averageRating || b.ratingCount - a.ratingCount || a.name.localeCompare(b.name),
  );
  const raterCount = snapshot.raters;
  const day = playedOn(row);
  const motm = snapshot.motm;
  const season = seasonOf(new Date(`${day}T12:00:00Z`), startMonth);
  return matchReport.parse({
    match: {
      id: row.id,
      title: row.title,
      opponent: row.opponent,
      venue: row.venue,
      tournament: row.tournament,
      score: row.score,
      homeScore: row.homeScore,
      awayScore: row.awayScore,
      isHome: row.isHome,
      playedOn: day,
    },
    season: season.label,
    players: rated,
    // Only what the public may see: no vote counts, which the live result keeps for admins.
    motm: motm ? { player: motm.player, percentage: motm.percentage, tiedWith: motm.tiedWith } : null,
    totalRatings: snapshot.totalRatings,
    totalVotes: snapshot.totalVotes,
    raters: raterCount,
    heldBack: snapshot.heldBack,
    completion: raterCount === 0 ? 0 : percentOf(Math.min(snapshot.totalVotes, raterCount), raterCount),
    ground: await groundVerdict(db, row.id),
    computedAt: new Date(snapshot.computedAt).toISOString(),
  });
}

/**
 * Computes and keeps the report of a match that has ended: called when it ends, and again when an ended
 * match is corrected (its score, its details). Does nothing for a match that is live or not started.
 * Its season follows the club's season start month.
 */
export async function storeMatchReport(db: Database, matchId: number): Promise<MatchReport | null> {
  const [row] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!row || !hasEnded(row)) return null;
  // Every ballot is read for the shield's signals with the whole crowd in, before the figures are kept.
  await reviewBallots(db, matchId);
  const computed = await computeReport(db, row, await getSeasonStartMonth(db));
  const kept = await db.transaction(async (tx) => {
    // Under the seasons' lock the month is the one every kept report follows: an admin's change made
    // while the report was computed moves it to its new season here.
    await lockSeasons(tx);
    const report = inSeasonOf(computed, await getSeasonStartMonth(tx));
    const slug = seasonSlug(report.season);
    const [before] = await tx
      .select({ season: matchReports.season })
      .from(matchReports)
      .where(eq(matchReports.matchId, matchId));
    await tx
      .insert(matchReports)
      .values({ matchId, season: slug, playedOn: report.match.playedOn, report })
      .onConflictDoUpdate({
        target: matchReports.matchId,
        set: { season: slug, playedOn: report.match.playedOn, report, computedAt: new Date() },
      });
    // Its season's table follows, and the season it left too if its date moved it.
    await refreshSeasonTable(tx, slug);
    if (before && before.season !== slug) await refreshSeasonTable(tx, before.season);
    return report;
  });
  // Once committed: no reader is served the figures from before. Here rather than by a route's declared
  // change: a read that finds an ended match without its report keeps it through here too.
  publicAnswers(db).forget();
  return kept;
}

/**
 * After any change to a match: an ended one keeps a fresh report; one with a report that is no longer
 * ended (reopened) leaves its season's table until it ends again. Its caller, the match update, says it
 * changed `reports`: a reopened match's page is no longer public, and its season's table has left it.
 */
export async function keepReportsCurrent(db: Database, matchId: number): Promise<void> {
  if (await storeMatchReport(db, matchId)) return;
  // A live match that never ended (a goal, half-time) has no report to withdraw: no lock, no forgetting.
  const [had] = await db
    .select({ season: matchReports.season })
    .from(matchReports)
    .where(eq(matchReports.matchId, matchId));
  if (!had) return;
  await db.transaction(async (tx) => {
    await lockSeasons(tx);
    const [kept] = await tx
      .select({ season: matchReports.season })
      .from(matchReports)
      .where(eq(matchReports.matchId, matchId));
    if (kept) await refreshSeasonTable(tx, kept.season);
  });
}

/**
 * The kept report of an ended match; one that ended without a report being kept (before reports
 * existed) is computed and kept now. A match that is live (reopened included) or not started has none.
 * One an admin hid from the history has none either, answered as a match that never was: its page, its
 * shared link and card, and a fan's card of it all read it here.
 */
export async function readMatchReport(db: Database, matchId: number): Promise<MatchReport> {
  const [found] = await db
    .select({
      isLive: matches.isLive,
      startedAt: matches.startedAt,
      hiddenAt: matches.hiddenAt,
      report: matchReports.report,
    })
    .from(matches)
    .leftJoin(matchReports, eq(matchReports.matchId, matches.id))
    .where(eq(matches.id, matchId));
  if (!found || found.hiddenAt || !hasEnded(found)) throw notFound(REPORT_ERRORS.notFound);
  if (found.report) return matchReport.parse(found.report);
  const stored = await storeMatchReport(db, matchId);
  if (!stored) throw notFound(REPORT_ERRORS.notFound);
  return stored;
}

/** Databases whose matches that ended before reports were kept have theirs (once per process). */
const backfilled = new WeakMap<Database, Promise<void>>();

/**
 * Keeps the reports of matches that ended before reports existed, once per process: every public read
 * of the season (list, seasons, tables, players, a fan's history) waits for it, so an upgraded club's past
 * is there whichever page is opened first.
 */
export function reportsBackfilled(db: Database): Promise<void> {
  let done = backfilled.get(db);
  if (!done) {
    done = (async () => {
      const missing = await rows<{ id: number }>(
        db,
        sql`select m.id from matches m left join match_reports r on r.match_id = m.id
            where not m.is_live and m.started_at is not null and r.match_id is null`,
      );
      for (const { id } of missing) await storeMatchReport(db, id);
    })();
    // A failed backfill is tried again on the next read.
    done.catch(() => backfilled.delete(db));
    backfilled.set(db, done);
  }
  return done;
}

/**
 * Ended matches, newest first, a page at a time, each with its score, MOTM and best-rated player; none an
 * admin hid from the history.
 */
export async function listMatchReports(db: Database, page: number): Promise<MatchSummaryPage> {
  const offset = (page - 1) * MATCH_REPORTS_PAGE_SIZE;
  const list = await db
    .select({ report: matchReports.report })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .where(sql`not ${matches.isLive} and ${matches.hiddenAt} is null`)
    .orderBy(desc(matchReports.playedOn), desc(matchReports.matchId))
    .limit(MATCH_REPORTS_PAGE_SIZE + 1)
    .offset(offset);
  const [counted] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from match_reports r join matches m on m.id = r.match_id
        where not m.is_live and m.hidden_at is null`,
  );
  const items = list.slice(0, MATCH_REPORTS_PAGE_SIZE).map(({ report: raw }) => {
    const report = matchReport.parse(raw);
    const top = report.players[0];
    return {
      id: report.match.id,
      title: report.match.title,
      opponent: report.match.opponent,
      score: report.match.score,
      playedOn: report.match.playedOn,
      season: report.season,
      motm: report.motm
        ? { id: report.motm.player.id, name: report.motm.player.name, percentage: report.motm.percentage }
        : null,
      topRated: top ? { id: top.id, name: top.name, averageRating: top.averageRating } : null,
    };
  });
  return {
    items,
    page,
    nextPage: list.length > MATCH_REPORTS_PAGE_SIZE ? page + 1 : null,
    total: counted?.n ?? 0,
  };
}
