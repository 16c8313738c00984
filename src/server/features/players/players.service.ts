import type { ClubColours } from '@shared/club-colours';
import { RECENT_FORM_SIZE, seasonOf } from '@shared/domain';
import { clubScore, matchReport } from '@shared/match-reports';
import { PLAYER_ERRORS, type Player, type SeasonStats } from '@shared/players';
import { seasonTable } from '@shared/seasons';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { matches, matchReports, type PlayerRow, players, seasonTables } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { getClubColours, getSeasonStartMonth } from '../settings/settings.service';
import { portraitSpec, portraitUrl } from './player-portrait.service';

const outcome = ({ club, opponent }: { club: number; opponent: number }) =>
  club > opponent ? 'W' : club < opponent ? 'L' : 'D';

/**
 * GET /api/players/available-for-rating is always fresh: never kept by the browser, and the server's copy
 * is dropped by any change to the squad. Its route and the fast reads (plugins/fast-reads.ts) send it.
 */
export const AVAILABLE_CACHE_CONTROL = 'no-store';

function toPlayer(row: PlayerRow, colours: ClubColours): Player {
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
    portraitUrl: portraitUrl(portraitSpec(row, colours)),
  };
}

/** Rows as every answer shows players: their portraits' addresses name the club's current colours. */
export async function toPlayers(db: Database, list: PlayerRow[]): Promise<Player[]> {
  const colours = await getClubColours(db);
  return list.map((row) => toPlayer(row, colours));
}

/** One row as answers show it (see toPlayers). */
export async function toShownPlayer(db: Database, row: PlayerRow): Promise<Player> {
  return toPlayer(row, await getClubColours(db));
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
  return toPlayers(db, list);
}

export async function listAvailablePlayers(db: Database): Promise<Player[]> {
  const list = await db
    .select()
    .from(players)
    .where(and(eq(players.isActive, true), eq(players.isAvailableForRating, true)))
    .orderBy(...squadOrder);
  return toPlayers(db, list);
}

/** A match's day: its scheduled date, else the day it started or was created. */
const matchDay = sql`coalesce(m.scheduled_date, (m.started_at at time zone 'UTC')::date, (m.created_at at time zone 'UTC')::date)`;

/**
 * The season of the newest match (by its day), or of today when there is none, seasons starting in
 * `startMonth`. A match hidden from the history does not make a season current.
 */
async function currentSeason(db: Database, startMonth: number) {
  const [newest] = await rows<{ day: string | null }>(
    db,
    sql`select max(${matchDay})::text as day from matches m where m.hidden_at is null`,
  );
  return seasonOf(newest?.day ? new Date(`${newest.day}T12:00:00Z`) : new Date(), startMonth);
}

/**
 * The stats dialog's figures for the season of the newest match (seasons as the club's start month says),
 * from the same kept data as the season table: the player's row there (the mean of their match averages,
 * matches rated, fan ratings, MOTM awards) and the season's last five ended matches from their reports.
 * Nothing invented; a player the table does not list has nothing recorded yet.
 */
export async function seasonStats(db: Database, playerId: number): Promise<SeasonStats> {
  const [exists] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  if (!exists) throw notFound(PLAYER_ERRORS.notFound);
  const season = await currentSeason(db, await getSeasonStartMonth(db));

  // Read here rather than through the seasons service, which builds on this one.
  const [kept] = await db
    .select({ table: seasonTables.table })
    .from(seasonTables)
    .where(eq(seasonTables.season, season.slug));
  const figures = kept
    ? seasonTable.parse(kept.table).players.find((r) => r.player.id === playerId)
    : undefined;
  const recent = await db
    .select({ report: matchReports.report })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .where(and(eq(matchReports.season, season.slug), eq(matches.isLive, false), isNull(matches.hiddenAt)))
    .orderBy(desc(matchReports.playedOn), desc(matchReports.matchId))
    .limit(RECENT_FORM_SIZE);

  return {
    playerId,
    seasonLabel: season.label,
    averageRating: figures?.averageRating ?? null,
    ratingCount: figures?.ratingCount ?? 0,
    matchesRated: figures?.matchesRated ?? 0,
    motmAwards: figures?.motmAwards ?? 0,
    recentForm: recent.map(({ report: raw }) => {
      const { match, players: rated } = matchReport.parse(raw);
      return {
        matchId: match.id,
        opponent: match.opponent,
        score: match.score,
        result: outcome(clubScore(match)),
        playerAverage: rated.find((p) => p.id === playerId)?.averageRating ?? null,
      };
    }),
  };
}
