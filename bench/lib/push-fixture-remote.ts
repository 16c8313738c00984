/**
 * The push benchmark's local push service (tests/fakes/push-fixture-server.ts) in a process of its
 * own (bench/lib/push-fixture-process.ts), driven from the benchmark over an IPC channel: it checks the
 * VAPID JWT and decrypts every payload, which costs CPU as the product's encryption does, so it keeps off
 * the benchmark's event loop and its CPU is measured apart (it still shares the machine's cores).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { PushFixtureStats } from '../../tests/fakes/push-fixture-server';
import { type Cleanup, ROOT } from '../../tests/support/processes';

/** Subscriptions as the browser gives them, in columns (endpoint = `${origin}/push/${id}`). */
export interface SubscriptionColumns {
  ids: string[];
  p256dh: string[];
  auth: string[];
}

/** What one timed send looked like from the push service's side. */
export interface FixtureRun {
  /** When the fixture was armed, and when each mark's accepted count was reached (null: not reached). */
  armedAt: number;
  marks: Array<{ count: number; at: number | null }>;
  /** Accepted deliveries counted each second after arming, cumulative. */
  timeline: number[];
  stats: PushFixtureStats;
}

/** The calls the fixture process answers: their arguments and results. */
export interface FixtureCalls {
  start: { args: { expectedKey: string }; result: { origin: string } };
  /** New subscriptions (at most 10,000 per call). */
  subscribe: { args: { count: number }; result: SubscriptionColumns };
  /** Counts start again from zero; each mark's time is taken when that many deliveries were accepted. */
  arm: { args: { marks: number[]; timeoutMs: number }; result: { armedAt: number } };
  /** Waits for the last mark (or the arm's timeout) and gives the run. */
  finish: { args: Record<string, never>; result: FixtureRun };
  stats: { args: Record<string, never>; result: PushFixtureStats };
}

export type FixtureCall = keyof FixtureCalls;
export type FixtureRequest = {
  [K in FixtureCall]: { id: number; call: K; args: FixtureCalls[K]['args'] };
}[FixtureCall];
export type FixtureReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

/** Wall-clock ms at sub-millisecond resolution, comparable between processes of one machine. */
export const now = () => performance.timeOrigin + performance.now();

export class PushFixtureProcess {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly exited: Promise<void>;
  private gone = false;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: FixtureReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(`push fixture: ${reply.message}`));
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        this.gone = true;
        for (const waiter of this.pending.values()) waiter.reject(new Error('push fixture process exited'));
        this.pending.clear();
        resolve();
      }),
    );
  }

  /** Spawns the process and starts the push service in it, accepting only `expectedKey`'s VAPID JWTs. */
  static async start(
    cleanup: Cleanup,
    expectedKey: string,
  ): Promise<{ fixture: PushFixtureProcess; origin: string }> {
    const script = path.join(ROOT, 'bench/lib/push-fixture-process.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const fixture = new PushFixtureProcess(child);
    cleanup.add(() => fixture.stop());
    const { origin } = await fixture.call('start', { expectedKey }, 30_000);
    return { fixture, origin };
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  call<K extends FixtureCall>(
    call: K,
    args: FixtureCalls[K]['args'],
    timeoutMs: number,
  ): Promise<FixtureCalls[K]['result']> {
    if (this.gone) return Promise.reject(new Error('push fixture process has exited'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`push fixture: no answer to ${call} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as FixtureCalls[K]['result']);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.child.send({ id, call, args });
    });
  }

  /** `count` subscriptions, made in chunks (one IPC message each). */
  async subscribe(count: number): Promise<SubscriptionColumns> {
    const all: SubscriptionColumns = { ids: [], p256dh: [], auth: [] };
    for (let made = 0; made < count; made += 10_000) {
      const chunk = await this.call('subscribe', { count: Math.min(10_000, count - made) }, 60_000);
      all.ids.push(...chunk.ids);
      all.p256dh.push(...chunk.p256dh);
      all.auth.push(...chunk.auth);
    }
    return all;
  }

  async stop(): Promise<void> {
    if (this.gone) return;
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}
