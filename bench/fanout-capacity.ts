/**
 * `fanout-capacity`: the most WebSocket clients one product instance holds while a rating's
 * leaderboard_update still reaches the last of them at p99 under 500 ms, and the same for two instances
 * on one Redis (clients half and half, the rating sent to the first): whether live fan-out scales out.
 *
 *   npm run bench -- fanout-capacity [--instances 1|2|both] [--max 20000] [--rounds 20] [--client-procs 2]
 *                                    [--budget 6] [--redis-url URL] [--smoke] [--database-url URL]
 *
 * The machinery is the fanout benchmark's (bench/fanout.ts): fans who voted, seeded once into a fresh
 * database (the audience of every update), the client processes of ClientFleet, and its rounds
 * (bench/lib/fanout-rounds.ts: one rating at a time, timed from the request to the last client). Each
 * search steps up a ladder of socket counts (1,000, 2,000, 4,000, 6,000, 8,000, 12,000, 16,000, --max),
 * opening only the sockets a step adds, and stops at the first step that fails (p99 >= 500 ms, or a
 * socket that missed its update or was cut off); then it bisects between the last pass and that fail
 * to 500 sockets, while its time budget (--budget minutes per search) lasts, reopening from scratch when
 * it steps down. Both searches run the instances with REDIS_URL, as a fleet of them would be run, so
 * the two figures differ only by the instance count. The fans are seeded once for the largest step, so
 * every step's leaderboard is computed over the same ratings (a fixed cost in each update, which the
 * first client's time shows). Each step reports the CPU every process used, as ms per update: the
 * servers, the client processes, PostgreSQL's backends, Redis, and the rest (others' work on the
 * machine). Then, in the same run and under the same rule, the anchor: bare `ws` in one process
 * (bench/lib/fanout-bare.ts) sending the product's last update, searched the same way; `ratio` = one
 * instance's sockets / bare ws's (target >= 0.8), null with `ratio_refused` when the machine was busy
 * before the run (bench/lib/anchor.ts). Writes bench/results/fanout-capacity.json; its exit code never
 * judges timings, only whether every update was right, once, in order.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { rows } from '../src/server/db/client';
import { HttpPool } from '../tests/support/http-client';
import type { ServerProcess } from '../tests/support/processes';
import { round, summarise } from '../tests/support/stats';
import { machineBefore, machineFigures, ratioFields, ratioVerdict, targetMet } from './lib/anchor';
import { adminUrl } from './lib/bench-database';
import { startBareWs } from './lib/fanout-bare';
import { ClientFleet } from './lib/fanout-clients';
import { ProductCluster, socketsServerMayHold } from './lib/fanout-instances';
import { ratingRounds } from './lib/fanout-rating';
import {
  formatRoundsCpu,
  type ProblemKind,
  type RoundsCpu,
  type RoundTarget,
  runRounds,
} from './lib/fanout-rounds';
import { seedVoters } from './lib/fanout-seed';
import { positiveNumbers } from './lib/options';
import { type MatchDay, type Product, setupMatchDay } from './lib/product';
import { fmtMs, printMachine, printTable, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';

const TARGET_P99_MS = 500;
/** One instance's sockets over bare `ws`'s, both at p99 under TARGET_P99_MS, at least. */
const TARGET_RATIO = 0.8;
/** The fleet size for 200,000 fans is given for this share of the measured figure: headroom for spikes. */
const HEADROOM = 0.7;
const FANS = 200_000;

const bench = new ServerBench({ fans: 1 });
const { options, cleanup } = bench;
const capacity = capacityOptions();

function capacityOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: false,
    options: {
      instances: { type: 'string' },
      max: { type: 'string' },
      rounds: { type: 'string' },
      'client-procs': { type: 'string' },
      budget: { type: 'string' },
      'redis-url': { type: 'string' },
    },
  });
  const number = positiveNumbers(values);
  const instances = typeof values.instances === 'string' ? values.instances : 'both';
  if (!['1', '2', 'both'].includes(instances)) throw new Error('--instances must be 1, 2 or both');
  const smoke = options.smoke;
  const max = Math.round(number('max', smoke ? 200 : 20_000));
  const redisUrl = values['redis-url'];
  return {
    counts: instances === 'both' ? [1, 2] : [Number(instances)],
    max,
    rounds: Math.round(number('rounds', smoke ? 3 : 20)),
    clientProcesses: Math.round(number('client-procs', smoke ? 1 : 2)),
    /** Minutes one search may take before it stops bisecting. */
    budgetMs: number('budget', smoke ? 0.75 : 6) * 60_000,
    /** Bisecting stops when the last pass and the first fail are this close. */
    granularity: smoke ? 50 : 500,
    // The ladder of the brief, then --max; the smoke run's sizes are small enough for a loaded machine.
    ladder: [...(smoke ? [100] : [1000, 2000, 4000, 6000, 8000, 12_000, 16_000]).filter((n) => n < max), max],
    redisUrl: typeof redisUrl === 'string' ? redisUrl : (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
  };
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Step {
  /** `product`, or `bare ws`: the anchor. */
  server: string;
  instances: number;
  /** Sockets open during the rounds, in all; and per instance. */
  sockets: number;
  perInstance: number[];
  connectMs: number;
  rounds: number;
  p50: number;
  p99: number;
  max: number;
  medianP50: number;
  /** The rating, the leaderboard's computation over every rating of the match, the first send. */
  firstP50: number;
  answeredP50: number;
  cpu: RoundsCpu;
  problems: string[];
  pass: boolean;
}

/** The first `connected` cookies have a socket open, socket i to instance i mod the instance count. */
class Sockets {
  connected = 0;
  private failedEver = 0;

  constructor(
    private readonly fleet: ClientFleet,
    private readonly cookies: string[],
    private readonly servers: ServerProcess[],
  ) {}

  /** Opens or closes sockets until `n` are open; ms spent opening, and what went wrong. */
  async resize(n: number): Promise<{ ms: number; problems: string[] }> {
    const problems: string[] = [];
    if (n < this.connected) {
      // The fleet closes all or none: start again from none.
      await this.fleet.close();
      this.connected = 0;
      await sleep(2000);
    }
    let ms = 0;
    const from = this.connected;
    for (const [k, server] of this.servers.entries()) {
      const share: string[] = [];
      for (let i = from; i < n; i += 1) if (i % this.servers.length === k) share.push(this.cookies[i] ?? '');
      if (share.length === 0) continue;
      const opened = await this.fleet.connect(`ws://${server.host}/ws`, share, 60_000 + share.length * 10);
      ms += opened.ms;
      if (opened.failed > 0)
        problems.push(
          `${opened.failed} sockets to ${server.name} failed to open (${opened.errors.join('; ')})`,
        );
      if (opened.notSignedIn > 0) problems.push(`${opened.notSignedIn} sockets were not signed in`);
      this.failedEver += opened.failed;
    }
    this.connected = n;
    // Idle: the handshakes' work done (the product loads each fan's votes after the open).
    await sleep(1000 + (n - from) / 10);
    return { ms, problems };
  }

  perInstance(): number[] {
    return this.servers.map((_, k) => Math.ceil((this.connected - k) / this.servers.length));
  }

  async close(): Promise<void> {
    await this.fleet.close();
    this.connected = 0;
  }
}

interface Search {
  server: string;
  instances: number;
  /** The most sockets in all at p99 under the target; 0 if none passed. */
  best: number;
  /** The least that failed; null if every step passed (`best` is then a floor, set by --max or files). */
  failedAt: number | null;
  limit: number;
  budgetSpent: boolean;
  steps: Step[];
}

async function search(
  server: string,
  instances: number,
  sockets: Sockets,
  limit: number,
  measure: (n: number) => Promise<Step>,
): Promise<Search> {
  const started = now();
  const steps: Step[] = [];
  let best = 0;
  let failedAt: number | null = null;
  let budgetSpent = false;
  const overBudget = () => now() - started > capacity.budgetMs;
  const run = async (n: number) => {
    const step = await measure(n);
    steps.push(step);
    if (step.pass) best = Math.max(best, n);
    else failedAt = Math.min(failedAt ?? n, n);
    return step.pass;
  };
  for (const n of capacity.ladder
    .map((n) => Math.min(n, limit))
    .filter((n, i, all) => all.indexOf(n) === i)) {
    if (overBudget()) {
      budgetSpent = true;
      break;
    }
    if (!(await run(n))) break;
  }
  // Halves the gap between the last pass and the first fail, on the granularity's grid.
  while (failedAt !== null && failedAt - best > capacity.granularity) {
    if (overBudget()) {
      budgetSpent = true;
      break;
    }
    const mid =
      best + Math.max(1, Math.floor((failedAt - best) / 2 / capacity.granularity)) * capacity.granularity;
    if (mid >= failedAt) break;
    await run(mid);
  }
  await sockets.close();
  return { server, instances, best, failedAt, limit, budgetSpent, steps };
}

/** CPU ms a process (at `cores` over the step's rounds) spent per update: per rating and its push. */
function msPerUpdate(step: Step, cores: number | null | undefined): number | null {
  if (cores === null || cores === undefined || step.rounds === 0) return null;
  return (cores * step.cpu.wallMs) / step.rounds;
}

/** PostgreSQL's backends serving the bench database (the instances' pools, the set-up's connection). */
async function backendsOf(product: Product): Promise<number[]> {
  const found = await rows<{ pid: number }>(
    product.database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return found.map((r) => r.pid);
}

/** The PID of the Redis server (its CPU is reported on its own), or null when it does not say. */
async function redisPid(url: string): Promise<number | null> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('server');
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    return Number.isFinite(pid) ? pid : null;
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<number> {
  printMachine();
  const loadBefore = os.loadavg();
  console.log(`load average (1, 5, 15 min): ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`);
  const machine = await machineBefore();
  const { counts, max, rounds, clientProcesses } = capacity;
  const redisServer = await redisPid(capacity.redisUrl).catch((error: unknown) => {
    throw new Error(`Redis at ${capacity.redisUrl} does not answer: ${String(error)}`);
  });

  // Each instance may hold every socket; each client process its share of them all.
  const serverFiles = max + 4096;
  const clientFiles = Math.ceil(max / clientProcesses) + 1024;
  const cluster = await ProductCluster.start(cleanup, adminUrl(options.databaseUrl), {
    redisUrl: capacity.redisUrl,
    fileLimit: serverFiles,
  });
  const { product } = cluster;
  const first = product.server;
  if (counts.includes(2)) await cluster.add();
  const holds = Math.min(...cluster.instances.map((s) => socketsServerMayHold(s.pid)));
  // The open-file limit caps a search, not the load: the output says when it did.
  const limits = new Map(counts.map((count) => [count, Math.min(max, count * holds)]));
  const seedCount = Math.max(...limits.values());
  if (seedCount < max)
    console.warn(
      `warning: ${max} sockets asked for, but a server process may open ${holds} more files (hard limit; raising ` +
        `it needs CAP_SYS_RESOURCE): one instance is searched up to ${limits.get(1) ?? '-'} sockets`,
    );

  const day: MatchDay = await setupMatchDay(product, 1);
  const rater = day.fans[0];
  if (!rater) throw new Error('no fan to rate');
  const seeding = now();
  const cookies = [day.admin.cookie, ...(await seedVoters(product, day, seedCount - 1))];
  console.log(
    `${cookies.length} clients (the admin and fans who voted) seeded in ${seconds(now() - seeding)}; ` +
      `${clientProcesses} client process${clientProcesses > 1 ? 'es' : ''}, ${rounds} rounds + 1 warm-up a step, ` +
      `match ${day.matchId}, Redis ${capacity.redisUrl}`,
  );
  const fleet = await ClientFleet.start(cleanup, clientProcesses, clientFiles);
  // The rating goes to the first instance, whichever searches run; it computes and publishes the update.
  const ratingPool = new HttpPool('127.0.0.1', first.port, 1);
  cleanup.add(() => ratingPool.close());
  const target = ratingRounds({ product, day, rater, server: first, pool: ratingPool });
  let wrongs = 0;
  let sample: string | null = null;

  /** One step on `servers` (the rest of the instances `idle`): opens `n` sockets, runs the rounds. */
  const measureOn =
    (setup: {
      server: string;
      servers: ServerProcess[];
      idle: ServerProcess[];
      sockets: Sockets;
      target: RoundTarget;
    }) =>
    async (n: number): Promise<Step> => {
      const { servers, idle, sockets } = setup;
      const count = servers.length;
      const problems: string[] = [];
      let lost = false;
      const problem = (text: string, kind: ProblemKind) => {
        if (kind === 'wrong') wrongs += 1;
        lost = true;
        if (problems.length < 10) problems.push(text);
        console.error(`  ${n} sockets: ${text}`);
      };
      const opened = await sockets.resize(n);
      for (const text of opened.problems) problem(text, 'lost');
      // With nearest-rank p99, this many rounds may be over the target; one more and the step has failed.
      const allowed = rounds - Math.ceil(0.99 * rounds);
      const got = await runRounds(fleet, setup.target, {
        rounds,
        roundTimeoutMs: 10_000 + n,
        serverPids: servers.map((s) => s.pid),
        others: {
          ...(redisServer ? { redis: [redisServer] } : {}),
          postgres: await backendsOf(product),
          bench: [process.pid],
          // In the one-instance search of `both`, the second is up and idle (it still hears each update);
          // in the anchor's, both instances are.
          ...(idle.length > 0 ? { 'idle instance': idle.map((s) => s.pid) } : {}),
        },
        problem,
        stopWhen: (last) => lost || last.filter((ms) => ms >= TARGET_P99_MS).length > allowed,
      });
      if (setup.server === 'product') sample = got.sample ?? sample;
      const last = summarise(got.last);
      const step: Step = {
        server: setup.server,
        instances: count,
        sockets: n,
        perInstance: sockets.perInstance(),
        connectMs: opened.ms,
        rounds: got.rounds,
        p50: last.p50,
        p99: last.p99,
        max: last.max,
        medianP50: summarise(got.median).p50,
        firstP50: summarise(got.first).p50,
        answeredP50: summarise(got.answered).p50,
        cpu: got.cpu,
        problems,
        pass: problems.length === 0 && last.count > 0 && last.p99 < TARGET_P99_MS,
      };
      const perUpdate = (cores: number | null | undefined) => fmtMs(msPerUpdate(step, cores) ?? Number.NaN);
      console.log(
        `  ${n} sockets (${step.perInstance.join(' + ')}), opened in ${seconds(opened.ms)}: last client p50 ` +
          `${fmtMs(step.p50)}, p99 ${fmtMs(step.p99)} ms over ${step.rounds} rounds: ${step.pass ? 'pass' : 'FAIL'} ` +
          `(first client p50 ${fmtMs(step.firstP50)} ms)` +
          `\n    ${formatRoundsCpu(step.cpu)} (the rest: others' work)` +
          `\n    CPU ms per update: server${servers.length > 1 ? 's' : ''} ` +
          `${step.cpu.servers.map(perUpdate).join(' + ')}, client processes ${perUpdate(step.cpu.clients)}, ` +
          `PostgreSQL ${perUpdate(step.cpu.others.postgres)}`,
      );
      return step;
    };

  const searches: Search[] = [];
  for (const count of counts) {
    const servers = cluster.instances.slice(0, count);
    const idle = cluster.instances.slice(count);
    const sockets = new Sockets(fleet, cookies, servers);
    const limit = limits.get(count) ?? 0;
    console.log(
      `\n${count} instance${count > 1 ? 's' : ''} (${servers.map((s) => `${s.name} pid ${s.pid}`).join(', ')}): ` +
        `up to ${limit} sockets`,
    );
    const measure = measureOn({ server: 'product', servers, idle, sockets, target });
    searches.push(await search('product', count, sockets, limit, measure));
    await sleep(2000);
  }

  // The anchor, in the same run, under the same rule: bare `ws` (one process) sending the product's own
  // last update to as many sockets as it holds with the last of them served at p99 under the target.
  if (sample === null) throw new Error('the product sent no leaderboard_update: nothing for bare ws to send');
  const bare = await startBareWs(cleanup, sample, { fileLimit: serverFiles });
  const bareLimit = Math.min(max, socketsServerMayHold(bare.server.pid));
  console.log(
    `\nanchor: bare ws (pid ${bare.server.pid}), the product's last update: up to ${bareLimit} sockets`,
  );
  const bareSockets = new Sockets(fleet, cookies, [bare.server]);
  const bareSearch = await search(
    'bare ws',
    1,
    bareSockets,
    bareLimit,
    measureOn({
      server: 'bare ws',
      servers: [bare.server],
      idle: cluster.instances,
      sockets: bareSockets,
      target: bare.target,
    }),
  );
  await bare.server.stop();

  // Report.
  const single = searches.find((s) => s.instances === 1) ?? null;
  const two = searches.find((s) => s.instances === 2) ?? null;
  const perInstance = single ? single.best : two ? Math.floor(two.best / 2) : 0;
  const scaling = single && two && single.best > 0 ? two.best / single.best : null;
  const fleetFor = (share: number) => (perInstance > 0 ? Math.ceil(FANS / (perInstance * share)) : null);
  const describe = (s: Search) => {
    const floor =
      s.failedAt === null ? ` (every step passed: at least this; the search stopped at ${s.limit})` : '';
    const gap =
      s.failedAt !== null && s.failedAt - s.best > capacity.granularity
        ? ` (the time budget ended the bisection: ${s.failedAt} failed)`
        : s.failedAt !== null
          ? ` (${s.failedAt} failed)`
          : '';
    return `${s.best.toLocaleString('en-US')} sockets${floor}${gap}`;
  };
  console.log();
  const all = [...searches, bareSearch]
    .flatMap((s) => s.steps)
    .sort((a, b) => a.server.localeCompare(b.server) || a.instances - b.instances || a.sockets - b.sockets);
  const f = (v: number | null | undefined) => (v === null || v === undefined ? '?' : v.toFixed(2));
  printTable(
    [
      'server',
      'instances',
      'sockets',
      'per instance',
      'rounds',
      'p99',
      'max',
      'server ms/update',
      'clients ms/update',
      'machine cores',
      "others' cores",
      '',
    ],
    all.map((s) => [
      s.server,
      s.instances,
      s.sockets,
      s.perInstance.join(' + '),
      s.rounds,
      fmtMs(s.p99),
      fmtMs(s.max),
      s.cpu.servers.map((c) => fmtMs(msPerUpdate(s, c) ?? Number.NaN)).join(' + '),
      fmtMs(msPerUpdate(s, s.cpu.clients) ?? Number.NaN),
      f(s.cpu.machine),
      f(s.cpu.rest),
      s.pass ? 'pass' : `FAIL${s.problems.length ? ` (${s.problems.length} problems)` : ''}`,
    ]),
  );
  console.log(
    `(p99 of ${rounds} rounds is their max; a step ends at its first round over ${TARGET_P99_MS} ms)`,
  );
  console.log();
  if (single) console.log(`one instance, p99 < ${TARGET_P99_MS} ms: ${describe(single)}`);
  if (two) console.log(`two instances on one Redis, p99 < ${TARGET_P99_MS} ms: ${describe(two)} in all`);
  if (scaling !== null) console.log(`scaling, two / one: ${scaling.toFixed(2)} (2.00 would be linear)`);
  console.log(`anchor, bare ws in one process, p99 < ${TARGET_P99_MS} ms: ${describe(bareSearch)}`);
  // A ratio of two floors (both passed every step up to --max) says only that neither was found wanting.
  const ratio = single ? single.best / bareSearch.best : Number.NaN;
  const ratioCheck = ratioVerdict(machine, 'ratio one instance / bare ws, sockets', ratio, {
    atLeast: TARGET_RATIO,
  });
  console.log(ratioCheck.line);
  console.log(
    `instances for ${FANS.toLocaleString('en-US')} fans at ${perInstance.toLocaleString('en-US')} a piece: ` +
      `${fleetFor(1) ?? '-'}; sized at ${HEADROOM * 100} % of it: ${fleetFor(HEADROOM) ?? '-'} ` +
      '(this machine: 2 cores shared with the clients)',
  );
  const loadAfter = os.loadavg();
  console.log(`load average after (1, 5, 15 min): ${loadAfter.map((l) => l.toFixed(2)).join(', ')}`);

  const cores = (v: number | null | undefined) => (v === null || v === undefined ? null : round(v));
  const perUpdate = (step: Step, c: number | null | undefined) => {
    const ms = msPerUpdate(step, c);
    return ms === null ? null : round(ms, 1);
  };
  const file = writeResults('fanout-capacity', {
    smoke: options.smoke ? 1 : 0,
    load_average_before: loadBefore.map((l) => round(l)),
    load_average_after: loadAfter.map((l) => round(l)),
    ...machineFigures(machine),
    max,
    rounds,
    client_processes: clientProcesses,
    granularity: capacity.granularity,
    server_sockets_possible: holds,
    message_bytes: sample === null ? null : Buffer.byteLength(sample),
    target_p99_ms: TARGET_P99_MS,
    sockets_per_instance_p99_under_500ms: single ? single.best : null,
    sockets_two_instances: two ? two.best : null,
    bare_ws_sockets_p99_under_500ms: bareSearch.best,
    bare_ws_failed_at: bareSearch.failedAt,
    ...ratioFields(machine, { ratio }),
    target_ratio: TARGET_RATIO,
    target_met: targetMet(ratioCheck.met),
    scaling: scaling === null ? null : round(scaling, 3),
    instances_for_200k: fleetFor(1),
    headroom: HEADROOM,
    instances_for_200k_with_headroom: fleetFor(HEADROOM),
    searches: [...searches, bareSearch].map((s) => ({
      server: s.server,
      instances: s.instances,
      best: s.best,
      failed_at: s.failedAt,
      limit: s.limit,
      budget_spent: s.budgetSpent,
    })),
    steps: all.map((s) => ({
      server: s.server,
      instances: s.instances,
      sockets: s.sockets,
      per_instance: s.perInstance,
      rounds: s.rounds,
      connect_s: round(s.connectMs / 1000),
      p50_ms: round(s.p50),
      p99_ms: round(s.p99),
      max_ms: round(s.max),
      median_client_p50_ms: round(s.medianP50),
      first_client_p50_ms: round(s.firstP50),
      rating_answered_p50_ms: round(s.answeredP50),
      cpu_cores: {
        machine: cores(s.cpu.machine),
        servers: s.cpu.servers.map(cores),
        client_processes: cores(s.cpu.clients),
        redis: cores(s.cpu.others.redis),
        postgres: cores(s.cpu.others.postgres),
        bench: cores(s.cpu.others.bench),
        idle_instance: cores(s.cpu.others['idle instance']),
        others_work: cores(s.cpu.rest),
      },
      cpu_ms_per_update: {
        servers: s.cpu.servers.map((c) => perUpdate(s, c)),
        client_processes: perUpdate(s, s.cpu.clients),
        postgres: perUpdate(s, s.cpu.others.postgres),
        redis: perUpdate(s, s.cpu.others.redis),
      },
      pass: s.pass,
      problems: s.problems,
    })),
    errors: wrongs,
  });
  console.log(`wrote ${file}`);
  // Lost updates at a size the server cannot serve are a failed step; a wrong one is a fault at any size,
  // and so is a search whose smallest step could not be measured.
  const unmeasured = [...searches, bareSearch].filter((s) => (s.steps[0]?.problems.length ?? 1) > 0);
  if (wrongs > 0)
    console.error(`\n${wrongs} wrong updates (above): the run is not sound, whatever its timings`);
  if (unmeasured.length > 0)
    console.error('\nthe smallest step of a search had problems (above): nothing measured');
  return wrongs > 0 || unmeasured.length > 0 ? 1 : 0;
}

bench.run(main);
