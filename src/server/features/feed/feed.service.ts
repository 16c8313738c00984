import type { FeedSettings, FeedStatus } from '@shared/feed';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rows } from '../../db/client';
import { type MatchRow, matches, type PlayerRow, players, ratings } from '../../db/schema';
import type { Changed } from '../../lib/changes';
import { keepReportsCurrent } from '../match-reports/match-reports.service';
import {
  CALLED_OFF_STATUSES,
  goingAhead,
  matchUpdateChanges,
  POSTPONED_STATUSES,
  updateMatch,
} from '../matches/matches.service';
import { PROVIDER_PLAYER_IMAGE, storeImage } from '../uploads/uploads.service';
import {
  claimPoll,
  instant,
  markSynced,
  noteSquadByHand,
  pollBy,
  readFeedSettings,
  readFeedState,
  recordFailure,
  recordSuccess,
  saveFeedSettings,
  setNextPoll,
  spendRequest,
  statusOf,
} from './feed-store';
import {
  type FootballProvider,
  type ProviderAnswer,
  ProviderError,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderLineup,
} from './provider';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The provider's status codes, grouped as the feed acts on them. */
const IN_PLAY = new Set(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'LIVE', 'INT', 'SUSP']);
const FINISHED = new Set(['FT', 'AET', 'PEN']);
const CALLED_OFF = new Set(CALLED_OFF_STATUSES);
const NOT_ON = new Set(POSTPONED_STATUSES);

/** Lineups are looked for from this long before kick-off (they usually appear 20 to 40 minutes before). */
export const LINEUP_WINDOW_MS = 90 * MINUTE;
const LINEUP_POLL_MS = 5 * MINUTE;
/** A live match is read at most this often, and at least this often while the budget allows. */
const LIVE_POLL_MIN_MS = MINUTE;
const LIVE_POLL_MAX_MS = 15 * MINUTE;
/** A match is expected over this long after kick-off (extra time, stoppages): the live budget spreads over it. */
const MATCH_SPAN_MS = 135 * MINUTE;
/** Calls a live poll makes: the fixture, and its events. */
const CALLS_PER_LIVE_POLL = 2;
/** Requests kept back from the live polls for a lineup or a resync. */
const RESERVE = 4;
const FIXTURES_EVERY_MS = 24 * HOUR;
const SQUAD_EVERY_MS = 7 * 24 * HOUR;
const IDLE_POLL_MS = 6 * HOUR;
/** How long a claimed poll is held if its instance dies while it runs. */
const LEASE_MS = 2 * MINUTE;

/** The day's budget is spent: the feed waits for the next UTC day, the match goes on by hand. */
class BudgetSpent extends Error {
  override name = 'BudgetSpent';
}

export interface MatchFeedDeps {
  db: Database;
  /** Null when FOOTBALL_API_URL and FOOTBALL_API_KEY are not both set: the feed does nothing. */
  provider: FootballProvider | null;
  envTeamId: number | undefined;
  clubName: string;
  timeZone: string;
  /** The feed's clock; tests and the simulator run it fast. */
  now: () => number;
  applyChanges: (changes: readonly Changed[]) => void;
  log: FastifyBaseLogger;
  /** Downloads a player's photo from the provider's media host (not a counted request); none: no photos. */
  downloadPhoto?: (url: string) => Promise<Buffer>;
}

/** Photos downloaded at once: polite to the provider's media host. */
const PHOTO_CONCURRENCY = 4;

const POSITION_OF_CODE: Record<string, string> = {
  G: 'Goalkeeper',
  D: 'Centre-Back',
  M: 'Central Midfield',
  F: 'Centre-Forward',
  Goalkeeper: 'Goalkeeper',
  Defender: 'Centre-Back',
  Midfielder: 'Central Midfield',
  Attacker: 'Centre-Forward',
};
const positionOf = (code: string | null | undefined) => POSITION_OF_CODE[code ?? ''] ?? 'Central Midfield';
/** A name as two spellings of it compare: no accents, case or extra spaces. */
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const shirt = (n: number | null | undefined) => (n && n >= 1 && n <= 99 ? n : null);

