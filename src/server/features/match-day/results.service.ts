import { LEADERBOARD_SIZE } from '@shared/domain';
import { averageOf, percentOf } from '@shared/percent';
import type { Player } from '@shared/players';
import type { LeaderboardEntry, RatingDistribution } from '@shared/ratings';
import type { MotmResult } from '@shared/votes';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { players } from '../../db/schema';
import { toPlayers } from '../players/players.service';

export interface PlayerFigures {
  count: number;
  sum: number;
  /** counts[v - 1] = how many fans gave v. */
  counts: number[];
}

/** Everything fans may read about a match's ratings and votes, computed in one pass. */
export interface MatchSnapshot {
  matchId: number;
  computedAt: number;
  totalRatings: number;
  totalVotes: number;
  /** Fans with counted ratings: the figures rest on their ballots. */
  raters: number;
  /** Ballots held back or excluded: in no figure. */
  heldBack: number;
  players: Map<number, PlayerFigures>;
  leaderboard: LeaderboardEntry[];
  distribution: RatingDistribution;
  motm: NonNullable<MotmResult> | null;
  /** Counted final votes per MOTM pick: a voter's own answer folds their vote into them (motmSeenBy). */
  votes: ReadonlyMap<number, number>;
  /** The squad the figures name, by id. */
  squad: ReadonlyMap<number, Player>;
}

export interface SnapshotOptions {
  /** Never recompute a match more often than this, however many ratings arrive. */
  minIntervalMs?: number;
  /** Recompute at least this often while read, so other instances' writes show up. */
  maxAgeMs?: number;
}

/** A final vote taken through this instance, not yet in any snapshot kept. */
interface OwnVote {
  /**
   * Its place in this instance's order of noted votes and begun computations: a computation begun after it
   * holds it. An order, not a time, as both often fall in the same millisecond.
   */
  seq: number;
  motmPlayerId: number;
}

interface Entry {
  snapshot?: MatchSnapshot;
  /** By voter: what the voter's own MOTM read counts over the kept snapshot until a snapshot holds it. */
  ownVotes: Map<string, OwnVote>;
  /** When a local write last touched the match. */
  dirtyAt: number;
  inflight?: Promise<MatchSnapshot>;
  /** Set once the inflight computation has begun its queries. */
  inflightStartedAt?: number;
  lastReadAt: number;
}

/**
 * Per-match results, served from memory. A rating write only marks its match dirty; reads recompute
 * at most once per interval per match, and concurrent readers share one computation. A write made
 * through this instance is always in the next snapshot it serves.
 */
export class MatchSnapshots {
  private readonly entries = new Map<number, Entry>();
  private readonly minIntervalMs: number;
  private readonly maxAgeMs: number;
  private readonly sweep: NodeJS.Timeout;
  /** How many times a snapshot was computed (for tests and benchmarks). */
  computations = 0;
  /** Orders noted votes against begun computations (OwnVote.seq). */
  private seq = 0;
  /** Each kept snapshot's place in that order: when its queries began. */
  private readonly began = new WeakMap<MatchSnapshot, number>();

  constructor(
    private readonly db: Database,
    options: SnapshotOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 2000;
    this.sweep = setInterval(() => this.evictIdle(), 60_000);
    this.sweep.unref();
  }

  markDirty(matchId: number): void {
    const entry = this.entries.get(matchId);
    if (entry) entry.dirtyAt = Date.now();
  }

  async get(matchId: number): Promise<MatchSnapshot> {
    let entry = this.entries.get(matchId);
    if (!entry) {
      entry = { dirtyAt: 0, lastReadAt: Date.now(), ownVotes: new Map() };
      this.entries.set(matchId, entry);
    }
    entry.lastReadAt = Date.now();
    for (;;) {
      const snap = this.fresh(entry);
      if (snap) return snap;
      if (!entry.inflight) return this.compute(matchId, entry);
      // A computation still waiting for its turn will see every write so far: share it. One that
      // already began before the latest write would miss it: wait for it, then look again.
      if (entry.inflightStartedAt === undefined || entry.inflightStartedAt > entry.dirtyAt)
        return entry.inflight;
      await entry.inflight.catch(() => undefined);
    }
  }

