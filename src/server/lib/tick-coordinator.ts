import type { Redis } from 'ioredis';

/**
 * Decides which instance recomputes a match's live figures, so that however many instances take
 * ratings, each change is computed and pushed once, by one of them, a few times a second at most.
 *
 * Writers mark a match dirty (with what changed); at each tick an instance that saw writes tries to
 * claim it. A claim succeeds only when the match is dirty and no other instance holds it: it clears
 * the flags (so writes after it mark the match again), holds the match while computing, and hands
 * out a sequence number that grows with every claim, across instances and restarts.
 */
export interface Claim {
  kinds: string[];
  seq: number;
  /** When the earliest write the claim covers was taken (ms since the epoch), if the writers said. */
  since?: number;
}

export interface TickCoordinator {
  /** `since`: when the earliest of these writes was taken (ms since the epoch). */
  mark(key: string, kinds: Iterable<string>, since?: number): Promise<void>;
  claim(key: string): Promise<Claim | null>;
  /** Done computing: the match may be claimed again once the minimum interval since the claim is over. */
  release(key: string, claim: Claim): Promise<void>;
}

/** The sequence number: the clock in ms, or one more than the last when the clock has not moved on. */
export const nextSeq = (now: number, last: number) => Math.max(now, last + 1);

export class LocalCoordinator implements TickCoordinator {
  private readonly dirty = new Map<string, Set<string>>();
  private readonly held = new Map<string, number>();
  private readonly seqs = new Map<string, number>();
  private readonly since = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  async mark(key: string, kinds: Iterable<string>, since?: number): Promise<void> {
    const set = this.dirty.get(key) ?? new Set();
    for (const kind of kinds) set.add(kind);
    this.dirty.set(key, set);
    if (since !== undefined) this.since.set(key, Math.min(since, this.since.get(key) ?? since));
  }

  async claim(key: string): Promise<Claim | null> {
    const kinds = this.dirty.get(key);
    if (!kinds?.size || (this.held.get(key) ?? 0) > Date.now()) return null;
    this.dirty.delete(key);
    this.held.set(key, Number.POSITIVE_INFINITY);
    const seq = nextSeq(Date.now(), this.seqs.get(key) ?? 0);
    this.seqs.set(key, seq);
    const since = this.since.get(key);
    this.since.delete(key);
    return since === undefined ? { kinds: [...kinds], seq } : { kinds: [...kinds], seq, since };
  }

  async release(key: string, claim: Claim): Promise<void> {
    this.held.set(key, claim.seq + this.intervalMs);
  }
}

/** Held this long at most if the claiming instance dies mid-computation. */
const HOLD_MS = 5000;

// KEYS: dirty set, since key. ARGV: the earliest write's ms ('' when unknown), kinds...
// The earliest write is kept a minute at most: a claim follows within an interval or two, and a time
// left behind (by an instance whose claim does not take it) must not date a much later push.
const MARK = `
redis.call('SADD', KEYS[1], unpack(ARGV, 2))
local since = tonumber(ARGV[1])
if since then
  local kept = tonumber(redis.call('GET', KEYS[2]) or '')
  if not kept or since < kept then redis.call('SET', KEYS[2], ARGV[1], 'PX', 60000) end
end
return 1
`;
// KEYS: dirty set, hold key, seq key, since key. ARGV: owner, hold ms.
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return nil end
local kinds = redis.call('SMEMBERS', KEYS[1])
redis.call('DEL', KEYS[1])
local since = redis.call('GET', KEYS[4]) or ''
redis.call('DEL', KEYS[4])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local last = tonumber(redis.call('GET', KEYS[3]) or '0')
local seq = math.max(now, last + 1)
redis.call('SET', KEYS[3], seq, 'PX', 86400000)
return {tostring(seq), since, unpack(kinds)}
`;
// KEYS: hold key. ARGV: owner, ms left of the interval.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) else redis.call('DEL', KEYS[1]) end
end
return 1
`;

export class RedisCoordinator implements TickCoordinator {
  private readonly owner = `${process.pid}:${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly intervalMs: number,
  ) {}

  private keys(key: string) {
    return [
      `${this.prefix}:tick:${key}:dirty`,
      `${this.prefix}:tick:${key}:hold`,
      `${this.prefix}:tick:${key}:seq`,
      `${this.prefix}:tick:${key}:since`,
    ];
  }

  async mark(key: string, kinds: Iterable<string>, since?: number): Promise<void> {
    const [dirty, , , sinceKey] = this.keys(key);
    const list = [...kinds];
    if (list.length === 0) return;
    await this.redis.eval(MARK, 2, dirty as string, sinceKey as string, since ?? '', ...list);
  }

  async claim(key: string): Promise<Claim | null> {
    const answer = (await this.redis.eval(CLAIM, 4, ...this.keys(key), this.owner, HOLD_MS)) as
      | string[]
      | null;
    if (!answer) return null;
    const [seq, since, ...kinds] = answer;
    const earliest = since ? Number(since) : Number.NaN;
    return Number.isFinite(earliest)
      ? { seq: Number(seq), kinds, since: earliest }
      : { seq: Number(seq), kinds };
  }

  async release(key: string, claim: Claim): Promise<void> {
    const [, hold] = this.keys(key);
    const left = Math.max(0, claim.seq + this.intervalMs - Date.now());
    await this.redis.eval(RELEASE, 1, hold as string, this.owner, left);
  }
}