/** The provider's season of a moment: the year it started (seasons start in July). */
export function providerSeason(at: number): number {
  const d = new Date(at);
  return d.getUTCMonth() >= 6 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

/** A kick-off's day and time as the club states them, in its time zone. */
export function clubDayAndTime(at: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** When a failed poll is tried again: the provider's own word, else longer with each failure in a row. */
export function backoffMs(error: unknown, failures: number, now: number): number {
  if (error instanceof BudgetSpent) return nextUtcDay(now) - now + MINUTE;
  if (error instanceof ProviderError) {
    if (error.kind === 'quota') return nextUtcDay(now) - now + MINUTE;
    if (error.kind === 'auth' || error.kind === 'refused') return HOUR;
    if (error.retryAfterMs !== undefined) return Math.min(Math.max(error.retryAfterMs, 1000), 15 * MINUTE);
  }
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), 10 * MINUTE);
}

const nextUtcDay = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};

/**
 * The football-data feed: the club's fixtures become matches, the lineup is published for rating when it
 * appears, and the match runs itself (live at kick-off, the score from the provider's goals, half time,
 * substitutes made rateable as they come on, full time and a voting window that closes by itself). One
 * instance makes each poll (claimed in the shared state), within the admin's daily budget; a failure backs
 * off and never stops the match: the admin's controls keep working, and a match the admin ended by hand is
 * never reopened. Every write says what it changed as a route does (`applyChanges`).
 */
