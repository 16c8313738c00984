/**
 * A match day against real processes: the admin (the simulator's, tests/support/simulator-admin.ts) starts
 * a match and signs up fans; the fans rate as the page does — one call at a time per fan, a rating the
 * server refused (5xx, no answer) kept and sent again later, a newer rating of the same player replacing
 * the kept one — and every acknowledged rating is written down, for the final comparison with the
 * database. Live sockets reconnect as the page's do.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { SESSION_COOKIE } from '../../../src/server/lib/sessions';
import { type LiveClient, openLive } from '../../server/live-client';
import { Admin } from '../../support/simulator-admin';
import { Api, CallLog } from '../../support/simulator-calls';
import { ADMIN } from './instance';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Fan {
  id: string;
  cookie: string;
}

/** One keep-alive client per address; network failures are not retried here (the fans do it). */
export function apiFor(base: string, connections = 8): Api {
  return new Api(new URL(base), connections, new CallLog(), { timeoutMs: 15_000, attempts: 1 });
}

export interface MatchDay {
  admin: Admin;
  adminCookie: string;
  matchId: number;
  players: number[];
  fans: Fan[];
}

/** Starts a live match through `base` and signs up `count` fans who have given consent. */
export async function startMatchDay(base: string, count: number): Promise<MatchDay> {
  const api = apiFor(base, 4);
  try {
    const admin = await Admin.signIn(api, ADMIN.email, ADMIN.password);
    const { match, available } = await admin.startMatch(`Fault FC ${randomBytes(2).toString('hex')}`);
    const signed = await admin.signUpFans(`fault-${randomBytes(3).toString('hex')}`, count);
    const fans = signed.map((f) => ({ id: f.id, cookie: `${SESSION_COOKIE}=${f.token}` }));
    for (const fan of fans) {
      const answer = await api.send('PATCH', `/api/user/${fan.id}/consent`, {
        cookie: fan.cookie,
        body: { consentGiven: true, geolocationConsent: false },
      });
      if (answer.status !== 200) throw new Error(`consent: ${answer.status} ${answer.body.toString()}`);
    }
    return {
      admin,
      adminCookie: admin.cookie,
      matchId: match.id,
      players: available.map((p) => p.id),
      fans,
    };
  } finally {
    api.close();
  }
}

/** What the fans were told, and what they still hold to send. */
export class Ledger {
  /** `${userId}:${playerId}` → the last value the server acknowledged. */
  readonly acknowledged = new Map<string, number>();
  /** Answers by status (0: no answer). */
  readonly statuses: Record<number, number> = {};
  /** The bodies of answers other than 200, a few of each status. */
  readonly samples: Record<number, string[]> = {};
  /** Ratings kept after a failure, per fan: player id → value (as the page's offline store). */
  readonly kept = new Map<string, Map<number, number>>();

  record(status: number, body: string): void {
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status === 200) return;
    const list = this.samples[status] ?? [];
    if (list.length < 3) list.push(body.slice(0, 200));
    this.samples[status] = list;
  }

  /** Ratings acknowledged so far, a player rated again counting again. */
  get acks(): number {
    return this.statuses[200] ?? 0;
  }

  keptCount(): number {
    let n = 0;
    for (const own of this.kept.values()) n += own.size;
    return n;
  }

  /** Statuses other than 200 and the retryable ones listed. */
  unexpected(retryable: number[]): Record<number, number> {
    return Object.fromEntries(
      Object.entries(this.statuses).filter(([s]) => s !== '200' && !retryable.includes(Number(s))),
    );
  }
}

/** Statuses after which the page keeps the rating for later (isRetryableFailure). */
const retryable = (status: number) => status === 0 || status >= 500 || status === 408 || status === 429;

/**
 * Fans rating until stop(): each fan, every `intervalMs`, first sends what it kept (oldest first, until
 * one fails again), then rates the next player (round after round, values changing).
 */
export class RatingFans {
  readonly ledger = new Ledger();
  private running = false;
  private loops: Promise<void>[] = [];
  private round = 0;

  constructor(
    private readonly day: MatchDay,
    /** The address each fan uses (several: fans spread over instances). */
    private readonly apiOf: (fanIndex: number) => Api,
  ) {}

  private async send(fanIndex: number, playerId: number, rating: number): Promise<number> {
    const fan = this.day.fans[fanIndex] as Fan;
    const answer = await this.apiOf(fanIndex).send('POST', '/api/ratings', {
      cookie: fan.cookie,
      body: { userId: fan.id, playerId, matchId: this.day.matchId, rating },
    });
    const body = answer.status === 0 ? (answer.error ?? '') : answer.body.toString('utf8');
    this.ledger.record(answer.status, body);
    if (answer.status === 200) this.ledger.acknowledged.set(`${fan.id}:${playerId}`, rating);
    else if (retryable(answer.status)) this.keep(fan.id, playerId, rating);
    return answer.status;
  }

