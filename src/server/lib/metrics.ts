import { knownErrors } from '@shared/error-codes';
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { QueryKind } from '../db/query-stats';

/** Seconds, for answers, sign-ins and ticks: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from a rating to the fans' screens: the ticker gathers writes for 250 ms, so the interesting range is 10 ms to 2 s. */
const PUSH_LAG_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2.5, 5, 10];
/** Seconds a statement or transaction holds its connection: 0.25 ms to 5 s. */
const DB_BUCKETS = [0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A scrape waits this long for a count from the database, then shows the last one. */
const SAMPLE_TIMEOUT_MS = 2000;

export type LoginMethod = 'password' | 'social';
export type LoginResult = 'ok' | 'failed' | 'limited';

/** What the scrape-time gauges read; each is called at every scrape. */
export interface MetricSources {
  liveSockets(): number;
  database?: { stats?(): { inFlight: number; poolSize: number } };
  hashPool(): { running: number; waiting: number };
  newsletterPending(): Promise<number>;
  pushPending(): Promise<{ jobs: number; subscriptions: number }>;
}

let processMetrics: Metric[] | null = null;

/**
 * The process's own figures (CPU, memory, handles, GC, event-loop lag), made once per process and shared
 * by every app's registry: each collector set starts an event-loop monitor and a GC observer that are
 * never stopped, and tests build many apps in one process.
 */
function processCollectors(): Metric[] {
  if (!processMetrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    processMetrics = registry.getMetricsAsArray() as unknown as Metric[];
  }
  return processMetrics;
}

/** Error codes an answer may carry as a label: the known ones only, so a label never holds free text. */
function isKnownCode(code: string): boolean {
  return knownErrors().has(code);
}

/** The `code` of a JSON error answer, if it is a known one; else the status. */
export function rejectionReason(payload: unknown, status: number): string {
  if (typeof payload === 'string') {
    const at = payload.indexOf('"code":"');
    if (at !== -1) {
      const start = at + 8;
      const end = payload.indexOf('"', start);
      const code = end === -1 ? '' : payload.slice(start, end);
      if (isKnownCode(code)) return code;
    }
  }
  return String(status);
}

/** A read from the database for a gauge: null when it failed or took too long (the gauge keeps its value). */
async function sample<T>(read: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SAMPLE_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([read().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One read shared by the gauges it feeds: they are collected side by side within one scrape. */
function shared<T>(read: () => Promise<T>): () => Promise<T | null> {
  let pending: Promise<T | null> | null = null;
  return () => {
    pending ??= sample(read).finally(() => {
      pending = null;
    });
    return pending;
  };
}

/**
 * The app's Prometheus metrics, in a registry of its own (never prom-client's global one: several apps
 * may run in one process). Every name starts with `matchday_`, but the process's own (`process_`,
 * `nodejs_`). Labels take bounded values only: route patterns, error codes, statuses.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly ratingsSaved = new Counter({
    name: 'matchday_ratings_saved_total',
    help: 'Ratings the server saved (a rating sent again counts again).',
    registers: [this.registry],
  });

  readonly votesSaved = new Counter({
    name: 'matchday_final_votes_saved_total',
    help: 'Final votes the server saved.',
    registers: [this.registry],
  });

  readonly rejectedWrites = new Counter({
    name: 'matchday_rejected_writes_total',
    help: 'Writes (any method but GET and HEAD) answered 400 or more, by route pattern and the code the answer carried (or its status).',
    labelNames: ['route', 'reason'] as const,
    registers: [this.registry],
  });

  readonly pushLag = new Histogram({
    name: 'matchday_live_push_lag_seconds',
    help: 'Seconds from the earliest write a leaderboard push covers to the push written to the last socket of its audience on this instance.',
    buckets: PUSH_LAG_BUCKETS,
    registers: [this.registry],
  });

  readonly tickDuration = new Histogram({
    name: 'matchday_leaderboard_tick_seconds',
    help: "Seconds a leaderboard tick takes to compute a match's figures and hand them to the live bus.",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly dbQueryDuration = new Histogram({
    name: 'matchday_db_query_duration_seconds',
    help: 'Seconds a database statement (or a whole transaction, which holds its connection throughout) took, waiting for a connection included.',
    labelNames: ['kind'] as const,
    buckets: DB_BUCKETS,
    registers: [this.registry],
  });

  readonly logins = new Counter({
    name: 'matchday_logins_total',
    help: 'Sign-in answers by method and result (limited: refused by a rate limit, the lockout or a full hashing queue).',
    labelNames: ['method', 'result'] as const,
    registers: [this.registry],
  });

  readonly signInDuration = new Histogram({
    name: 'matchday_sign_in_duration_seconds',
    help: 'Seconds a sign-in took to answer, by method and result.',
    labelNames: ['method', 'result'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'matchday_http_request_duration_seconds',
    help: 'Seconds an HTTP answer took, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly firstScreens = new Counter({
    name: 'matchday_first_screens_total',
    help: "A signed-in fan's home navigations by how the page went out: drawn on the server, the session's last drawing sent again (its answers unchanged), or as built (a drawing budget spent, or nothing to draw).",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly fastReads = new Counter({
    name: 'matchday_fast_reads_total',
    help: "GET answers given from memory ahead of Fastify's hooks (plugins/fast-reads.ts), by route pattern; each is in the HTTP histogram too.",
    labelNames: ['route'] as const,
    registers: [this.registry],
    // Counted by the fast reads as plain numbers (a labelled inc() on every answer cost them about 5 %
    // of a read) and brought in here at each scrape.
    collect: () => {
      if (!this.#fastReadCounts) return;
      for (const [route, answers] of this.#fastReadCounts()) {
        const before = this.#fastReadsReported.get(route) ?? 0;
        if (answers > before) this.fastReads.labels({ route }).inc(answers - before);
        this.#fastReadsReported.set(route, answers);
      }
    },
  });
  #fastReadCounts: (() => Iterable<readonly [route: string, answers: number]>) | null = null;
  readonly #fastReadsReported = new Map<string, number>();

  /** Where `fastReads` comes from: each route's answers so far, read at each scrape. */
  countFastReadsFrom(counts: () => Iterable<readonly [route: string, answers: number]>): void {
    this.#fastReadCounts = counts;
  }

  /** The HTTP histogram's series, each made once: a request builds no label object. */
  readonly #httpSeries = new Map<string, Histogram.Internal<'route' | 'method' | 'status_class'>>();
  readonly #querySeries: Record<QueryKind, Histogram.Internal<'kind'>> = {
    statement: this.dbQueryDuration.labels({ kind: 'statement' }),
    transaction: this.dbQueryDuration.labels({ kind: 'transaction' }),
  };

  constructor() {
    for (const metric of processCollectors()) this.registry.registerMetric(metric);
  }

  /** An answer's duration; `route` is the route's pattern (undefined for an unknown path). */
  observeHttp(route: string | undefined, method: string, status: number, ms: number): void {
    this.httpSeries(route, method, status).observe(ms / 1000);
  }

  /** The HTTP histogram's series for these labels, for a caller that observes it on every answer. */
  httpSeries(
    route: string | undefined,
    method: string,
    status: number,
  ): Histogram.Internal<'route' | 'method' | 'status_class'> {
    const key = `${method} ${route ?? ''} ${status}`;
    let series = this.#httpSeries.get(key);
    if (!series) {
      series = this.httpDuration.labels({
        route: route ?? 'unmatched',
        method,
        status_class: `${Math.floor(status / 100)}xx`,
      });
      this.#httpSeries.set(key, series);
    }
    return series;
  }

  observeQuery(seconds: number, kind: QueryKind): void {
    this.#querySeries[kind].observe(seconds);
  }

  observeSignIn(method: LoginMethod, result: LoginResult, ms: number): void {
    this.logins.inc({ method, result });
    this.signInDuration.observe({ method, result }, ms / 1000);
  }

  /** The gauges read at scrape time: sockets, pool, hashing, queues. */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    const read = (name: string, help: string, value: () => number | undefined) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: () => {
          const current = value();
          if (current !== undefined) gauge.set(current);
        },
      });
    };
    const sampled = <T>(
      name: string,
      help: string,
      from: () => Promise<T | null>,
      pick: (v: T) => number,
    ) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: async () => {
          const found = await from();
          if (found !== null) gauge.set(pick(found));
        },
      });
    };

    read('matchday_live_sockets_open', 'Live sockets open on this instance.', () => sources.liveSockets());
    read(
      'matchday_db_queries_in_flight',
      'Database statements and open transactions awaiting their answer (waiting for a connection included): above the pool size, calls queue.',
      () => sources.database?.stats?.().inFlight,
    );
    read(
      'matchday_db_pool_size',
      'Connections the database pool may open (1 for the embedded database).',
      () => sources.database?.stats?.().poolSize,
    );
    read(
      'matchday_password_hash_running',
      'Password hashes being computed now.',
      () => sources.hashPool().running,
    );
    read(
      'matchday_password_hash_waiting',
      'Password hashes waiting for a free hashing slot.',
      () => sources.hashPool().waiting,
    );
    sampled(
      'matchday_newsletter_queue_pending',
      'Newsletter sign-ups and removals waiting to reach the provider (all instances).',
      shared(sources.newsletterPending),
      (n) => n,
    );
    const push = shared(sources.pushPending);
    sampled(
      'matchday_push_jobs_pending',
      'Web Push notifications waiting to be sent or retried (all instances).',
      push,
      (p) => p.jobs,
    );
    sampled(
      'matchday_push_subscriptions_pending',
      'Subscriptions of match events not yet made into notifications (all instances).',
      push,
      (p) => p.subscriptions,
    );
  }

  /** The scrape, in Prometheus's text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