  /**
   * The kept snapshot, even when local writes since are not in it, while it is younger than maxAgeMs: for
   * reads that fold the reader's own writes in themselves (unseenVote), so they never wait for the next
   * computation. Without one young enough, get()'s.
   */
  async recent(matchId: number): Promise<MatchSnapshot> {
    const entry = this.entries.get(matchId);
    const snap = entry?.snapshot;
    if (!entry || !snap || Date.now() - snap.computedAt >= this.maxAgeMs) return this.get(matchId);
    entry.lastReadAt = Date.now();
    return snap;
  }

  /**
   * A final vote was committed through this instance, just now. Called before the vote's answer leaves
   * (and before markDirty), so the voter's next read finds it. No entry: the first read computes afresh.
   */
  noteVote(matchId: number, userId: string, motmPlayerId: number): void {
    this.entries.get(matchId)?.ownVotes.set(userId, { seq: ++this.seq, motmPlayerId });
  }

  /** The user's pick when their vote, taken through this instance, is not in `snapshot`; else undefined. */
  unseenVote(matchId: number, userId: string, snapshot: MatchSnapshot): number | undefined {
    const own = this.entries.get(matchId)?.ownVotes.get(userId);
    return own && own.seq > (this.began.get(snapshot) ?? 0) ? own.motmPlayerId : undefined;
  }

  /**
   * The snapshot get() would answer at once, or undefined when it would wait (none yet, dirty, too old):
   * for the fast reads, which then fall through to get().
   */
  peek(matchId: number): MatchSnapshot | undefined {
    const entry = this.entries.get(matchId);
    if (!entry) return undefined;
    const snap = this.fresh(entry);
    if (snap) entry.lastReadAt = Date.now();
    return snap;
  }

  /** The kept snapshot while it still holds every local write and is young enough. */
  private fresh(entry: Entry): MatchSnapshot | undefined {
    const snap = entry.snapshot;
    return snap && snap.computedAt > entry.dirtyAt && Date.now() - snap.computedAt < this.maxAgeMs
      ? snap
      : undefined;
  }

  private compute(matchId: number, entry: Entry): Promise<MatchSnapshot> {
    const snap = entry.snapshot;
    const wait = snap ? Math.max(0, this.minIntervalMs - (Date.now() - snap.computedAt)) : 0;
    entry.inflight = (async () => {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        // computedAt is taken before the queries: a write landing during them keeps the entry dirty.
        const startedAt = Date.now();
        const startedSeq = ++this.seq;
        entry.inflightStartedAt = startedAt;
        this.computations += 1;
        const next = await computeSnapshot(this.db, matchId, startedAt);
        this.began.set(next, startedSeq);
        entry.snapshot = next;
        // Votes noted before these queries began are in the figures now.
        for (const [userId, own] of entry.ownVotes) if (own.seq < startedSeq) entry.ownVotes.delete(userId);
        return next;
      } finally {
        entry.inflight = undefined;
        entry.inflightStartedAt = undefined;
      }
    })();
    return entry.inflight;
  }

  close(): void {
    clearInterval(this.sweep);
    this.entries.clear();
  }

  private evictIdle(): void {
    const cutoff = Date.now() - 10 * 60_000;
    for (const [id, entry] of this.entries)
      if (entry.lastReadAt < cutoff && !entry.inflight) this.entries.delete(id);
  }
}

/**
 * Only counted ballots make the figures: a fan's ratings and vote (table alias `r`) leave them while the
 * shield holds their ballot back or an admin excluded it.
 */
export const counted = (matchId: number) =>
  sql`not exists (select 1 from ballot_reviews b
                  where b.match_id = ${matchId} and b.user_id = r.user_id and b.verdict <> 'counted')`;

