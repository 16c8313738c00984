import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createWorkPool, type WorkPool } from './work-pool';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Refused because the hashing queue is full: the server is overloaded with sign-ins, and the caller should
 * answer 503 with Retry-After rather than queue the work.
 */
export class PasswordHashBusy extends Error {
  constructor() {
    super('password hashing is busy: too many sign-ins waiting');
    this.name = 'PasswordHashBusy';
  }
}

export type HashPool = WorkPool;

/** The sign-in hashing queue: a work pool whose refusal is PasswordHashBusy. */
export function createHashPool(concurrency: number, maxWaiting: number): HashPool {
  return createWorkPool(concurrency, maxWaiting, () => new PasswordHashBusy());
}

/**
 * How many hashes may run at once: one fewer than the cores, so a core is left to the event loop and
 * PostgreSQL, and the rest of libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default) stays free for fs,
 * dns, zlib and crypto. PASSWORD_HASH_CONCURRENCY (an integer 1-64) overrides it; above the thread pool's
 * size it only moves the queue into libuv.
 */
export function hashConcurrency(value = process.env.PASSWORD_HASH_CONCURRENCY): number {
  const fallback = Math.max(1, os.availableParallelism() - 1);
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return fallback;
  const parsed = Number(value);
  return parsed >= 1 && parsed <= 64 ? parsed : fallback;
}

/** Hashes queued beyond this are refused: at ~30 ms a hash, 2,000 are a minute of one thread's work. */
const MAX_WAITING = 2000;

let pool = createHashPool(hashConcurrency(), MAX_WAITING);

/**
 * Tests only: hashes and verifies go through `next` until the returned function puts the process's pool
 * back (a sign-in through a full queue, without queueing 2,000 real hashes first).
 */
export function replaceHashPoolForTests(next: HashPool): () => void {
  const previous = pool;
  pool = next;
  return () => {
    pool = previous;
  };
}

/** Hashes running and waiting now, for metrics. */
export function hashPoolStats(): { running: number; waiting: number } {
  return pool.stats();
}

/** Rejects with PasswordHashBusy when too many hashes are waiting. */
export function hashPassword(password: string): Promise<string> {
  return pool.run(() => hash(password, OPTIONS));
}

/** False for no hash, a wrong password or a malformed hash; rejects with PasswordHashBusy when too many hashes are waiting. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  return pool.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** A hash to verify against when the account does not exist, so timing does not reveal which e-mails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    const made = hashPassword(randomBytes(16).toString('hex'));
    // A refusal (busy) must not stick: the next caller tries again.
    made.catch(() => {
      if (dummyHash === made) dummyHash = undefined;
    });
    dummyHash = made;
  }
  return dummyHash;
}

/** Readable, 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
