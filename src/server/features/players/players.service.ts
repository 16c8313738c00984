import { seasonOf } from '@shared/domain';
import { averageOf } from '@shared/percent';
import type { Player, SeasonStats } from '@shared/players';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { clubColours } from '../settings/club-colours.service';
import { portraitSpec, portraitUrl } from './player-portrait.service';

export function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    image: row.image,
    jerseyNumber: row.jerseyNumber,
    isManager: row.isManager,
    isSubstitute: row.isSubstitute,
    isAvailableForRating: row.isAvailableForRating,
    isActive: row.isActive,
    apiPlayerId: row.apiPlayerId,
    portraitUrl: portraitUrl(portraitSpec(row, clubColours())),
  };
}

/** The player's row by id, whether active or not, or undefined. */
export async function findPlayer(db: Database, id: number): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1);
  return row;
}

const squadOrder = [asc(players.isManager), asc(players.jerseyNumber), asc(players.name)];

export async function listPlayers(db: Database): Promise<Player[]> {
  const list = await db
    .select()
    .from(players)
    .where(eq(players.isActive, true))
    .orderBy(...squadOrder);
  return list.map(toPlayer);
}

export async function listAvailablePlayers(db: Database): Promise<Player[]> {
  const list = await db
    .select()
    .from(players)
    .where(and(eq(players.isActive, true), eq(players.isAvailableForRating, true)))
    .orderBy(...squadOrder);
  return list.map(toPlayer);
}

/** A match's day: its scheduled date, else the day it started or was created. */
const matchDay = sql`coalesce(m.scheduled_date, (m.started_at at time zone 'UTC')::date, (m.created_at at time zone 'UTC')::date)`;

/** The season of the newest match (by its day), or of today when there is none. */
async function currentSeason(db: Database) {
  const [newest] = await rows<{ day: string | null }>(
    db,
    sql`select max(${matchDay})::text as day from matches m`,
  );
  return seasonOf(newest?.day ? new Date(`${newest.day}T12:00:00Z`) : new Date());
}

/**
 * The stats dialog's figures from our own data, for the season of the newest match: fan ratings, MOTM
 * awards in ended matches, and the last five ended matches' results. Nothing invented.
 */
export async function seasonStats(db: Database, playerId: number): Promise<SeasonStats> {
  const [exists] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  if (!exists) throw notFound('Player not found');
  const season = await currentSeason(db);
  const inSeason = sql`${matchDay} >= ${season.start}::date and ${matchDay} < ${season.end}::date`;

  const [overall] = await rows<{ n: number; s: number | null; matches: number }>(
    db,
    sql`select count(*)::int as n, sum(r.rating)::int as s, count(distinct r.match_id)::int as matches
        from ratings r join matches m on m.id = r.match_id
        where r.player_id = ${playerId} and ${inSeason}`,
  );
  const [awards] = await rows<{ n: number }>(
    db,
    sql`with tally as (
          select v.match_id, v.motm_player_id, count(*) as votes,
                 max(count(*)) over (partition by v.match_id) as top
          from user_votes v join matches m on m.id = v.match_id
          where not m.is_live and m.started_at is not null and v.motm_player_id is not null and ${inSeason}
          group by v.match_id, v.motm_player_id)
        select count(*)::int as n from tally where motm_player_id = ${playerId} and votes = top`,
  );
  const form = await rows<{
    id: number;
    opponent: string;
    score: string;
    home: number;
    away: number;
    total: number;
    n: number;
  }>(
    db,
    sql`select m.id, m.opponent, m.score, m.home_score as home, m.away_score as away,
               coalesce(r.total, 0)::int as total, coalesce(r.n, 0)::int as n
        from matches m
        left join lateral (select sum(rating) as total, count(*) as n from ratings
                           where match_id = m.id and player_id = ${playerId}) r on true
        where not m.is_live and m.started_at is not null and ${inSeason}
        order by m.started_at desc limit 5`,
  );
  const n = overall?.n ?? 0;
  return {
    playerId,
    seasonLabel: season.label,
    averageRating: n > 0 ? averageOf(overall?.s ?? 0, n) : null,
    ratingCount: n,
    matchesRated: overall?.matches ?? 0,
    motmAwards: awards?.n ?? 0,
    recentForm: form.map((m) => ({
      matchId: m.id,
      opponent: m.opponent,
      score: m.score,
      // The score reads 'home-away' with the club first.
      result: m.home > m.away ? 'W' : m.home < m.away ? 'L' : 'D',
      playerAverage: m.n === 0 ? null : averageOf(m.total, m.n),
    })),
  };
}
