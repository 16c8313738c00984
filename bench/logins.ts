/**
 * `logins`: a sign-in storm at kick-off while the match is being rated. N fans with real argon2id
 * password hashes sign in through POST /api/auth/login, their requests due evenly over a window (open
 * loop, each from an address of its own as fans behind a proxy are), while already signed-in fans keep
 * rating at a steady offered rate, as they did in a baseline period before the storm.
 *
 *   npm run bench -- logins [--logins 2000] [--window 60] [--rate 200] [--baseline 10] [--connections 500]
 *                           [--fans 200] [--hash-concurrency N] [--smoke] [--profile] [--database-url URL]
 *
 * --rate: ratings offered per second; --fans: the fans rating; --hash-concurrency sets the product's
 * PASSWORD_HASH_CONCURRENCY (else the shell's, else its default). --smoke: 100 sign-ins over 5 s, a 2 s
 * baseline. Every latency runs from when the request was due. Writes bench/results/logins.json. Exits 1
 * when a sign-in or a rating failed; never on timings.
 */
import { parseArgs } from 'node:util';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashConcurrency, hashPassword } from '../src/server/lib/passwords';
import { HttpPool, httpRequest } from '../tests/support/http-client';
import { type LatencySummary, round, summarise } from '../tests/support/stats';
import { type CpuSample, type CpuUse, cpuBetween, formatCpu, machineBusyBefore, sampleCpu } from './lib/cpu';
import { dueSchedule, type Timed } from './lib/due-schedule';
import { runCount } from './lib/load';
import { positiveNumbers } from './lib/options';
import { pairCount, ratingViaApi } from './lib/product';
import { fmtMs, printMachine, printTable, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';

const TARGET_RATINGS_P99_MS = 100;
/** Sign-ins before the measured part, so the login route and the hash pool are warm. */
const WARM_LOGINS = 10;
const PASSWORD = 'kick-off-bench-password';
/** The product's session cookie on a successful sign-in. */
const SESSION_SET = /\r\nset-cookie:[ \t]*matchday_session=/i;

const bench = new ServerBench({ fans: 200 });
const { options, cleanup } = bench;

function stormOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: false,
    options: {
      logins: { type: 'string' },
      window: { type: 'string' },
      rate: { type: 'string' },
      baseline: { type: 'string' },
      connections: { type: 'string' },
      'hash-concurrency': { type: 'string' },
    },
  });
  const number = positiveNumbers(values);
  const hashes = values['hash-concurrency'];
  return {
    logins: Math.round(number('logins', options.smoke ? 100 : 2000)),
    windowS: number('window', options.smoke ? 5 : 60),
    rate: number('rate', 200),
    baselineS: number('baseline', options.smoke ? 2 : 10),
    connections: Math.round(number('connections', 500)),
    hashConcurrency: typeof hashes === 'string' ? hashes : undefined,
  };
}

/** Fan i's address: 10.x.y.z, unique for up to 16 million fans. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const emailOf = (i: number) => `login${i}@bench.invalid`;

/** `count` fans with verified e-mail and consent, all with the same real argon2id hash. */
async function insertFans(db: Database, count: number, passwordHash: string): Promise<void> {
  for (let first = 0; first < count; first += 1000) {
    await db.insert(users).values(
      Array.from({ length: Math.min(1000, count - first) }, (_, i) => ({
        email: emailOf(first + i),
        name: `Login ${first + i}`,
        passwordHash,
        emailVerified: true,
        consentGiven: true,
        consentAt: new Date(),
      })),
    );
  }
}

/** Latencies from due time of the accepted outcomes among `runs`. */
function latencyOf(runs: Timed[], ok: (code: number) => boolean): LatencySummary {
  return summarise(runs.filter((r) => ok(r.code)).map((r) => r.done - r.due));
}

function codesOf(runs: Timed[]): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const r of runs) codes[r.code] = (codes[r.code] ?? 0) + 1;
  return codes;
}

const cpuFigures = (use: CpuUse) => ({
  machine: use.machine === null ? null : round(use.machine),
  server: use.server === null ? null : round(use.server),
  load_generator: round(use.loadGenerator),
  rest: use.rest === null ? null : round(use.rest),
});