export async function computeSnapshot(
  db: Database,
  matchId: number,
  computedAt: number,
): Promise<MatchSnapshot> {
  const ratingRows = await rows<{ player_id: number; n: number; s: number; c: number[] }>(
    db,
    sql`select player_id, count(*)::int as n, sum(rating)::int as s,
          array[${sql.join(
            Array.from({ length: 10 }, (_, i) => sql.raw(`count(*) filter (where rating = ${i + 1})::int`)),
            sql`, `,
          )}] as c
        from ratings r where match_id = ${matchId} and ${counted(matchId)} group by player_id`,
  );
  const voteRows = await rows<{ player_id: number; n: number }>(
    db,
    sql`select motm_player_id as player_id, count(*)::int as n
        from user_votes r where match_id = ${matchId} and motm_player_id is not null and ${counted(matchId)}
        group by motm_player_id`,
  );
  const [basis] = await rows<{ raters: number; held: number }>(
    db,
    sql`select (select count(distinct user_id)::int from ratings r
                 where match_id = ${matchId} and ${counted(matchId)}) as raters,
               (select count(*)::int from ballot_reviews
                 where match_id = ${matchId} and verdict <> 'counted') as held`,
  );
  const squad = await toPlayers(db, await db.select().from(players));
  const byId = new Map(squad.map((p) => [p.id, p]));

  const figures = new Map<number, PlayerFigures>();
  let totalRatings = 0;
  for (const r of ratingRows) {
    figures.set(r.player_id, { count: r.n, sum: r.s, counts: r.c.map(Number) });
    totalRatings += r.n;
  }

  const leaderboard = squad
    .filter((p) => p.isAvailableForRating && p.isActive && (figures.get(p.id)?.count ?? 0) > 0)
    .map((p) => {
      const f = figures.get(p.id) as PlayerFigures;
      return { ...p, averageRating: averageOf(f.sum, f.count), ratingCount: f.count };
    })
    // Ties on the shown average go to the player more fans rated, then by name.
    .sort(
      (a, b) =>
        b.averageRating - a.averageRating || b.ratingCount - a.ratingCount || a.name.localeCompare(b.name),
    )
    .slice(0, LEADERBOARD_SIZE);

  const distribution = [...figures.entries()].map(([playerId, f]) => ({ playerId, counts: f.counts }));

  const votes = new Map(voteRows.map((v) => [v.player_id, v.n]));
  const totalVotes = voteRows.reduce((sum, v) => sum + v.n, 0);

  return {
    matchId,
    computedAt,
    totalRatings,
    totalVotes,
    raters: basis?.raters ?? 0,
    heldBack: basis?.held ?? 0,
    players: figures,
    leaderboard,
    distribution,
    motm: motmOf(votes, byId),
    votes,
    squad: byId,
  };
}

/** The winner, its share and the players level with it, from the votes per pick; null without votes. */
function motmOf(
  votes: ReadonlyMap<number, number>,
  squad: ReadonlyMap<number, Player>,
): MatchSnapshot['motm'] {
  let totalVotes = 0;
  let top = 0;
  for (const n of votes.values()) {
    totalVotes += n;
    top = Math.max(top, n);
  }
  if (totalVotes === 0) return null;
  const leaders = [...votes.entries()]
    .filter(([, n]) => n === top)
    .map(([playerId]) => squad.get(playerId))
    .filter((p): p is Player => Boolean(p))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({
      id: p.id,
      name: p.name,
      position: p.position,
      image: p.image,
      portraitUrl: p.portraitUrl,
    }));
  const [winner, ...tiedWith] = leaders;
  return winner
    ? { player: winner, percentage: percentOf(top, totalVotes), voteCount: top, tiedWith, totalVotes }
    : null;
}

/**
 * The MOTM result as one reader sees it: the snapshot's, with `unseenVote` (the reader's own pick, not in
 * the snapshot yet) counted. Only that reader's answer changes; everyone's catches up at the next tick.
 */
export function motmSeenBy(snapshot: MatchSnapshot, unseenVote: number | undefined): MatchSnapshot['motm'] {
  if (unseenVote === undefined || !snapshot.squad.has(unseenVote)) return snapshot.motm;
  const votes = new Map(snapshot.votes);
  votes.set(unseenVote, (votes.get(unseenVote) ?? 0) + 1);
  return motmOf(votes, snapshot.squad);
}
