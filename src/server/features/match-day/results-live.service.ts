import { liveServerMessage } from '@shared/live';
import { hasEnded } from '@shared/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import type { AudienceRule, LiveBus } from '../../lib/live-bus';
import type { Metrics } from '../../lib/metrics';
import {
  type Claim,
  LocalCoordinator,
  RedisCoordinator,
  type TickCoordinator,
} from '../../lib/tick-coordinator';
import type { LiveService } from '../../plugins/live';
import { findMatch } from '../matches/matches.service';
import { motmForFans } from './results.policy';
import type { MatchSnapshots } from './results.service';
import { statsOf } from './results-answers';

type Change = 'rating' | 'vote';

export interface TickerOptions {
  /** How often writes are gathered and a match may be recomputed; the live figures' cadence. */
  intervalMs?: number;
}

/**
 * Pushes each rated match's leaderboard (and MOTM result, after votes) to the sockets that may see
 * it, coalesced to one computation per interval per match across all instances however many
 * ratings arrive. Each message carries the claim's sequence number, so the page never lets an older
 * one replace newer figures.
 *
 * A write to a match that was not pushed within the last interval is pushed at once (leading edge);
 * writes during the interval after a push wait for its end and go out together (trailing edge). The
 * coordinator's claim is what enforces one push per interval across instances; the timing here only
 * decides when claiming is worth a try. A periodic tick backs it up (another instance's hold, Redis
 * coming back, retries).
 */
export class LeaderboardTicker {
  private readonly pending = new Map<number, Set<Change>>();
  /** Per match, when the earliest of its pending writes was taken (ms): where its push lag starts. */
  private readonly firstWrite = new Map<number, number>();
  /** Matches this instance wrote to lately: it keeps trying to claim them until they are clean. */
  private readonly recent = new Map<number, number>();
  private readonly intervalMs: number;
  private readonly local: LocalCoordinator;
  private readonly timer: NodeJS.Timeout;
  private running = false;
  /** A write came while a tick ran: tick again once it is over. */
  private again = false;
  /** Per match, before when a claim would fail: the end of the interval of the last push or refused claim. */
  private readonly notBefore = new Map<number, number>();
  /** The next tick to run early (at once after a quiet spell, or when an interval ends), if any. */
  private early: { at: number; cancel(): void } | null = null;
  /** Matches marked with the coordinator whose claim another instance's hold refused. */
  private readonly refused = new Set<number>();
  private closed = false;
  private shared?: { redis: Redis; coordinator: RedisCoordinator };
  /** Figures pushed by this instance (for tests and benchmarks). */
  pushes = 0;

  constructor(
    private readonly deps: {
      db: Database;
      snapshots: MatchSnapshots;
      live: LiveService;
      bus: LiveBus;
      prefix: string;
      log: FastifyBaseLogger;
      metrics?: Metrics;
    },
    options: TickerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 250;
    this.local = new LocalCoordinator(this.intervalMs);
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    // Another instance took ratings: this one's cached results (served to HTTP reads) are out of date.
    deps.bus.subscribe((event) => {
      if (event.kind === 'stale') deps.snapshots.markDirty(event.matchId);
    });
  }

  /** A rating or vote was written through this instance: its cached results are stale, and a push is due. */
  noteWrite(matchId: number, change: Change): void {
    this.deps.snapshots.markDirty(matchId);
    const set = this.pending.get(matchId) ?? new Set();
    set.add(change);
    this.pending.set(matchId, set);
    const now = Date.now();
    if (!this.firstWrite.has(matchId)) this.firstWrite.set(matchId, now);
    this.recent.set(matchId, now);
    this.tickAt(this.notBefore.get(matchId) ?? 0);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.early?.cancel();
    this.early = null;
  }