async function main(): Promise<number> {
  const storm = stormOptions();
  printMachine();
  const busyBefore = await machineBusyBefore();

  // startProduct hands this process's environment to the product. Fans come from many addresses behind
  // the proxy on 127.0.0.1, so the per-address sign-in limit sees each one alone.
  process.env.TRUST_PROXY = '127.0.0.1';
  if (storm.hashConcurrency !== undefined) process.env.PASSWORD_HASH_CONCURRENCY = storm.hashConcurrency;
  // The product reads the same variable on the same machine: this is its pool's size.
  const serverHashes = hashConcurrency();

  const { product, day } = await bench.startMatchDay();
  const server = product.server;
  const ratingPool = new HttpPool('127.0.0.1', server.port, 256);
  cleanup.add(() => ratingPool.close());
  const loginPool = new HttpPool('127.0.0.1', server.port, storm.connections);
  cleanup.add(() => loginPool.close());

  const pairs = pairCount(day);
  console.log(
    `${day.fans.length} fans x ${day.available.length} players = ${pairs} ratings; first pass (inserts)...`,
  );
  const primed = await runCount(pairs, 32, ratingViaApi(ratingPool, server, day));
  if (primed.errors > 0)
    throw new Error(`first pass refused ${primed.errors} ratings: ${JSON.stringify(primed.codes)}`);

  const seedStart = performance.now();
  await insertFans(product.database.db, storm.logins + WARM_LOGINS, await hashPassword(PASSWORD));
  console.log(
    `${storm.logins + WARM_LOGINS} sign-in fans seeded with one argon2id hash in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ` +
      `the product hashes ${serverHashes} at once`,
  );

  // As the sign-in page sends it: same-origin fetch, JSON body; the proxy adds the fan's address.
  const signIn = async (i: number): Promise<number> => {
    const res = await loginPool.request(
      httpRequest(
        'POST',
        '/api/auth/login',
        server.host,
        {
          Origin: server.url,
          'Sec-Fetch-Site': 'same-origin',
          Accept: 'application/json',
          'User-Agent': 'matchday-bench',
          'X-Forwarded-For': addressOf(i + 1),
        },
        JSON.stringify({ email: emailOf(i), password: PASSWORD }),
      ),
      180_000,
    );
    // A 200 without the session cookie would not sign the fan in.
    return res.status === 200 && !SESSION_SET.test(res.head) ? -1 : res.status;
  };
  for (let k = 0; k < WARM_LOGINS; k++) {
    const code = await signIn(storm.logins + k);
    if (code !== 200) throw new Error(`warm-up sign-in answered ${code}`);
  }

  const rateOp = ratingViaApi(ratingPool, server, day);
  const warmupMs = options.smoke ? 500 : 2000;
  const t0 = performance.now() + 50;
  const baselineStart = t0 + warmupMs;
  const stormStart = baselineStart + storm.baselineS * 1000;
  console.log(
    `ratings at ${storm.rate}/s offered: ${warmupMs / 1000} s warm-up, ${storm.baselineS} s baseline, then ` +
      `${storm.logins} sign-ins due over ${storm.windowS} s (up to ${storm.connections} connections)...`,
  );
  const ratings = dueSchedule({ start: t0, interval: 1000 / storm.rate, op: (i) => rateOp(pairs + i) });
  const samples: { baseline?: CpuSample; storm?: CpuSample } = {};
  const sampleAt = (at: number, key: 'baseline' | 'storm') =>
    setTimeout(
      () => {
        samples[key] = sampleCpu(server.pid);
      },
      Math.max(0, at - performance.now()),
    );
  sampleAt(baselineStart, 'baseline');
  sampleAt(stormStart, 'storm');
  const logins = await dueSchedule({
    start: stormStart,
    interval: (storm.windowS * 1000) / storm.logins,
    count: storm.logins,
    op: signIn,
  }).finished;
  const afterStorm = sampleCpu(server.pid);
  ratings.stop();
  const rated = await ratings.finished;

  const firstSent = Math.min(...logins.map((r) => r.sent));
  const lastDone = Math.max(...logins.map((r) => r.done));
  const signedIn = logins.filter((r) => r.code === 200).length;
  const loginsPerS = signedIn / ((lastDone - firstSent) / 1000);
  const loginLatency = latencyOf(logins, (code) => code === 200);
  const loginFailures = codesOf(logins.filter((r) => r.code !== 200));
  const before = rated.filter((r) => r.due >= baselineStart && r.due < stormStart);
  const during = rated.filter((r) => r.due >= stormStart && r.due <= lastDone);
  const ok = (code: number) => code === 200;
  const ratingsBefore = latencyOf(before, ok);
  const ratingsDuring = latencyOf(during, ok);
  const ratingErrors = rated.filter((r) => r.due >= baselineStart && !ok(r.code));
  const baselineCpu = samples.baseline && samples.storm ? cpuBetween(samples.baseline, samples.storm) : null;
  const stormCpu = samples.storm ? cpuBetween(samples.storm, afterStorm) : null;

  const stormSeconds = (lastDone - stormStart) / 1000;
  console.log();
  printTable(
    ['run', 'count', 'rate', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'errors'],
    [
      [
        `sign-ins, ${storm.logins} due over ${storm.windowS} s`,
        signedIn,
        `${loginsPerS.toFixed(1)}/s`,
        fmtMs(loginLatency.p50),
        fmtMs(loginLatency.p90),
        fmtMs(loginLatency.p99),
        fmtMs(loginLatency.max),
        logins.length - signedIn,
      ],
      ...(
        [
          [`ratings at ${storm.rate}/s, before the storm`, before, ratingsBefore],
          [`ratings at ${storm.rate}/s, during the storm`, during, ratingsDuring],
        ] as const
      ).map(([name, runs, latency]) => [
        name,
        latency.count,
        `${(latency.count / (name.includes('before') ? storm.baselineS : stormSeconds)).toFixed(0)}/s`,
        fmtMs(latency.p50),
        fmtMs(latency.p90),
        fmtMs(latency.p99),
        fmtMs(latency.max),
        runs.length - latency.count,
      ]),
    ],
  );
  console.log();
  if (baselineCpu) console.log(`before the storm  ${formatCpu(baselineCpu)}`);
  if (stormCpu) console.log(`during the storm  ${formatCpu(stormCpu)}`);
  if (Object.keys(loginFailures).length > 0)
    console.error(`sign-ins failed, by status: ${JSON.stringify(loginFailures)}`);
  const targetMet = ratingsDuring.p99 < TARGET_RATINGS_P99_MS;
  console.log(
    `\nsign-ins: ${loginsPerS.toFixed(1)}/s over ${((lastDone - firstSent) / 1000).toFixed(1)} s ` +
      `(offered ${(storm.logins / storm.windowS).toFixed(1)}/s), ${serverHashes} hash(es) at once in the product`,
  );
  console.log(
    `ratings p99 during the storm: ${fmtMs(ratingsDuring.p99)} ms, before: ${fmtMs(ratingsBefore.p99)} ms ` +
      `(target during < ${TARGET_RATINGS_P99_MS} ms: ${targetMet ? 'met' : 'NOT met'})`,
  );

  const latencyFigures = (l: LatencySummary) => ({
    count: l.count,
    p50_ms: round(l.p50),
    p90_ms: round(l.p90),
    p99_ms: round(l.p99),
    max_ms: round(l.max),
  });
  const file = writeResults('logins', {
    smoke: options.smoke ? 1 : 0,
    machine_busy_before_cores: busyBefore,
    logins_per_s: round(loginsPerS, 1),
    logins_offered_per_s: round(storm.logins / storm.windowS, 1),
    signed_in: signedIn,
    login_p50_ms: round(loginLatency.p50),
    login_p99_ms: round(loginLatency.p99),
    login_failures: loginFailures,
    ratings_p50_ms_before: round(ratingsBefore.p50),
    ratings_p99_ms_before: round(ratingsBefore.p99),
    ratings_p50_ms_during: round(ratingsDuring.p50),
    ratings_p99_ms_during: round(ratingsDuring.p99),
    rating_errors: ratingErrors.length,
    rating_codes: codesOf(ratingErrors),
    storm_s: round(stormSeconds, 1),
    target_ratings_p99_ms: TARGET_RATINGS_P99_MS,
    target_met: targetMet ? 1 : 0,
    settings: {
      logins: storm.logins,
      window_s: storm.windowS,
      connections: storm.connections,
      rating_rate: storm.rate,
      rating_fans: day.fans.length,
      players: day.available.length,
      baseline_s: storm.baselineS,
      password_hash_concurrency: serverHashes,
    },
    runs: {
      sign_in: latencyFigures(loginLatency),
      ratings_before: latencyFigures(ratingsBefore),
      ratings_during: latencyFigures(ratingsDuring),
    },
    cpu_cores: {
      before: baselineCpu ? cpuFigures(baselineCpu) : null,
      during: stormCpu ? cpuFigures(stormCpu) : null,
    },
  });
  console.log(`wrote ${file}`);
  return logins.length - signedIn > 0 || ratingErrors.length > 0 ? 1 : 0;
}

bench.run(main);
