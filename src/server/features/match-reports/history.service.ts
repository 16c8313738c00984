import { matchReport } from '@shared/match-reports';
import type { UserHistory } from '@shared/seasons';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { reportsBackfilled } from './match-reports.service';

/** How many of the fan's largest gaps from the crowd are named. */
const BIGGEST = 5;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A fan's record over the ended matches they rated: each of their ratings beside the crowd's average
 * (from the kept report), their MOTM pick beside the crowd's, and where they differed most. A match an
 * admin hid from the history is out of theirs too.
 */
export async function readUserHistory(db: Database, userId: string): Promise<UserHistory> {
  await reportsBackfilled(db);
  const mine = await rows<{ match_id: number; player_id: number; rating: number }>(
    db,
    sql`select r.match_id, r.player_id, r.rating from ratings r join matches m on m.id = r.match_id
        where r.user_id = ${userId} and not m.is_live and m.started_at is not null and m.hidden_at is null`,
  );
  const votes = await rows<{ match_id: number; motm_player_id: number | null }>(
    db,
    sql`select match_id, motm_player_id from user_votes where user_id = ${userId}`,
  );
  const picks = new Map(votes.map((v) => [v.match_id, v.motm_player_id]));
  const matchIds = [...new Set(mine.map((r) => r.match_id))];
  const kept = matchIds.length
    ? await rows<{ match_id: number; report: unknown }>(
        db,
        sql`select match_id, report from match_reports where match_id in ${matchIds}`,
      )
    : [];
  const reports = new Map(kept.map((k) => [k.match_id, matchReport.parse(k.report)]));

  const matches: UserHistory['matches'] = [];
  for (const report of [...reports.values()].sort(
    (a, b) => b.match.playedOn.localeCompare(a.match.playedOn) || b.match.id - a.match.id,
  )) {
    const crowd = new Map(report.players.map((p) => [p.id, p]));
    // In the crowd's order (best first), as the match page lists them.
    const place = new Map(report.players.map((p, i) => [p.id, i]));
    const ratings = mine
      .filter((r) => r.match_id === report.match.id && crowd.has(r.player_id))
      .map((r) => {
        const player = crowd.get(r.player_id) as (typeof report.players)[number];
        return {
          playerId: player.id,
          name: player.name,
          myRating: r.rating,
          crowdAverage: player.averageRating,
          difference: round1(r.rating - player.averageRating),
        };
      })
      .sort((a, b) => (place.get(a.playerId) ?? 0) - (place.get(b.playerId) ?? 0));
    const pick = picks.get(report.match.id) ?? null;
    const winners = report.motm ? [report.motm.player, ...report.motm.tiedWith] : [];
    const pickName =
      pick === null ? null : (crowd.get(pick)?.name ?? winners.find((w) => w.id === pick)?.name);
    matches.push({
      matchId: report.match.id,
      opponent: report.match.opponent,
      score: report.match.score,
      playedOn: report.match.playedOn,
      season: report.season,
      ratings,
      myMotm: pick !== null && pickName ? { id: pick, name: pickName } : null,
      crowdMotm: report.motm ? { id: report.motm.player.id, name: report.motm.player.name } : null,
      agreed: pick === null ? null : winners.some((w) => w.id === pick),
    });
  }
  const biggestDifferences = matches
    .flatMap((m) => m.ratings.map((r) => ({ ...r, matchId: m.matchId, opponent: m.opponent })))
    .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference) || b.matchId - a.matchId)
    .slice(0, BIGGEST);
  const withPick = matches.filter((m) => m.agreed !== null);
  return {
    matches,
    biggestDifferences,
    motmPicks: withPick.length,
    motmAgreed: withPick.filter((m) => m.agreed).length,
  };
}
