import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  createHashPool,
  dummyPasswordHash,
  hashConcurrency,
  hashPassword,
  hashPoolStats,
  PasswordHashBusy,
  verifyPassword,
} from './passwords';

/** A promise the test settles when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Lets every queued promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hashing pool', () => {
  it('runs no more than its concurrency at once, even with many real verifies in parallel', async () => {
    const pool = createHashPool(2, 100);
    const stored = await hash('correct horse', {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    let active = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pool.run(async () => {
          active++;
          most = Math.max(most, active);
          try {
            return await verify(stored, i % 2 === 0 ? 'correct horse' : 'wrong');
          } finally {
            active--;
          }
        }),
      ),
    );
    expect(most).toBe(2);
    expect(results).toEqual([true, false, true, false, true, false, true, false]);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('starts waiting tasks first come, first served', async () => {
    const pool = createHashPool(1, 10);
    const first = gate();
    const started: number[] = [];
    const all = [
      pool.run(async () => {
        started.push(0);
        await first.opened;
      }),
      ...[1, 2, 3, 4, 5].map((n) =>
        pool.run(async () => {
          started.push(n);
        }),
      ),
    ];
    await settle();
    expect(pool.stats()).toEqual({ running: 1, waiting: 5 });
    first.open();
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with PasswordHashBusy when the queue is full, and serves again once it drains', async () => {
    const pool = createHashPool(1, 2);
    const blocker = gate();
    const accepted = [1, 2, 3].map(() => pool.run(() => blocker.opened.then(() => 'done')));
    await settle();
    expect(pool.stats()).toEqual({ running: 1, waiting: 2 });
    await expect(pool.run(async () => 'late')).rejects.toBeInstanceOf(PasswordHashBusy);
    expect(pool.stats()).toEqual({ running: 1, waiting: 2 });
    blocker.open();
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
    expect(await pool.run(async () => 'again')).toBe('again');
  });

  it('frees the slot of a task that fails', async () => {
    const pool = createHashPool(1, 5);
    const failing = pool.run(async () => {
      throw new Error('boom');
    });
    const next = pool.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('takes PASSWORD_HASH_CONCURRENCY as an integer from 1 to 64, else one less than the cores', () => {
    const fallback = Math.max(1, os.availableParallelism() - 1);
    expect(hashConcurrency(undefined)).toBe(fallback);
    expect(hashConcurrency('3')).toBe(3);
    expect(hashConcurrency(' 64 ')).toBe(64);
    for (const bad of ['0', '65', '2.5', '-1', 'four', '']) expect(hashConcurrency(bad), bad).toBe(fallback);
    expect(() => createHashPool(0, 1)).toThrow(RangeError);
    expect(() => createHashPool(1, -1)).toThrow(RangeError);
  });
});

describe('hashing and verifying passwords', () => {
  it('accepts the right password only, through the bounded pool, which empties after', async () => {
    const stored = await hashPassword('s3cret-Password');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    const verifying = [
      verifyPassword(stored, 's3cret-Password'),
      verifyPassword(stored, 's3cret-password'),
      verifyPassword(null, 's3cret-Password'),
      verifyPassword('not a hash', 's3cret-Password'),
    ];
    // A slot is taken or a place in the queue given as the call is made: three hashes, at most `limit` running.
    const limit = hashConcurrency();
    expect(hashPoolStats()).toEqual({ running: Math.min(3, limit), waiting: 3 - Math.min(3, limit) });
    expect(await Promise.all(verifying)).toEqual([true, false, false, false]);
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(await verifyPassword(dummy, 's3cret-Password')).toBe(false);
    expect(hashPoolStats()).toEqual({ running: 0, waiting: 0 });
  });
});
