import { liveServerMessage } from '@shared/live';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import type { AudienceRule, LiveBus } from '../../lib/live-bus';
import {
  type Claim,
  LocalCoordinator,
  RedisCoordinator,
  type TickCoordinator,
} from '../../lib/tick-coordinator';
import type { LiveService } from '../../plugins/live';
import { findMatch, hasEnded } from '../matches/matches.service';
import { motmForFans } from './results.policy';
import type { MatchSnapshots } from './results.service';

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
 */
export class LeaderboardTicker {
  private readonly pending = new Map<number, Set<Change>>();
  /** Matches this instance wrote to lately: it keeps trying to claim them until they are clean. */
  private readonly recent = new Map<number, number>();
  private readonly intervalMs: number;
  private readonly local: LocalCoordinator;
  private readonly timer: NodeJS.Timeout;
  private running = false;
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
    this.recent.set(matchId, Date.now());
  }

  close(): void {
    clearInterval(this.timer);
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
          continue;
        }
        const key = String(matchId);
        const changes = this.pending.get(matchId);
        this.pending.delete(matchId);
        try {
          if (changes) await coordinator.mark(key, changes);
          const claim = await coordinator.claim(key);
          if (claim) await this.push(matchId, claim).finally(() => coordinator.release(key, claim));
        } catch (error) {
          // Redis went away mid-tick: the changes stay pending and are retried (locally if need be).
          if (changes) this.pending.set(matchId, new Set([...(this.pending.get(matchId) ?? []), ...changes]));
          this.deps.log.warn({ err: error, matchId }, 'live figures not pushed; retrying');
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async push(matchId: number, claim: Claim): Promise<void> {
    const { db, snapshots, live } = this.deps;
    const match = await findMatch(db, matchId);
    if (!match) return;
    // The writes may have been taken by another instance: recompute rather than trust this one's cache,
    // and tell the other instances theirs are stale too.
    snapshots.markDirty(matchId);
    if (this.deps.bus.redis()) this.deps.bus.publish({ kind: 'stale', matchId });
    const snap = await snapshots.get(matchId);
    const ended = hasEnded(match);
    const admins: AudienceRule[] = [{ to: 'admins' }];
    const fans: AudienceRule[] = [{ to: 'fans', ...(ended ? {} : { votedIn: matchId }) }];

    const board = liveServerMessage.parse({
      type: 'leaderboard_update',
      data: { matchId, seq: claim.seq, leaderboard: snap.leaderboard, totalRatings: snap.totalRatings },
    });
    live.broadcast(board, [...admins, ...fans]);
    if (claim.kinds.includes('vote')) {
      const motm = (value: unknown) =>
        liveServerMessage.parse({ type: 'motm_update', data: { matchId, seq: claim.seq, motm: value } });
      live.broadcast(motm(snap.motm), admins);
      live.broadcast(motm(snap.motm && motmForFans(snap.motm)), fans);
    }
    this.pushes += 1;
  }
}