export class MatchFeed {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: MatchFeedDeps) {}

  get configured(): boolean {
    return this.deps.provider !== null;
  }

  now(): number {
    return this.deps.now();
  }

  /** An admin set the players for rating by hand: a lineup found later for that match does not replace them. */
  noteSquadByHand(): Promise<void> {
    return noteSquadByHand(this.deps.db, this.now());
  }

  /** Checks every `checkMs` whether a poll is due (a cheap claim in the shared state). */
  start(checkMs = 5_000): void {
    if (this.timer || !this.configured) return;
    this.timer = setInterval(() => void this.step(), checkMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: closes voting windows that are over, then makes the poll that is due, if any. */
  step(): Promise<void> {
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  async status(): Promise<FeedStatus> {
    const { db } = this.deps;
    const settings = await readFeedSettings(db, this.deps.envTeamId);
    return statusOf(await readFeedState(db), settings, this.configured, this.now());
  }

  async saveSettings(settings: FeedSettings): Promise<FeedStatus> {
    await saveFeedSettings(this.deps.db, settings);
    // A new team or budget is acted on at the next check, not in hours.
    await pollBy(this.deps.db, this.now());
    return this.status();
  }

  /** The admin's "sync now": fixtures and squad, whatever the schedule, within the day's budget. */
  async syncNow(): Promise<FeedStatus> {
    const settings = await readFeedSettings(this.deps.db, this.deps.envTeamId);
    const teamId = settings.teamId;
    if (this.deps.provider && teamId !== null) {
      await this.guarded(async () => {
        await this.syncFixtures(teamId, settings);
        await this.syncSquad(teamId, settings);
      });
      await pollBy(this.deps.db, this.now());
    }
    return this.status();
  }

  private async pass(): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    await this.guarded(() => this.closeWindows(now));
    if (!this.deps.provider) return;
    if (!(await claimPoll(db, now, now + LEASE_MS))) return;
    const settings = await readFeedSettings(db, this.deps.envTeamId);
    const teamId = settings.teamId;
    if (teamId === null) {
      await setNextPoll(db, now + IDLE_POLL_MS);
      return;
    }
    // On a failure the back-off has set the next poll.
    const next = await this.guarded(() => this.poll(teamId, settings, now));
    if (next !== undefined) await setNextPoll(db, next);
  }

  /**
   * Runs feed work, keeping its failure in the shared state with the poll backed off; undefined then. The
   * match never waits on it: the admin's controls work whatever the feed's state.
   */
  private async guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
    const { db, log } = this.deps;
    const now = this.now();
    try {
      return await work();
    } catch (error) {
      const expected = error instanceof ProviderError || error instanceof BudgetSpent;
      if (expected) log.warn({ err: error }, 'football-data feed: backing off');
      else log.error({ err: error }, 'football-data feed failed');
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const failures = await recordFailure(
        db,
        now,
        message,
        error instanceof ProviderError ? error.remaining : undefined,
      ).catch(() => 1);
      await setNextPoll(db, now + backoffMs(error, failures, now)).catch(() => undefined);
      return undefined;
    }
  }

  /** One provider call, counted against the day's budget before it is made. */
  private async call<T>(settings: FeedSettings, request: () => Promise<ProviderAnswer<T>>): Promise<T[]> {
    const { db } = this.deps;
    const now = this.now();
    if (!(await spendRequest(db, now, settings.dailyBudget)))
      throw new BudgetSpent('daily request budget spent');
    const answer = await request();
    await recordSuccess(db, now, answer.remaining);
    return answer.items;
  }

  private get provider(): FootballProvider {
    if (!this.deps.provider) throw new Error('no provider');
    return this.deps.provider;
  }

  /** What is due now; the answer is when to poll next. */
  private async poll(teamId: number, settings: FeedSettings, now: number): Promise<number> {
    const state = await readFeedState(this.deps.db);
    if (!state.fixturesSyncedAt || now - state.fixturesSyncedAt.getTime() >= FIXTURES_EVERY_MS)
      await this.syncFixtures(teamId, settings);
    if (!state.squadSyncedAt || now - state.squadSyncedAt.getTime() >= SQUAD_EVERY_MS)
      await this.syncSquad(teamId, settings);
    const nextResync = (state.fixturesSyncedAt?.getTime() ?? now) + FIXTURES_EVERY_MS;

    const match = await this.matchOfTheMoment(now);
    if (!match) {
      const upcoming = await this.nextKickOff(now);
      const lineupTime = upcoming === null ? Number.POSITIVE_INFINITY : upcoming - LINEUP_WINDOW_MS;
      return Math.max(now + MINUTE, Math.min(now + IDLE_POLL_MS, nextResync, lineupTime));
    }
    const kickOff = match.kickOffAt?.getTime() ?? now;
    if (!match.isLive && now < kickOff) {
      const published =
        match.lineupPublishedAt !== null || (await this.publishLineup(match, teamId, settings));
      return published ? kickOff : Math.min(now + LINEUP_POLL_MS, kickOff);
    }
    await this.follow(match, teamId, settings);
    return now + (await this.liveInterval(settings, kickOff, now));
  }

  /** The live polls spread the day's budget left over what is left of the match. */
  private async liveInterval(settings: FeedSettings, kickOff: number, now: number): Promise<number> {
    const state = await readFeedState(this.deps.db);
    const today = new Date(now).toISOString().slice(0, 10);
    const spent = state.day === today ? state.requestsToday : 0;
    const polls = Math.max(1, Math.floor((settings.dailyBudget - spent - RESERVE) / CALLS_PER_LIVE_POLL));
    const left = Math.max(15 * MINUTE, kickOff + MATCH_SPAN_MS - now);
    return Math.min(LIVE_POLL_MAX_MS, Math.max(LIVE_POLL_MIN_MS, Math.ceil(left / polls)));
  }

  /**
   * The feed's match now: one it follows that is live, or one whose kick-off is near (from the lineup
   * window on) and that has not begun, is not postponed and was not called off. A match an admin ended by
   * hand is not it.
   */
  private async matchOfTheMoment(now: number): Promise<MatchRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(matches)
      .where(
        and(
          isNotNull(matches.providerFixtureId),
          isNull(matches.fullTimeAt),
          sql`(${matches.isLive} or (${matches.startedAt} is null
                and ${matches.kickOffAt} between ${instant(now - 6 * HOUR)} and ${instant(now + LINEUP_WINDOW_MS)}
                and ${goingAhead}))`,
        ),
      )
      .orderBy(sql`${matches.isLive} desc, ${matches.kickOffAt} asc`)
      .limit(1);
    return row;
  }

  private async nextKickOff(now: number): Promise<number | null> {
    const [row] = await rows<{ at: Date | string | null }>(
      this.deps.db,
      sql`select min(kick_off_at) as at from matches
          where provider_fixture_id is not null and started_at is null and kick_off_at > ${instant(now)}
            and ${goingAhead}`,
    );
    return row?.at ? new Date(row.at).getTime() : null;
  }

  /** Every fixture of the season becomes a match, one per fixture, kept in step while it has not begun. */
  private async syncFixtures(teamId: number, settings: FeedSettings): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    const fixtures = await this.call(settings, () => this.provider.fixtures(teamId, providerSeason(now)));
    const changed: Changed[] = [];
    for (const fx of fixtures) {
      const id = await this.keepFixture(fx, teamId, now);
      if (id !== null) changed.push({ kind: 'match', matchId: id, change: { kind: 'details', score: '' } });
    }
    await markSynced(db, 'fixtures', now);
    if (changed.length > 0) this.deps.applyChanges(changed);
  }

  /** The match of one fixture, made or brought in step; its id when anything changed. */
  private async keepFixture(fx: ProviderFixture, teamId: number, now: number): Promise<number | null> {
    const { db, clubName, timeZone } = this.deps;
    const kickOff = new Date(fx.fixture.date);
    if (Number.isNaN(kickOff.getTime())) return null;
    const home = fx.teams.home.id === teamId;
    const opponent = home ? fx.teams.away.name : fx.teams.home.name;
    const status = fx.fixture.status.short;
    const { day, time } = clubDayAndTime(kickOff, timeZone);
    const details = {
      title: home ? `${clubName} vs ${opponent}` : `${opponent} vs ${clubName}`,
      opponent,
      venue: fx.fixture.venue?.name?.trim() || (home ? 'Home' : 'Away'),
      tournament: fx.league.name,
      isHome: home,
      kickOffAt: kickOff,
      scheduledDate: day,
      kickOffTime: time,
      feedStatus: status,
    };
    const [existing] = await db.select().from(matches).where(eq(matches.providerFixtureId, fx.fixture.id));
    if (!existing) {
      // A fixture already played before the club followed it is not a match to rate.
      if (FINISHED.has(status) || kickOff.getTime() < now - 6 * HOUR) return null;
      const [made] = await db
        .insert(matches)
        .values({ ...details, providerFixtureId: fx.fixture.id })
        .onConflictDoNothing({ target: matches.providerFixtureId })
        .returning({ id: matches.id });
      return made?.id ?? null;
    }
    // A match that began is the live poll's: its date and teams are what they were.
    if (existing.startedAt !== null) return null;
    const same =
      existing.kickOffAt?.getTime() === kickOff.getTime() &&
      existing.feedStatus === status &&
      existing.title === details.title &&
      existing.venue === details.venue &&
      existing.tournament === details.tournament;
    if (same) return null;
    await db.update(matches).set(details).where(eq(matches.id, existing.id));
    return existing.id;
  }

  /**
   * The club's squad from the provider: new signings are added with their shirt numbers, and those known
   * (by the provider's id) keep their place and get their number. Nobody is ever deleted.
   */
  private async syncSquad(teamId: number, settings: FeedSettings): Promise<void> {
    const { db } = this.deps;
    const squads = await this.call(settings, () => this.provider.squad(teamId));
    const squad = squads.find((s) => s.team.id === teamId) ?? squads[0];
    if (squad) {
      await db.transaction(async (tx) => {
        const known = await tx.select().from(players);
        const byApiId = new Map(known.filter((p) => p.apiPlayerId !== null).map((p) => [p.apiPlayerId, p]));
        // A squad typed in (or seeded) before the feed: each player is linked once, by the same name.
        const unlinked = new Map(
          known.filter((p) => p.apiPlayerId === null && !p.isManager).map((p) => [nameKey(p.name), p]),
        );
        for (const p of squad.players) {
          const named = byApiId.has(p.id) ? undefined : unlinked.get(nameKey(p.name));
          if (named) {
            unlinked.delete(nameKey(p.name));
            await tx
              .update(players)
              .set({ apiPlayerId: p.id, jerseyNumber: shirt(p.number) ?? named.jerseyNumber })
              .where(eq(players.id, named.id));
            continue;
          }
          const have = byApiId.get(p.id);
          if (have) {
            if (shirt(p.number) !== null && have.jerseyNumber !== shirt(p.number))
              await tx
                .update(players)
                .set({ jerseyNumber: shirt(p.number) })
                .where(eq(players.id, have.id));
            continue;
          }
          await tx.insert(players).values({
            name: p.name,
            position: positionOf(p.position),
            jerseyNumber: shirt(p.number),
            apiPlayerId: p.id,
          });
        }
      });
      await this.keepPhotos(squad.players);
      this.deps.applyChanges([{ kind: 'players', what: 'squad' }]);
    }
    await markSynced(db, 'squad', this.now());
  }

  /** The provider's photo of each player who has none yet, kept re-encoded like an upload; a failure skips one. */
  private async keepPhotos(list: { id: number; photo?: string | null }[]): Promise<void> {
    const { db, downloadPhoto, log } = this.deps;
    if (!downloadPhoto) return;
    const photoOf = new Map(list.filter((p) => p.photo).map((p) => [p.id, p.photo as string]));
    const missing = (
      await db
        .select({ id: players.id, apiPlayerId: players.apiPlayerId })
        .from(players)
        .where(and(isNull(players.image), isNotNull(players.apiPlayerId)))
    ).filter((p) => photoOf.has(p.apiPlayerId as number));
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < missing.length; i = next++) {
        const player = missing[i];
        const url = player && photoOf.get(player.apiPlayerId as number);
        if (!player || !url) continue;
        try {
          const stored = await storeImage(db, await downloadPhoto(url), PROVIDER_PLAYER_IMAGE);
          await db.update(players).set({ image: stored.objectPath }).where(eq(players.id, player.id));
        } catch (error) {
          log.warn({ err: error, playerId: player.id }, 'football-data feed: photo skipped');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, missing.length) }, worker));
  }

  /**
   * Publishes the lineup for rating when the provider has it: the starting XI and the coach are rated,
   * the bench is marked as substitutes and rated only once on. A hand change in the lineup window wins,
   * and a player who already has ratings in this match is never withdrawn. True once published.
   */
  private async publishLineup(match: MatchRow, teamId: number, settings: FeedSettings): Promise<boolean> {
    const { db } = this.deps;
    const kickOff = match.kickOffAt?.getTime() ?? this.now();
    const state = await readFeedState(db);
    if (state.squadByHandAt && state.squadByHandAt.getTime() >= kickOff - LINEUP_WINDOW_MS) {
      await db
        .update(matches)
        .set({ lineupPublishedAt: state.squadByHandAt })
        .where(eq(matches.id, match.id));
      return true;
    }
    const fixtureId = match.providerFixtureId as number;
    const lineups = await this.call(settings, () => this.provider.lineups(fixtureId));
    const ours = lineups.find((l) => l.team.id === teamId);
    if (!ours || ours.startXI.length < 11) return false;
    await db.transaction(async (tx) => {
      const starters = await this.ensurePlayers(tx, ours.startXI);
      const bench = await this.ensurePlayers(tx, ours.substitutes);
      const manager = await this.ensureManager(tx, ours.coach);
      const rated = await tx
        .selectDistinct({ id: ratings.playerId })
        .from(ratings)
        .where(eq(ratings.matchId, match.id));
      const keep = new Set([...starters, ...(manager ? [manager] : []), ...rated.map((r) => r.id)]);
      if (bench.length)
        await tx.update(players).set({ isSubstitute: true }).where(inArray(players.id, bench));
      const regulars = [...starters, ...(manager ? [manager] : [])];
      if (regulars.length)
        await tx.update(players).set({ isSubstitute: false }).where(inArray(players.id, regulars));
      const ids = [...keep];
      await tx
        .update(players)
        .set({ isAvailableForRating: ids.length ? sql`${players.id} in ${ids}` : sql`false` })
        .where(sql`true`);
      await tx
        .update(matches)
        .set({ lineupPublishedAt: new Date(this.now()) })
        .where(eq(matches.id, match.id));
    });
    this.deps.applyChanges([{ kind: 'players', what: 'availability' }]);
    return true;
  }

  /** Our ids of the lineup's players, adding any the squad does not have yet (a late signing). */
  private async ensurePlayers(tx: Database, list: ProviderLineup['startXI']): Promise<number[]> {
    const wanted = list.map(({ player }) => player.id);
    const known = wanted.length
      ? await tx.select().from(players).where(inArray(players.apiPlayerId, wanted))
      : [];
    const byApiId = new Map(known.map((p) => [p.apiPlayerId, p]));
    const ids: number[] = [];
    for (const { player } of list) {
      const have = byApiId.get(player.id);
      if (have) {
        if (!have.isActive) await tx.update(players).set({ isActive: true }).where(eq(players.id, have.id));
        ids.push(have.id);
        continue;
      }
      const [made] = await tx
        .insert(players)
        .values({
          name: player.name,
          position: positionOf(player.pos),
          jerseyNumber: shirt(player.number),
          apiPlayerId: player.id,
        })
        .returning({ id: players.id });
      if (made) ids.push(made.id);
    }
    return ids;
  }

  /** The manager as the lineup names the coach: kept by the provider's coach id, adopted once, or added. */
  private async ensureManager(tx: Database, coach: ProviderLineup['coach']): Promise<number | null> {
    const managers = await tx.select().from(players).where(eq(players.isManager, true));
    const coachId = coach?.id ?? null;
    const same = coachId === null ? undefined : managers.find((m) => m.apiCoachId === coachId);
    if (same) return same.id;
    const unclaimed = managers.find((m) => m.apiCoachId === null && m.isActive);
    if (unclaimed) {
      if (coachId !== null)
        await tx.update(players).set({ apiCoachId: coachId }).where(eq(players.id, unclaimed.id));
      return unclaimed.id;
    }
    if (!coach?.name) return managers.find((m) => m.isActive)?.id ?? null;
    // A new coach: the one before stays in the squad's history, off the pitch.
    if (managers.length) await tx.update(players).set({ isActive: false }).where(eq(players.isManager, true));
    const [made] = await tx
      .insert(players)
      .values({ name: coach.name, position: 'Manager', isManager: true, apiCoachId: coachId })
      .returning({ id: players.id });
    return made?.id ?? null;
  }

  /**
   * A live poll: the fixture's status and goals, then its events. The match only moves forward: live at
   * kick-off, half time and back, the score as the provider counts it (a cancelled goal lowers it), full
   * time opening the voting window; a called-off match ends at once.
   */
  private async follow(match: MatchRow, teamId: number, settings: FeedSettings): Promise<void> {
    const { db } = this.deps;
    const fixtureId = match.providerFixtureId as number;
    const [fx] = await this.call(settings, () => this.provider.fixture(fixtureId));
    if (!fx) return;
    const status = fx.fixture.status.short;
    if (status !== match.feedStatus)
      await db.update(matches).set({ feedStatus: status }).where(eq(matches.id, match.id));

    if (NOT_ON.has(status) && !match.isLive) {
      // Postponed at the last minute: the fixtures' resync brings its new date.
      const kickOff = new Date(fx.fixture.date);
      if (!Number.isNaN(kickOff.getTime()))
        await db.update(matches).set({ kickOffAt: kickOff }).where(eq(matches.id, match.id));
      this.deps.applyChanges([
        { kind: 'match', matchId: match.id, change: { kind: 'details', score: match.score } },
      ]);
      return;
    }
    if (CALLED_OFF.has(status)) {
      if (match.isLive) await this.update(match.id, { isLive: false });
      else
        this.deps.applyChanges([
          { kind: 'match', matchId: match.id, change: { kind: 'details', score: match.score } },
        ]);
      return;
    }
    if (!IN_PLAY.has(status) && !FINISHED.has(status)) return;

    if (!match.isLive) {
      if (match.lineupPublishedAt === null) await this.publishLineup(match, teamId, settings);
      await this.update(match.id, { isLive: true, startedAt: new Date(fx.fixture.date).toISOString() });
    } else if (match.lineupPublishedAt === null) {
      await this.publishLineup(match, teamId, settings);
    }
    const events = await this.call(settings, () => this.provider.events(fixtureId));
    await this.comeOn(events, teamId);

    const homeScore = fx.goals.home ?? 0;
    const awayScore = fx.goals.away ?? 0;
    const now = await this.current(match.id);
    const body: { score?: string; isHalfTime?: boolean } = {};
    if (now && (now.homeScore !== homeScore || now.awayScore !== awayScore))
      body.score = `${homeScore}-${awayScore}`;
    const halfTime = status === 'HT' || status === 'BT';
    if (now && now.isHalfTime !== halfTime) body.isHalfTime = halfTime;
    if (body.score !== undefined || body.isHalfTime !== undefined) await this.update(match.id, body);

    if (FINISHED.has(status)) await this.fullTime(match.id, settings);
  }

  /** Substitutes who came on become rateable from then; a replayed or repeated event changes nothing. */
  private async comeOn(events: ProviderEvent[], teamId: number): Promise<void> {
    const { db } = this.deps;
    // In the provider's substitution, `player` goes off and `assist` comes on.
    const on = events
      .filter((e) => e.type.toLowerCase() === 'subst' && e.team.id === teamId)
      .map((e) => e.assist)
      .filter((p): p is { id: number; name?: string | null } => typeof p?.id === 'number');
    if (on.length === 0) return;
    let made = false;
    await db.transaction(async (tx) => {
      for (const player of on) {
        const [have] = await tx.select().from(players).where(eq(players.apiPlayerId, player.id)).limit(1);
        let row: Pick<PlayerRow, 'id' | 'isAvailableForRating' | 'isActive'> | undefined = have;
        if (!row) {
          const [added] = await tx
            .insert(players)
            .values({
              name: player.name ?? `#${player.id}`,
              position: 'Central Midfield',
              apiPlayerId: player.id,
            })
            .returning();
          row = added;
        }
        if (row && (!row.isAvailableForRating || !row.isActive)) {
          await tx
            .update(players)
            .set({ isAvailableForRating: true, isSubstitute: true, isActive: true })
            .where(eq(players.id, row.id));
          made = true;
        }
      }
    });
    if (made) this.deps.applyChanges([{ kind: 'players', what: 'availability' }]);
  }

  /** Full time: the voting window opens (closed at once when it is 0). */
  private async fullTime(matchId: number, settings: FeedSettings): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    const closes = now + settings.votingWindowMinutes * MINUTE;
    const [row] = await db
      .update(matches)
      .set({ fullTimeAt: new Date(now), votingClosesAt: new Date(closes), isHalfTime: false })
      .where(and(eq(matches.id, matchId), isNull(matches.fullTimeAt)))
      .returning();
    if (!row) return;
    this.deps.applyChanges([{ kind: 'match', matchId, change: { kind: 'details', score: row.score } }]);
    if (closes <= now) await this.closeWindows(now);
  }

  /** Voting windows that are over close by themselves: the match ends and its results become public. */
  private async closeWindows(now: number): Promise<void> {
    const due = await this.deps.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.isLive, true), sql`${matches.votingClosesAt} <= ${instant(now)}`));
    for (const { id } of due) await this.update(id, { isLive: false });
  }

  private async current(matchId: number): Promise<MatchRow | undefined> {
    const [row] = await this.deps.db.select().from(matches).where(eq(matches.id, matchId));
    return row;
  }

  /** A match change as the admin's update makes it, with the same consequences. */
  private async update(
    matchId: number,
    body: { isLive?: boolean; isHalfTime?: boolean; score?: string; startedAt?: string },
  ): Promise<void> {
    const { db } = this.deps;
    const done = await updateMatch(db, matchId, body);
    await keepReportsCurrent(db, matchId);
    this.deps.applyChanges(matchUpdateChanges(done));
  }
}
