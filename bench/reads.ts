/**
 * `reads`: the leaderboard, match stats and available-players calls of a fan who voted, through the whole
 * product on PostgreSQL, against a bare Fastify app in the same kind of process answering the same route
 * patterns with the bytes the product gave, from memory. Same cookie sent, same concurrency, runs
 * alternating between the two servers.
 *
 *   npm run bench -- reads [--duration 5] [--warmup 1] [--concurrency 64] [--fans 200] [--smoke] [--profile]
 *                          [--database-url URL]
 *
 * The overall rate is the harmonic mean of the three (an equal mix of the calls); `ratio` is the
 * product's overall rate over the bare one. Writes bench/results/reads.json.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpPool, headerOf, httpRequest } from '../tests/support/http-client';
import { childEnv, freePort, ROOT, startServer } from '../tests/support/processes';
import { harmonicMean, round } from '../tests/support/stats';
import { formatCpu, machineBusyBefore } from './lib/cpu';
import { closedLoop, type LoadResult, type Operation, runCount } from './lib/load';
import { api, pairCount, ratingViaApi } from './lib/product';
import { fmtMs, fmtRate, printMachine, printTable, runFigures, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';

const TARGET_RATIO = 0.7;

const bench = new ServerBench({ fans: 200 });
const { options, cleanup } = bench;

interface ReadCall {
  name: string;
  pattern: string;
  path: string;
  body: Buffer;
  contentType: string;
}

async function main(): Promise<number> {
  printMachine();
  const busyBefore = await machineBusyBefore();
  const { product, day } = await bench.startMatchDay();
  const server = product.server;
  const productPool = new HttpPool('127.0.0.1', server.port, options.concurrency);
  cleanup.add(() => productPool.close());

  // A played match: every fan rated every player, and the reading fan voted (the leaderboard needs it).
  const primed = await runCount(pairCount(day), options.concurrency, ratingViaApi(productPool, server, day));
  if (primed.errors > 0) throw new Error(`ratings refused: ${JSON.stringify(primed.codes)}`);
  const reader = day.fans[0];
  const motm = day.available[0];
  if (!reader || !motm) throw new Error('no fan or player');
  const vote = await api(server, 'POST', '/api/user-votes', reader.cookie, {
    userId: reader.id,
    matchId: day.matchId,
    motmPlayerId: motm.id,
  });
  if (vote.status !== 201) throw new Error(`vote: ${vote.status} ${JSON.stringify(vote.body)}`);

  const calls: ReadCall[] = [];
  for (const [name, pattern, url] of [
    ['leaderboard', '/api/leaderboard/match/:matchId', `/api/leaderboard/match/${day.matchId}`],
    ['match stats', '/api/stats/match/:matchId', `/api/stats/match/${day.matchId}`],
    ['available players', '/api/players/available-for-rating', '/api/players/available-for-rating'],
  ] as const) {
    const res = await productPool.request(httpRequest('GET', url, server.host, { Cookie: reader.cookie }));
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString()}`);
    calls.push({
      name,
      pattern,
      path: url,
      body: res.body,
      contentType: headerOf(res.head, 'content-type') ?? 'application/json',
    });
  }

  const routesFile = path.join(os.tmpdir(), `matchday-bench-routes-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(
    routesFile,
    JSON.stringify(
      calls.map((c) => ({ pattern: c.pattern, contentType: c.contentType, body: c.body.toString('base64') })),
    ),
  );
  cleanup.add(() => rmSync(routesFile, { force: true }));
  const barePort = await freePort();
  const bare = await startServer({
    name: 'bare Fastify',
    script: path.join(ROOT, 'bench/lib/bare-server.ts'),
    port: barePort,
    env: childEnv({ NODE_ENV: 'production', PORT: String(barePort), BARE_ROUTES: routesFile }),
  });
  cleanup.add(() => bare.stop());
  const barePool = new HttpPool('127.0.0.1', bare.port, options.concurrency);
  cleanup.add(() => barePool.close());

  // An answer counts only if it holds the very bytes first given.
  const reading =
    (pool: HttpPool, request: string, expected: Buffer): Operation =>
    async () => {
      const res = await pool.request(request);
      return res.status === 200 && !res.body.equals(expected) ? -1 : res.status;
    };
  const run = (op: Operation, serverPid: number) =>
    closedLoop({
      concurrency: options.concurrency,
      warmupMs: options.warmup * 1000,
      durationMs: options.duration * 1000,
      op,
      serverPid,
    });
  console.log(
    `${calls.length} calls, each ${options.concurrency} in flight, ${options.warmup} s warm-up + ${options.duration} s, product then bare`,
  );
  const results: Array<{ call: ReadCall; product: LoadResult; bare: LoadResult }> = [];
  for (const call of calls) {
    const headers = { Cookie: reader.cookie };
    const productRun = await run(
      reading(productPool, httpRequest('GET', call.path, server.host, headers), call.body),
      server.pid,
    );
    const bareRun = await run(
      reading(barePool, httpRequest('GET', call.path, bare.host, headers), call.body),
      bare.pid,
    );
    results.push({ call, product: productRun, bare: bareRun });
  }

  const productRate = harmonicMean(results.map((r) => r.product.rate));
  const bareRate = harmonicMean(results.map((r) => r.bare.rate));
  const ratio = productRate / bareRate;
  console.log();
  printTable(
    ['call', 'bytes', 'product', 'bare', 'ratio', 'p50 ms', 'p99 ms', 'bare p99', 'errors'],
    [
      ...results.map(({ call, product: p, bare: b }) => [
        call.name,
        call.body.length,
        fmtRate(p.rate),
        fmtRate(b.rate),
        (p.rate / b.rate).toFixed(2),
        fmtMs(p.latency.p50),
        fmtMs(p.latency.p99),
        fmtMs(b.latency.p99),
        p.errors + b.errors,
      ]),
      [
        'overall (harmonic mean)',
        '',
        fmtRate(productRate),
        fmtRate(bareRate),
        ratio.toFixed(2),
        '',
        '',
        '',
        '',
      ],
    ],
  );
  console.log();
  for (const { call, product: p, bare: b } of results) {
    console.log(`${call.name.padEnd(18)} product: ${formatCpu(p.cpu)}`);
    console.log(`${''.padEnd(18)} bare:    ${formatCpu(b.cpu)}`);
  }
  const met = ratio >= TARGET_RATIO;
  console.log();
  console.log(
    `ratio product / bare: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${met ? 'met' : 'NOT met'})`,
  );

  const errors = results.reduce((sum, r) => sum + r.product.errors + r.bare.errors, 0);
  const file = writeResults('reads', {
    smoke: options.smoke ? 1 : 0,
    machine_busy_before_cores: busyBefore,
    ratio: round(ratio, 3),
    product_rate: round(productRate, 1),
    bare_rate: round(bareRate, 1),
    errors,
    target_ratio: TARGET_RATIO,
    target_met: met ? 1 : 0,
    settings: {
      concurrency: options.concurrency,
      fans: day.fans.length,
      warmup_s: options.warmup,
      duration_s: options.duration,
    },
    calls: Object.fromEntries(
      results.map(({ call, product: p, bare: b }) => [
        call.path.replace(/\/\d+$/, '/:matchId'),
        {
          bytes: call.body.length,
          ratio: round(p.rate / b.rate, 3),
          product: runFigures(p),
          bare: runFigures(b),
        },
      ]),
    ),
  });
  console.log(`wrote ${file}`);
  return errors > 0 ? 1 : 0;
}

bench.run(main);