  /** Runs a tick at `at` (at once if it is past), unless one runs by then anyway. */
  private tickAt(at: number): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.early && this.early.at <= at) return;
    this.early?.cancel();
    const run = () => {
      this.early = null;
      void this.tick();
    };
    const wait = at - Date.now();
    if (wait > 0) {
      const timer = setTimeout(run, wait);
      this.early = { at, cancel: () => clearTimeout(timer) };
    } else {
      // Once this request's own work is done, not in the middle of it.
      const immediate = setImmediate(run);
      this.early = { at: Date.now(), cancel: () => clearImmediate(immediate) };
    }
  }

  private coordinator(): TickCoordinator {
    const redis = this.deps.bus.redis();
    if (!redis) return this.local;
    // One per connection, so the claims of this instance carry one owner id.
    if (this.shared?.redis !== redis)
      this.shared = { redis, coordinator: new RedisCoordinator(redis, this.deps.prefix, this.intervalMs) };
    return this.shared.coordinator;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const coordinator = this.coordinator();
      const cutoff = Date.now() - 4 * this.intervalMs - 2000;
      for (const [matchId, at] of this.recent) {
        if (at < cutoff && !this.pending.has(matchId)) {
          this.recent.delete(matchId);
          this.notBefore.delete(matchId);
          this.refused.delete(matchId);
          continue;
        }
        // Within the interval of its last push: its writes wait for the tick due at the interval's end.
        if ((this.notBefore.get(matchId) ?? 0) > Date.now()) continue;
        const key = String(matchId);
        const changes = this.pending.get(matchId);
        const since = this.firstWrite.get(matchId);
        this.pending.delete(matchId);
        this.firstWrite.delete(matchId);
        try {
          if (changes) await coordinator.mark(key, changes, since);
          const claim = await coordinator.claim(key);
          if (claim) {
            this.refused.delete(matchId);
            // The claim holds the match for an interval from its seq (the claim's clock); a ms more for
            // timers that fire on the dot.
            this.notBefore.set(matchId, claim.seq + this.intervalMs + 1);
            await this.push(matchId, claim).finally(() => coordinator.release(key, claim));
          } else if (changes || this.refused.has(matchId)) {
            // Held by another instance's push: try again once an interval is surely over.
            this.refused.add(matchId);
            this.notBefore.set(matchId, Date.now() + this.intervalMs);
            this.again = true;
          }
        } catch (error) {
          // Redis went away mid-tick: the changes stay pending and are retried (locally if need be).
          if (changes) this.pending.set(matchId, new Set([...(this.pending.get(matchId) ?? []), ...changes]));
          if (since !== undefined)
            this.firstWrite.set(matchId, Math.min(since, this.firstWrite.get(matchId) ?? since));
          this.deps.log.warn({ err: error, matchId }, 'live figures not pushed; retrying');
        }
      }
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      // Writes that came during this tick, or a refused claim: each match's next try when it may claim.
      for (const matchId of [...this.pending.keys(), ...this.refused])
        this.tickAt(this.notBefore.get(matchId) ?? 0);
    }
  }

  private async push(matchId: number, claim: Claim): Promise<void> {
    const { db, snapshots, live } = this.deps;
    const started = performance.now();
    // The writes may have been taken by another instance: recompute rather than trust this one's cache,
    // and tell the other instances theirs are stale too.
    snapshots.markDirty(matchId);
    if (this.deps.bus.redis()) this.deps.bus.publish({ kind: 'stale', matchId });
    // Side by side: the time from a rating to the fans' screens is what this is for.
    const [match, snap] = await Promise.all([findMatch(db, matchId), snapshots.get(matchId)]);
    if (!match) return;
    const matchEnded = hasEnded(match);
    const admins: AudienceRule[] = [{ to: 'results-readers', matchId, matchEnded, admins: true }];
    const fans: AudienceRule[] = [{ to: 'results-readers', matchId, matchEnded, admins: false }];

    const board = liveServerMessage.parse({
      type: 'leaderboard_update',
      data: { matchId, seq: claim.seq, leaderboard: snap.leaderboard, ...statsOf(snap) },
    });
    // The push lag runs from the earliest write this claim covers to the last socket written, on every
    // instance that has sockets in the audience.
    live.broadcast(board, [...admins, ...fans], claim.since);
    if (claim.kinds.includes('vote')) {
      const motm = (value: unknown) =>
        liveServerMessage.parse({ type: 'motm_update', data: { matchId, seq: claim.seq, motm: value } });
      live.broadcast(motm(snap.motm), admins);
      live.broadcast(motm(snap.motm && motmForFans(snap.motm)), fans);
    }
    this.pushes += 1;
    this.deps.metrics?.tickDuration.observe((performance.now() - started) / 1000);
  }
}
