import {
  CONTROVERSIAL_SIZE,
  type controversialList,
  type historicalExport,
  type motmLeaderboard,
  type participation,
  type playerDistributions,
  type ratingsTimeline,
  type returnUsers,
} from '@shared/analytics';
import { matchExportStatus } from '@shared/matches';
import { averageOf, percentOf } from '@shared/percent';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, rows } from '../../db/client';
import { players } from '../../db/schema';
import type { MatchSnapshot } from '../match-day/results.service';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A fan's final vote is a user_votes row marked complete. */
const FINAL = sql.raw('is_complete');

/** Final votes of one match, or of every match. */
export async function countFinalVotes(db: Database, matchId?: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_votes
        where ${FINAL} ${matchId === undefined ? sql`` : sql`and match_id = ${matchId}`}`,
  );
  return row?.n ?? 0;
}

/** Fans with final votes in two or more matches, out of fans with at least one. */
export async function returnUserFigures(db: Database): Promise<z.infer<typeof returnUsers>> {
  const [row] = await rows<{ returning: number; total: number }>(
    db,
    sql`select count(*) filter (where matches >= 2)::int as returning, count(*)::int as total
        from (select user_id, count(distinct match_id) as matches from user_votes
              where ${FINAL} and user_id is not null group by user_id) per_user`,
  );
  const returning = row?.returning ?? 0;
  const total = row?.total ?? 0;
  return { returnUsers: returning, totalUsers: total, loyaltyRate: percentOf(returning, total) };
}

/** Fans who rated at least one player of the match but have no final vote in it (per match). */
const partialVoters = (matchFilter: ReturnType<typeof sql>) => sql`
  select r.match_id, count(distinct r.user_id)::int as n from ratings r
  where ${matchFilter} and r.user_id is not null
    and not exists (select 1 from user_votes v
                    where v.match_id = r.match_id and v.user_id = r.user_id and v.${FINAL})
  group by r.match_id`;

export async function participationFigures(
  db: Database,
  matchId: number,
): Promise<z.infer<typeof participation>> {
  const [row] = await rows<{ complete: number; partial: number }>(
    db,
    sql`select
          (select count(*)::int from user_votes where match_id = ${matchId} and ${FINAL}) as complete,
          coalesce((select n from (${partialVoters(sql`r.match_id = ${matchId}`)}) p), 0)::int as partial`,
  );
  const complete = row?.complete ?? 0;
  const partial = row?.partial ?? 0;
  return {
    completeVotes: complete,
    partialVotes: partial,
    completionRate: percentOf(complete, complete + partial),
  };
}

/** Every player, by final votes naming them Man of the Match, most first; percentages of votes cast for one. */
export async function motmLeaderboardOf(
  db: Database,
  matchId: number,
): Promise<z.infer<typeof motmLeaderboard>> {
  const list = await rows<{
    id: number;
    name: string;
    position: string;
    image: string | null;
    n: number;
    total: number;
  }>(
    db,
    sql`select p.id, p.name, p.position, p.image, v.n, (sum(v.n) over ())::int as total
        from (select motm_player_id, count(*)::int as n from user_votes
              where match_id = ${matchId} and ${FINAL} and motm_player_id is not null
              group by motm_player_id) v
        join players p on p.id = v.motm_player_id
        order by v.n desc, p.name asc, p.id asc`,
  );
  return list.map((r) => ({
    player: { id: r.id, name: r.name, position: r.position, image: r.image },
    voteCount: r.n,
    percentage: percentOf(r.n, r.total),
  }));
}

/**
 * Ratings per match minute (by when each was made or last changed), from the match's start time: a
 * rating 30 s after kick-off is in minute 1. A match reset to preparing has no start time: its first
 * rating stands in for kick-off.
 */
export async function ratingsTimelineOf(
  db: Database,
  matchId: number,
): Promise<z.infer<typeof ratingsTimeline>> {
  // Gaps are filled with zeros for a day at most: a chart of a longer span shows only busy minutes.
  return rows<{ minute: number; ratings: number }>(
    db,
    sql`with kick_off as (
          select coalesce(m.started_at, (select min(updated_at) from ratings where match_id = m.id)) as at
          from matches m where m.id = ${matchId}),
        per_minute as (
          select greatest(0, floor(extract(epoch from (r.updated_at - k.at)) / 60) + 1)::int as minute,
                 count(*)::int as n
          from ratings r cross join kick_off k where r.match_id = ${matchId} group by 1),
        minutes as (
          select generate_series(1, least(hi, 24 * 60)) as minute
          from (select max(minute) as hi from per_minute) span where hi >= 1)
        select coalesce(minutes.minute, per_minute.minute)::int as minute,
               coalesce(per_minute.n, 0)::int as ratings
        from minutes full join per_minute on per_minute.minute = minutes.minute
        order by 1`,
  );
}

async function playersById(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, z.infer<typeof playerDistributions>[number]['player']>();
  const list = await db
    .select({ id: players.id, name: players.name, position: players.position, image: players.image })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(list.map((p) => [p.id, p]));
}

/** Every rated player of the match with the spread of their ratings, from the match's cached figures. */
export async function playerDistributionsOf(
  db: Database,
  snapshot: MatchSnapshot,
): Promise<z.infer<typeof playerDistributions>> {
  const byId = await playersById(db, [...snapshot.players.keys()]);
  const list: z.infer<typeof playerDistributions> = [];
  for (const [playerId, f] of snapshot.players) {
    const player = byId.get(playerId);
    if (!player || f.count === 0) continue;
    list.push({ player, averageRating: averageOf(f.sum, f.count), ratingCount: f.count, counts: f.counts });
  }
  return list.sort((a, b) => b.averageRating - a.averageRating || a.player.name.localeCompare(b.player.name));
}

/**
 * The players fans disagree on most: population variance of their ratings (at least 2), highest
 * first, from the match's cached per-value counts. A player everyone rated alike (variance 0) is not
 * controversial at all, so is left out.
 */
export async function controversialOf(
  db: Database,
  snapshot: MatchSnapshot,
): Promise<z.infer<typeof controversialList>> {
  const ranked = [...snapshot.players.entries()]
    .filter(([, f]) => f.count >= 2)
    .map(([playerId, f]) => {
      const sumOfSquares = f.counts.reduce((acc, n, i) => acc + n * (i + 1) ** 2, 0);
      // Exact in integers until the last division: (n * sum(x^2) - sum(x)^2) / n^2.
      const variance = (f.count * sumOfSquares - f.sum * f.sum) / (f.count * f.count);
      return { playerId, count: f.count, sum: f.sum, variance };
    })
    .filter((r) => r.variance > 0);
  const byId = await playersById(
    db,
    ranked.map((r) => r.playerId),
  );
  return ranked
    .flatMap((r) => {
      const player = byId.get(r.playerId);
      return player ? [{ ...r, player }] : [];
    })
    .sort(
      (a, b) => b.variance - a.variance || b.count - a.count || a.player.name.localeCompare(b.player.name),
    )
    .slice(0, CONTROVERSIAL_SIZE)
    .map((r) => ({
      player: { id: r.player.id, name: r.player.name, position: r.player.position },
      averageRating: averageOf(r.sum, r.count),
      variance: round2(r.variance),
      ratingCount: r.count,
    }));
}

/** One entry per completed (ended) match, newest first, in one query. */
export async function historicalExportOf(db: Database): Promise<z.infer<typeof historicalExport>> {
  const list = await rows<{
    title: string;
    opponent: string;
    venue: string;
    tournament: string;
    scheduled_date: string | null;
    kick_off_time: string;
    score: string;
    is_live: boolean;
    started_at: string | null;
    total: number;
    with_motm: number;
    motm_name: string | null;
    motm_n: number;
    partial: number;
  }>(
    db,
    sql`with ended as (select * from matches where not is_live and started_at is not null),
        votes as (
          select match_id, count(*)::int as total,
                 count(*) filter (where motm_player_id is not null)::int as with_motm
          from user_votes where ${FINAL} and match_id in (select id from ended) group by match_id),
        motm as (
          select distinct on (v.match_id) v.match_id, p.name, v.n
          from (select match_id, motm_player_id, count(*)::int as n from user_votes
                where ${FINAL} and motm_player_id is not null and match_id in (select id from ended)
                group by match_id, motm_player_id) v
          join players p on p.id = v.motm_player_id
          order by v.match_id, v.n desc, p.name asc, p.id asc),
        partial as (${partialVoters(sql`r.match_id in (select id from ended)`)})
        select m.title, m.opponent, m.venue, m.tournament, m.scheduled_date::text as scheduled_date,
               m.kick_off_time, m.score, m.is_live, m.started_at::text as started_at,
               coalesce(votes.total, 0)::int as total, coalesce(votes.with_motm, 0)::int as with_motm,
               motm.name as motm_name, coalesce(motm.n, 0)::int as motm_n,
               coalesce(partial.n, 0)::int as partial
        from ended m
        left join votes on votes.match_id = m.id
        left join motm on motm.match_id = m.id
        left join partial on partial.match_id = m.id
        order by m.started_at desc, m.id desc`,
  );
  return list.map((m) => ({
    matchTitle: m.title,
    opponent: m.opponent,
    venue: m.venue,
    tournament: m.tournament,
    date: m.scheduled_date,
    scheduledKickOff: m.kick_off_time,
    score: m.score,
    totalVotes: m.total,
    manOfTheMatch: m.motm_name,
    motmVoteCount: m.motm_n,
    motmPercentage: percentOf(m.motm_n, m.with_motm),
    completeVotes: m.total,
    partialVotes: m.partial,
    completionRate: percentOf(m.total, m.total + m.partial),
    isLive: m.is_live,
    status: matchExportStatus({ isLive: m.is_live, startedAt: m.started_at }),
  }));
}
