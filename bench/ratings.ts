/**
 * `ratings`: POST /api/ratings through the whole product on PostgreSQL, against saveRating's upsert sent
 * straight to PostgreSQL with postgres.js, the same pool size (20, src/server/db/client.ts) and the same
 * concurrency; then latency at a fixed offered rate (open loop).
 *
 *   npm run bench -- ratings [--duration 5] [--warmup 1] [--concurrency 64] [--rate 1000]
 *                            [--latency-duration 10] [--fans 500] [--smoke] [--profile] [--database-url URL]
 *
 * Every (fan, player) pair is rated once first (the first pass of a match: inserts), so every measured
 * rating updates an existing row, as most do during a live match. Writes bench/results/ratings.json.
 */
import postgres from 'postgres';
import { RATING_UPSERT, ratingUpsertParams } from '../src/server/features/match-day/rating-batches';
import { HttpPool } from '../tests/support/http-client';
import { round } from '../tests/support/stats';
import { formatCpu, machineBusyBefore } from './lib/cpu';
import { closedLoop, type LoadResult, type Operation, openLoop, runCount } from './lib/load';
import { pairCount, ratingOf, ratingViaApi } from './lib/product';
import { fmtMs, fmtRate, printMachine, printTable, runFigures, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';
import { gauge, histogramTail, scrapeMetrics, withOwnLoopDelay } from './lib/server-metrics';

const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
/** The product's pool (src/server/db/client.ts openPostgres). */
const POOL = { max: 20, idle_timeout: 30, connect_timeout: 5, onnotice: () => {} };
/** An answer slower than this is in the latency run's tail (a bucket bound of the product's histograms). */
const TAIL_SECONDS = 0.025;

const bench = new ServerBench({ fans: 500 });
const { options, cleanup } = bench;

async function main(): Promise<number> {
  printMachine();
  const busyBefore = await machineBusyBefore();

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
    serverLoopMaxMs: gauge(scrapedAfter, 'nodejs_eventloop_lag_max_seconds') * 1000,
    generatorLoop: { p99Ms: timed.p99Ms, maxMs: timed.maxMs },
  };
  const rawLatency = await open(viaRaw(true), unnamedRun.nextSeq + 1_000_000);

  const [{ count }] =
    (await raw`select count(*)::int as count from ratings where match_id = ${day.matchId}`) as unknown as [
      { count: number },
    ];

  const ratio = productRun.rate / rawRun.rate;
  const row = (name: string, run: LoadResult) => [
    name,
    fmtRate(run.rate),
    fmtMs(run.latency.p50),
    fmtMs(run.latency.p99),
    fmtMs(run.latency.max),
    run.errors,
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
    `  server event loop: max delay ${fmtMs(tail.serverLoopMaxMs)} ms; garbage collection: ${tail.gc.count} pauses, ${fmtMs(tail.gc.sumSeconds * 1000)} ms in all, over 10 ms: ${tail.gc.over}`,
  );
  console.log(
    `  load generator's event loop: p99 delay ${fmtMs(tail.generatorLoop.p99Ms)} ms, max ${fmtMs(tail.generatorLoop.maxMs)} ms`,
  );
  const ratioMet = ratio >= TARGET_RATIO;
  const p99Met = productLatency.latency.p99 < TARGET_P99_MS;
  console.log();
  console.log(
    `ratio product / raw: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratioMet ? 'met' : 'NOT met'})`,
  );
  console.log(
    `at ${options.rate}/s: p50 ${fmtMs(productLatency.latency.p50)} ms, p99 ${fmtMs(productLatency.latency.p99)} ms (target p99 < ${TARGET_P99_MS} ms: ${p99Met ? 'met' : 'NOT met'})`,
  );
  const lost = count !== pairs;
  if (lost) console.error(`the match holds ${count} ratings, expected ${pairs} (one per fan and player)`);

  const errors =
    productRun.errors + rawRun.errors + unnamedRun.errors + productLatency.errors + rawLatency.errors;
  const figures = (run: LoadResult) => runFigures(run, { max: true });
  const file = writeResults('ratings', {
    smoke: options.smoke ? 1 : 0,
    machine_busy_before_cores: busyBefore,
    ratio: round(ratio, 3),
    p50_ms: round(productLatency.latency.p50),
    p99_ms: round(productLatency.latency.p99),
    product_rate: round(productRun.rate, 1),
    raw_rate: round(rawRun.rate, 1),
    raw_unnamed_rate: round(unnamedRun.rate, 1),
    offered_rate: options.rate,
    errors,
    ratings_in_match: count,
    expected_ratings_in_match: pairs,
    target_ratio: TARGET_RATIO,
    target_p99_ms: TARGET_P99_MS,
    target_met: ratioMet && p99Met ? 1 : 0,
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
        generator_loop_p99_ms: round(tail.generatorLoop.p99Ms),
        generator_loop_max_ms: round(tail.generatorLoop.maxMs),
      },
      raw_fixed_rate: { ...figures(rawLatency), achieved_rate: round(rawLatency.rate, 1) },
    },
  });
  console.log(`wrote ${file}`);
  return errors > 0 || lost ? 1 : 0;
}

bench.run(main);
