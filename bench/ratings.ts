/**
 * `ratings`: POST /api/ratings through the whole product on PostgreSQL, against saveRating's upsert sent
 * straight to PostgreSQL with postgres.js, the same pool size (20, src/server/db/client.ts) and the same
 * concurrency; then latency at a fixed offered rate (open loop). Last, the anchor: pgbench sending the
 * same upsert to the same database with as many clients, unthrottled (the database's own limit) and at
 * the same offered rate (bench/lib/pgbench.ts); `ratio_pgbench` = the product's rate / pgbench's, null
 * with `ratio_refused` when the machine was busy before the run (bench/lib/anchor.ts), as `ratio` then.
 *
 *   npm run bench -- ratings [--duration 5] [--warmup 1] [--concurrency 64] [--rate 1000]
 *                            [--latency-duration 10] [--fans 500] [--smoke] [--profile] [--database-url URL]
 *
 * Every (fan, player) pair is rated once first (the first pass of a match: inserts), so every measured
 * rating updates an existing row, as most do during a live match. Writes bench/results/ratings.json.
 */
import os from 'node:os';
import postgres from 'postgres';
import { RATING_UPSERT, ratingUpsertParams } from '../src/server/features/match-day/rating-batches';
import { HttpPool } from '../tests/support/http-client';
import { round } from '../tests/support/stats';
import { machineBefore, machineFigures, ratioFields, ratioVerdict, targetMet } from './lib/anchor';
import { formatCpu } from './lib/cpu';
import { closedLoop, type LoadResult, type Operation, openLoop, runCount } from './lib/load';
import { cleanPgbenchFans, findPgbench, type PgbenchRun, runPgbench, seedPgbenchFans } from './lib/pgbench';
import { pairCount, ratingOf, ratingViaApi } from './lib/product';
import { fmtMs, fmtRate, printMachine, printTable, runFigures, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';
import { gauge, histogramTail, scrapeMetrics, withOwnLoopDelay } from './lib/server-metrics';

const TARGET_RATIO = 0.5;
/** The product's most ratings a second over pgbench's most upserts a second, at least. */
const TARGET_RATIO_PGBENCH = 0.7;
const TARGET_P99_MS = 50;
/** The product's pool (src/server/db/client.ts openPostgres). */
const POOL = { max: 20, idle_timeout: 30, connect_timeout: 5, onnotice: () => {} };
/** An answer slower than this is in the latency run's tail (a bucket bound of the product's histograms). */
const TAIL_SECONDS = 0.025;

const bench = new ServerBench({ fans: 500 });
const { options, cleanup } = bench;

async function main(): Promise<number> {
  printMachine();
  const machine = await machineBefore();
  // Found first: a run without its anchor is refused before minutes of load, not after.
  const pgbench = findPgbench();

  const { product, day } = await bench.startMatchDay();
  const server = product.server;
  const pool = new HttpPool('127.0.0.1', server.port, Math.max(options.concurrency, 256));
  cleanup.add(() => pool.close());
  const raw = postgres(product.databaseUrl, POOL);
  cleanup.add(() => raw.end({ timeout: 5 }));

  const viaProduct = ratingViaApi(pool, server, day);
  const viaRaw =
    (prepare: boolean): Operation =>
    async (seq) => {
      // saveRating's own statement and parameters.
      const rows = await raw.unsafe(RATING_UPSERT, [...ratingUpsertParams(ratingOf(day, seq).body)], {
        prepare,
      });
      return rows.length === 1 ? 200 : 409;
    };

  const pairs = pairCount(day);
  console.log(
    `${day.fans.length} fans x ${day.available.length} players = ${pairs} ratings; first pass through the API (inserts)...`,
  );
  const primed = await runCount(pairs, options.concurrency, viaProduct);
  if (primed.errors > 0)
    throw new Error(`first pass refused ${primed.errors} ratings: ${JSON.stringify(primed.codes)}`);

  // What the rate runs and the latency runs share: the warm-up, `seconds` measured, the operation and its first key.
  const loop = (seconds: number, op: Operation, firstSeq: number, serverPid?: number) => ({
    warmupMs: options.warmup * 1000,
    durationMs: seconds * 1000,
    op,
    firstSeq,
    ...(serverPid ? { serverPid } : {}),
  });
  const closed = (op: Operation, firstSeq: number, serverPid?: number) =>
    closedLoop({ concurrency: options.concurrency, ...loop(options.duration, op, firstSeq, serverPid) });
  console.log(
    `rate runs: ${options.concurrency} in flight, ${options.warmup} s warm-up + ${options.duration} s each; pool of ${POOL.max} on both sides`,
  );
  const productRun = await closed(viaProduct, pairs, server.pid);
  const rawRun = await closed(viaRaw(true), productRun.nextSeq);
  const unnamedRun = await closed(viaRaw(false), rawRun.nextSeq);

  console.log(`latency runs: ${options.rate}/s offered for ${options.latencyDuration} s (open loop)...`);
  const open = (op: Operation, firstSeq: number, serverPid?: number) =>
    openLoop({ rate: options.rate, ...loop(options.latencyDuration, op, firstSeq, serverPid) });
  // The product's own view of that run, for where a tail went: its answers, statements, event loop and GC.
  const scrapedBefore = await scrapeMetrics(server, product.metricsToken);
  const timed = await withOwnLoopDelay(() => open(viaProduct, unnamedRun.nextSeq, server.pid));
  const scrapedAfter = await scrapeMetrics(server, product.metricsToken);
  const productLatency = timed.result;
  const tailOf = (name: string, parts: string[], over = TAIL_SECONDS) =>
    histogramTail(scrapedBefore, scrapedAfter, name, parts, over);
  const tail = {
    answers: tailOf('matchday_http_request_duration_seconds', ['route="/api/ratings"', 'method="POST"']),
    statements: tailOf('matchday_db_query_duration_seconds', ['kind="statement"']),
    transactions: tailOf('matchday_db_query_duration_seconds', ['kind="transaction"']),
    gc: tailOf('nodejs_gc_duration_seconds', [], 0.01),
    // Mark-compact apart: the one kind long enough to be a stall of the size by itself.
    gcMajor: tailOf('nodejs_gc_duration_seconds', ['kind="major"'], 0.01),
    serverLoopMaxMs: gauge(scrapedAfter, 'nodejs_eventloop_lag_max_seconds') * 1000,
    generatorLoop: { p99Ms: timed.p99Ms, maxMs: timed.maxMs },
  };
  const rawLatency = await open(viaRaw(true), unnamedRun.nextSeq + 1_000_000);

  const [{ count }] =
    (await raw`select count(*)::int as count from ratings where match_id = ${day.matchId}`) as unknown as [
      { count: number },
    ];

  // The anchor, last: the product idle, postgres.js's pool closed so pgbench's clients fit under
  // max_connections beside the product's pool.
  await raw.end({ timeout: 5 });
  const setup = postgres(product.databaseUrl, { max: 1, onnotice: () => {} });
  cleanup.add(() => setup.end({ timeout: 5 }));
  const fans = await seedPgbenchFans(
    setup,
    day.matchId,
    day.available.map((p) => p.id),
  );
  const threads = Math.min(os.availableParallelism(), options.concurrency);
  const pgRun = (seconds: number, rate?: number) =>
    runPgbench({
      binary: pgbench,
      url: product.databaseUrl,
      fans,
      clients: options.concurrency,
      threads,
      seconds,
      ...(rate ? { rate } : {}),
    });
  console.log(
    `pgbench (${pgbench}): the same upsert, ${fans.ids.length} fans of its own x ${day.available.length} players, ` +
      `${options.concurrency} clients on ${threads} threads: ${Math.ceil(options.warmup)} s warm-up, ` +
      `${Math.ceil(options.duration)} s unthrottled, ${Math.ceil(options.latencyDuration)} s at ${options.rate}/s...`,
  );
  const [pgMax, pgFixed] = await (async () => {
    try {
      await pgRun(options.warmup);
      return [await pgRun(options.duration), await pgRun(options.latencyDuration, options.rate)];
    } finally {
      await cleanPgbenchFans(setup, fans);
    }
  })();

  const ratio = productRun.rate / rawRun.rate;
  const ratioPgbench = productRun.rate / pgMax.tps;
  const row = (name: string, run: LoadResult) => [
    name,
    fmtRate(run.rate),
    fmtMs(run.latency.p50),
    fmtMs(run.latency.p99),
    fmtMs(run.latency.max),
    run.errors,
  ];
  const pgRow = (name: string, run: PgbenchRun) => [
    name,
    fmtRate(run.tps),
    fmtMs(run.p50Ms),
    fmtMs(run.p99Ms),
    fmtMs(run.maxMs),
    run.failed,
  ];
  console.log();
  printTable(
    ['run', 'rate', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
    [
      row(`POST /api/ratings, ${options.concurrency} in flight`, productRun),
      row('upsert straight to PostgreSQL, prepared', rawRun),
      row('  same, unnamed statement as drizzle sends it', unnamedRun),
      row(`POST /api/ratings at ${options.rate}/s offered`, productLatency),
      row(`upsert straight to PostgreSQL at ${options.rate}/s`, rawLatency),
      pgRow(`pgbench, same upsert, ${options.concurrency} clients, unthrottled`, pgMax),
      pgRow(`pgbench at ${options.rate}/s offered`, pgFixed),
    ],
  );
  console.log();
  for (const [name, run] of [
    ['product', productRun],
    ['raw prepared', rawRun],
    ['raw unnamed', unnamedRun],
    ['product at fixed rate', productLatency],
  ] as const)
    console.log(`${name.padEnd(22)} ${formatCpu(run.cpu)}`);
  const over = `over ${TAIL_SECONDS * 1000} ms`;
  console.log();
  console.log(`where the fixed-rate run's tail went (the product's /metrics, diffed over the run):`);
  console.log(
    `  answers timed by the server: ${tail.answers.count}, ${over}: ${tail.answers.over} (the client saw p99 ${fmtMs(productLatency.latency.p99)} ms, max ${fmtMs(productLatency.latency.max)} ms)`,
  );
  console.log(
    `  database statements: ${tail.statements.count}, ${over}: ${tail.statements.over}; transactions: ${tail.transactions.count}, ${over}: ${tail.transactions.over}`,
  );
  console.log(
    `  server event loop: max delay ${fmtMs(tail.serverLoopMaxMs)} ms; garbage collection: ${tail.gc.count} pauses, ${fmtMs(tail.gc.sumSeconds * 1000)} ms in all, over 10 ms: ${tail.gc.over}; of them major (mark-compact): ${tail.gcMajor.count}, ${fmtMs(tail.gcMajor.sumSeconds * 1000)} ms`,
  );
  console.log(
    `  load generator's event loop: p99 delay ${fmtMs(tail.generatorLoop.p99Ms)} ms, max ${fmtMs(tail.generatorLoop.maxMs)} ms`,
  );
  const p99Met = productLatency.latency.p99 < TARGET_P99_MS;
  const rawVerdict = ratioVerdict(machine, 'ratio product / raw', ratio, { atLeast: TARGET_RATIO });
  const pgVerdict = ratioVerdict(machine, 'ratio product / pgbench', ratioPgbench, {
    atLeast: TARGET_RATIO_PGBENCH,
  });
  console.log();
  console.log(
    `anchor (pgbench, same upsert): ${fmtRate(pgMax.tps)} unthrottled; product ${fmtRate(productRun.rate)}`,
  );
  console.log(rawVerdict.line);
  console.log(pgVerdict.line);
  console.log(
    `at ${options.rate}/s: p50 ${fmtMs(productLatency.latency.p50)} ms, p99 ${fmtMs(productLatency.latency.p99)} ms (target p99 < ${TARGET_P99_MS} ms: ${p99Met ? 'met' : 'NOT met'})`,
  );
  const lost = count !== pairs;
  if (lost) console.error(`the match holds ${count} ratings, expected ${pairs} (one per fan and player)`);

  const errors =
    productRun.errors +
    rawRun.errors +
    unnamedRun.errors +
    productLatency.errors +
    rawLatency.errors +
    pgMax.failed +
    pgFixed.failed;
  const pgFigures = (run: PgbenchRun) => ({
    rate: round(run.tps, 1),
    transactions: run.transactions,
    failed: run.failed,
    latency_average_ms: round(run.latencyAverageMs),
    p50_ms: round(run.p50Ms),
    p99_ms: round(run.p99Ms),
    max_ms: round(run.maxMs),
  });
  const figures = (run: LoadResult) => runFigures(run, { max: true });
  const file = writeResults('ratings', {
    smoke: options.smoke ? 1 : 0,
    ...machineFigures(machine),
    ...ratioFields(machine, { ratio, ratio_pgbench: ratioPgbench }),
    p50_ms: round(productLatency.latency.p50),
    p99_ms: round(productLatency.latency.p99),
    product_rate: round(productRun.rate, 1),
    raw_rate: round(rawRun.rate, 1),
    raw_unnamed_rate: round(unnamedRun.rate, 1),
    pgbench_rate: round(pgMax.tps, 1),
    pgbench_fixed_rate_p99_ms: round(pgFixed.p99Ms),
    offered_rate: options.rate,
    errors,
    ratings_in_match: count,
    expected_ratings_in_match: pairs,
    target_ratio: TARGET_RATIO,
    target_ratio_pgbench: TARGET_RATIO_PGBENCH,
    target_p99_ms: TARGET_P99_MS,
    target_met: targetMet(rawVerdict.met, pgVerdict.met, p99Met),
    settings: {
      concurrency: options.concurrency,
      pool: POOL.max,
      fans: day.fans.length,
      players: day.available.length,
      warmup_s: options.warmup,
      duration_s: options.duration,
      latency_duration_s: options.latencyDuration,
    },
    runs: {
      product: figures(productRun),
      raw_prepared: figures(rawRun),
      raw_unnamed: figures(unnamedRun),
      product_fixed_rate: {
        ...figures(productLatency),
        achieved_rate: round(productLatency.rate, 1),
        tail_over_ms: TAIL_SECONDS * 1000,
        server_answers_over: tail.answers.over,
        statements_over: tail.statements.over,
        transactions_over: tail.transactions.over,
        server_loop_max_ms: round(tail.serverLoopMaxMs),
        gc_ms: round(tail.gc.sumSeconds * 1000),
        gc_pauses_over_10_ms: tail.gc.over,
        gc_major_pauses: tail.gcMajor.count,
        gc_major_ms: round(tail.gcMajor.sumSeconds * 1000),
        generator_loop_p99_ms: round(tail.generatorLoop.p99Ms),
        generator_loop_max_ms: round(tail.generatorLoop.maxMs),
      },
      raw_fixed_rate: { ...figures(rawLatency), achieved_rate: round(rawLatency.rate, 1) },
    },
    pgbench: {
      binary: pgbench,
      command: pgMax.command,
      clients: options.concurrency,
      threads,
      fans: fans.ids.length,
      players: day.available.length,
      max: pgFigures(pgMax),
      fixed_rate: { offered_rate: options.rate, ...pgFigures(pgFixed) },
    },
  });
  console.log(`wrote ${file}`);
  return errors > 0 || lost ? 1 : 0;
}

bench.run(main);
