import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';

export type QueryKind = 'statement' | 'transaction';
export type QueryObserver = (seconds: number, kind: QueryKind) => void;

/**
 * What the database is doing for this process: calls awaiting their answer now, and each call's
 * duration for whoever observes. A transaction counts as one call for its whole life (it holds one
 * connection throughout); the statements inside it are part of its time. The cost per call is two clock
 * reads and two additions.
 */
export class QueryStats {
  inFlight = 0;
  readonly #observers = new Set<QueryObserver>();

  constructor(readonly poolSize: number) {}

  start(): number {
    this.inFlight += 1;
    return performance.now();
  }

  end(started: number, kind: QueryKind): void {
    this.inFlight -= 1;
    if (this.#observers.size === 0) return;
    const seconds = (performance.now() - started) / 1000;
    for (const observe of this.#observers) observe(seconds, kind);
  }

  /** Runs `call`, counted from now until it settles. */
  time<T>(kind: QueryKind, call: () => Promise<T>): Promise<T> {
    const started = this.start();
    let pending: Promise<T>;
    try {
      pending = call();
    } catch (error) {
      this.end(started, kind);
      throw error;
    }
    return pending.then(
      (value) => {
        this.end(started, kind);
        return value;
      },
      (error: unknown) => {
        this.end(started, kind);
        throw error;
      },
    );
  }

  observe(observer: QueryObserver): () => void {
    this.#observers.add(observer);
    return () => void this.#observers.delete(observer);
  }
}

/** A postgres.js query as far as timing it goes: lazy, sent on its first then/execute (`handle`). */
interface PendingQuery extends Promise<unknown> {
  executed: boolean;
  handle(): Promise<void>;
}

type Unsafe = (text: string, params?: unknown[], options?: object) => PendingQuery;
type Begin = (...args: unknown[]) => Promise<unknown>;

/**
 * Times every statement sent through the pool (drizzle's and the prepared hot paths' `unsafe`) and every
 * transaction (`begin`), in place, so the client drizzle holds is the one timed. A statement is counted
 * from when it is sent, not when it is built: postgres.js builds fragments with `unsafe` too.
 */
export function timePostgres(client: Sql, stats: QueryStats): void {
  const target = client as unknown as { unsafe: Unsafe; begin: Begin };
  const unsafe = target.unsafe;
  const begin = target.begin;
  // postgres.js's begin sends its BEGIN through `unsafe` before its first await: that statement is part
  // of the transaction's time, not a call of its own.
  let opening = false;
  const send = Promise.prototype.then;
  target.unsafe = (text, params, options) => {
    const query = unsafe(text, params, options);
    if (opening) return query;
    const handle = query.handle;
    query.handle = function (this: PendingQuery) {
      if (!this.executed) {
        const started = stats.start();
        const done = () => stats.end(started, 'statement');
        // Promise's own then: the query's would send it again.
        send.call(this, done, done);
      }
      return handle.call(this);
    };
    return query;
  };
  target.begin = (...args) =>
    stats.time('transaction', () => {
      opening = true;
      try {
        return begin(...args);
      } finally {
        opening = false;
      }
    });
}

/** The same for the embedded database: its query, exec and transaction. */
export function timePglite(pg: PGlite, stats: QueryStats): void {
  const query = pg.query.bind(pg);
  const exec = pg.exec.bind(pg);
  const transaction = pg.transaction.bind(pg);
  pg.query = ((...args: Parameters<PGlite['query']>) =>
    stats.time('statement', () => query(...args))) as PGlite['query'];
  pg.exec = (...args) => stats.time('statement', () => exec(...args));
  pg.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    stats.time('transaction', () => transaction(...args))) as PGlite['transaction'];
}