  private keep(fanId: string, playerId: number, rating: number): void {
    const own = this.ledger.kept.get(fanId) ?? new Map<number, number>();
    own.set(playerId, rating);
    this.ledger.kept.set(fanId, own);
  }

  /** Sends the fan's kept ratings; false when one failed again (the rest wait for the next try). */
  private async flush(fanIndex: number): Promise<boolean> {
    const fan = this.day.fans[fanIndex] as Fan;
    const own = this.ledger.kept.get(fan.id);
    if (!own) return true;
    for (const [playerId, rating] of [...own]) {
      own.delete(playerId);
      if ((await this.send(fanIndex, playerId, rating)) !== 200) return false;
    }
    return true;
  }

  /** One rating by each fan, with the kept ones first. */
  async rateOnce(fanIndex: number, step: number): Promise<number> {
    const fan = this.day.fans[fanIndex] as Fan;
    await this.flush(fanIndex);
    const { players } = this.day;
    const playerId = players[(step + fanIndex) % players.length] as number;
    const rating = ((step + fanIndex * 3) % 10) + 1;
    // A newer rating of the player replaces the kept one (OfflineRatings.runDirect).
    this.ledger.kept.get(fan.id)?.delete(playerId);
    return this.send(fanIndex, playerId, rating);
  }

  start(intervalMs: number): void {
    this.running = true;
    this.loops = this.day.fans.map(async (_fan, fanIndex) => {
      await sleep(Math.floor((intervalMs * fanIndex) / this.day.fans.length));
      for (let step = this.round; this.running; step++) {
        await this.rateOnce(fanIndex, step);
        await sleep(intervalMs);
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.round += 1000;
  }

  /** Sends everything kept until nothing is left (the server is back), or throws after `timeoutMs`. */
  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.ledger.keptCount() > 0) {
      if (Date.now() > deadline) throw new Error(`${this.ledger.keptCount()} ratings still kept`);
      await Promise.all(this.day.fans.map((_fan, i) => this.flush(i)));
      if (this.ledger.keptCount() > 0) await sleep(250);
    }
  }
}

export interface StoredRating {
  userId: string;
  playerId: number;
  rating: number;
  copies: number;
}

/** The match's ratings as the database holds them, one line per fan and player with its copies. */
export async function storedRatings(databaseUrl: string, matchId: number): Promise<StoredRating[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await sql<StoredRating[]>`
      select user_id as "userId", player_id as "playerId", max(rating)::int as rating, count(*)::int as copies
      from ratings where match_id = ${matchId} group by user_id, player_id`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Acknowledged ratings missing from the database or stored with another value; and rows stored twice. */
export function compare(ledger: Ledger, stored: StoredRating[]) {
  const byKey = new Map(stored.map((r) => [`${r.userId}:${r.playerId}`, r]));
  const lost: string[] = [];
  const changed: string[] = [];
  for (const [key, value] of ledger.acknowledged) {
    const row = byKey.get(key);
    if (!row) lost.push(key);
    else if (row.rating !== value) changed.push(`${key}: acknowledged ${value}, stored ${row.rating}`);
  }
  const duplicated = stored
    .filter((r) => r.copies !== 1)
    .map((r) => `${r.userId}:${r.playerId} ×${r.copies}`);
  const unknown = stored.filter((r) => !ledger.acknowledged.has(`${r.userId}:${r.playerId}`)).length;
  return {
    acknowledged: ledger.acknowledged.size,
    stored: stored.length,
    lost,
    changed,
    duplicated,
    unknown,
  };
}

/**
 * A live socket that reconnects like the page's (src/client/lib/live/live-connection.ts): at once after
 * a close with LIVE_CLOSE_RECONNECT, else after a short backoff; every connection's messages kept.
 */
export class ReconnectingSocket {
  readonly connections: LiveClient[] = [];
  readonly closeCodes: number[] = [];
  private disposed = false;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  open(): Promise<void> {
    return this.connect();
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; !this.disposed; attempt++) {
      try {
        const client = await openLive(this.base, { cookie: this.cookie });
        await client.next('connection_established');
        if (this.disposed) {
          client.close();
          return;
        }
        this.connections.push(client);
        void client.closed.then(({ code }) => {
          this.closeCodes.push(code);
          if (!this.disposed) void this.connect();
        });
        return;
      } catch {
        await sleep(Math.min(100 * 2 ** attempt, 1000));
      }
    }
  }

  get current(): LiveClient | undefined {
    return this.connections.at(-1);
  }

  /** Open now, on a connection made after its last close. */
  get settled(): boolean {
    const current = this.current;
    return (
      current !== undefined &&
      current.ws.readyState === current.ws.OPEN &&
      this.connections.length > this.closeCodes.length
    );
  }

  close(): void {
    this.disposed = true;
    for (const c of this.connections) c.close();
  }
}
