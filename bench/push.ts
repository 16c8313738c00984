/**
 * `push`: Web Push at kick-off. N subscriptions (50,000) to a local push service that speaks the real
 * protocol (tests/fakes/push-fixture-server.ts: it checks the VAPID JWT and decrypts every
 * payload), run in a process of its own (bench/lib/push-fixture-process.ts); the admin makes the match
 * live (PATCH /api/matches/:id {isLive: true}) and the time runs from that request to the push service
 * accepting the Nth notification. On PostgreSQL, then on the embedded database (PGlite), each on a
 * product of its own.
 *
 *   npm run bench -- push [--database postgres|pglite|both] [--subscriptions 50000] [--per-fan 1]
 *                         [--instances 1] [--concurrency 64] [--smoke] [--database-url URL]
 *
 * Before the product starts, the fans and their subscriptions (every one wanting the kick-off) are
 * written straight into the database (bench/lib/push-seed.ts); the product then starts as `npm start`
 * runs it (`node --import tsx src/server/main.ts`, NODE_ENV=production) with PUSH_SERVICES = the local
 * service's origin and fixed VAPID keys, which the service requires. The squad is published and the
 * match made through the admin API. --per-fan K gives each fan K subscriptions (at most 10, the
 * product's rule); --instances N starts N product instances on the PostgreSQL database, which share the
 * queue (the PATCH goes to the first); --concurrency sets PUSH_CONCURRENCY, the requests each instance
 * has in flight (the product's default is 64). --smoke: 500 subscriptions.
 *
 * Figures: the PATCH's own latency; from the PATCH to the first, the 10 %, 50 %, 90 % and the last
 * accepted delivery; deliveries per second (N over the whole time, and between 10 % and 90 %); until the
 * product's own summary (GET /api/admin/push) has every answer settled in the database; GET
 * /api/matches/current every 100 ms during the send; who used the CPU. Writes bench/results/push.json.
 * The exit code never judges timings, only correctness: every subscription got exactly one notification
 * (accepted = distinct = N, none doubled or refused), no job is left and the send counts N sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AdminPushSummary } from '@shared/push';
import webpush from 'web-push';
import type { DbTarget } from '../src/server/db/client';
import type { PushFixtureStats } from '../tests/fakes/push-fixture-server';
import { HttpPool, httpRequest } from '../tests/support/http-client';
import {
  Cleanup,
  freePort,
  productEnv,
  ROOT,
  type ServerProcess,
  startServer,
} from '../tests/support/processes';
import { type LatencySummary, round, summarise } from '../tests/support/stats';
import { adminUrl, createBenchDatabase } from './lib/bench-database';
import { machineBusyBefore, processMs } from './lib/cpu';
import { prepareMatch } from './lib/product';
import { type FixtureRun, now, PushFixtureProcess } from './lib/push-fixture-remote';
import { queueState, seedPushAudience } from './lib/push-seed';
import { fmtMs, fmtRate, printMachine, printTable, writeResults } from './lib/report';
import { CpuMeter } from './lib/simulator/cpu-share';

type DatabaseKind = 'postgres' | 'pglite';

const CLUB = 'Manchester United';
const ADMIN_EMAIL = 'bench-admin@bench.invalid';
/** What the issue asks for. */
const TARGET_SUBSCRIPTIONS = 50_000;
const PROBE_EVERY_MS = 100;

const { values } = parseArgs({
  args: process.argv.slice(2),
  strict: false,
  options: {
    database: { type: 'string' },
    subscriptions: { type: 'string' },
    'per-fan': { type: 'string' },
    instances: { type: 'string' },
    concurrency: { type: 'string' },
    smoke: { type: 'boolean' },
    'database-url': { type: 'string' },
  },
});
const smoke = values.smoke === true;
function whole(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = values[name];
  if (typeof raw !== 'string') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return value;
}
function databases(): DatabaseKind[] {
  const raw = values.database;
  if (raw === undefined || raw === 'both') return ['postgres', 'pglite'];
  if (raw === 'pg' || raw === 'postgres') return ['postgres'];
  if (raw === 'pglite') return ['pglite'];
  throw new Error('--database: postgres (pg), pglite or both');
}
const size = {
  subscriptions: whole('subscriptions', smoke ? 500 : TARGET_SUBSCRIPTIONS),
  perFan: whole('per-fan', 1, 10),
  instances: whole('instances', 1, 8),
  /** PUSH_CONCURRENCY for the product; unset, its default (64). */
  concurrency: typeof values.concurrency === 'string' ? whole('concurrency', 64, 1024) : null,
};
const databaseUrl = typeof values['database-url'] === 'string' ? values['database-url'] : undefined;
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@bench.invalid' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunResult {
  database: DatabaseKind;
  instances: number;
  fans: number;
  seedSeconds: { fans: number; subscriptions: number };
  patchMs: number;
  patchStatus: number;
  /** ms from the PATCH being sent to each mark (null: not reached). */
  marks: Array<{ share: string; count: number; ms: number | null }>;
  /** Accepted in each second from the fixture's arming, just before the PATCH. */
  perSecond: number[];
  settledMs: number | null;
  summary: AdminPushSummary['lastSend'];
  probe: LatencySummary & { errors: number };
  cpu: {
    machine: number | null;
    servers: number | null;
    /** Each instance's share, the first (the one the PATCH went to) first. */
    perInstance: Array<number | null>;
    fixture: number | null;
    postgres: number | null;
    bench: number;
    other: number | null;
  };
  stats: PushFixtureStats;
  queue: Awaited<ReturnType<typeof queueState>>;
  problems: string[];
}

/** `instances` products on one database, as `npm start` runs them, sending to the local push service. */
async function startProducts(
  cleanup: Cleanup,
  target: DbTarget,
  origin: string,
  instances: number,
): Promise<ServerProcess[]> {
  const sessionSecret = randomBytes(32).toString('hex');
  const servers: ServerProcess[] = [];
  // One after the other: each runs the migrations and the seed check at start.
  for (let i = 0; i < instances; i += 1) {
    const port = await freePort();
    const dataDir =
      'dataDir' in target ? target.dataDir : mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
    if (!('dataDir' in target)) cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = productEnv(port, dataDir, {
      CLUB_NAME: CLUB,
      SESSION_SECRET: sessionSecret,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      PUSH_SERVICES: origin,
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: VAPID.subject,
      ...(size.concurrency === null ? {} : { PUSH_CONCURRENCY: String(size.concurrency) }),
      ...('url' in target ? { DATABASE_URL: target.url } : {}),
    });
    // Without DATABASE_URL the product opens the embedded database in DATA_DIR.
    if (!('url' in target)) delete env.DATABASE_URL;
    const server = await startServer({
      name: `product ${i + 1}`,
      script: path.join(ROOT, 'src/server/main.ts'),
      port,
      env,
      timeoutMs: 180_000,
    });
    cleanup.add(() => server.stop());
    servers.push(server);
  }
  return servers;
}

/** GET `url` every PROBE_EVERY_MS until `stop()`: how the product answers others while it sends. */
function startProbe(pool: HttpPool, server: ServerProcess, cookie: string, url: string) {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const request = httpRequest('GET', url, server.host, { Cookie: cookie });
  const loop = (async () => {
    for (let next = now(); running; ) {
      const started = now();
      try {
        const res = await pool.request(request, 30_000);
        if (res.status === 200) latencies.push(now() - started);
        else errors += 1;
      } catch {
        errors += 1;
      }
      next += PROBE_EVERY_MS;
      await sleep(Math.max(0, next - now()));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { ...summarise(latencies), errors };
  };
}

async function adminSummary(pool: HttpPool, server: ServerProcess, cookie: string) {
  const res = await pool.request(
    httpRequest('GET', '/api/admin/push', server.host, { Cookie: cookie }),
    30_000,
  );
  if (res.status !== 200) throw new Error(`GET /api/admin/push: ${res.status} ${res.body.toString()}`);
  return JSON.parse(res.body.toString()) as AdminPushSummary;
}

async function runOn(database: DatabaseKind): Promise<RunResult> {
  const n = size.subscriptions;
  const instances = database === 'postgres' ? size.instances : 1;
  if (database === 'pglite' && size.instances > 1)
    console.log("pglite: one instance (the embedded database is one process's alone)");
  const cleanup = new Cleanup();
  try {
    const { fixture, origin } = await PushFixtureProcess.start(cleanup, VAPID.publicKey);
    let t = performance.now();
    const subscriptions = await fixture.subscribe(n);
    console.log(
      `${n.toLocaleString('en-US')} subscriptions made at ${origin} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    let target: DbTarget;
    let databaseName: string | null = null;
    if (database === 'postgres') {
      const benchDb = await createBenchDatabase(adminUrl(databaseUrl));
      cleanup.add(() => benchDb.drop());
      target = { url: benchDb.url };
      databaseName = new URL(benchDb.url).pathname.slice(1);
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
      cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
      target = { dataDir };
    }
    t = performance.now();
    const audience = await seedPushAudience(target, {
      club: CLUB,
      adminEmail: ADMIN_EMAIL,
      perFan: size.perFan,
      origin,
      subscriptions,
    });
    console.log(
      `seeded ${audience.fans.toLocaleString('en-US')} fans and ${audience.subscriptions.toLocaleString('en-US')} ` +
        `subscriptions in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const servers = await startProducts(cleanup, target, origin, instances);
    const [server] = servers;
    if (!server) throw new Error('no server');
    const cookie = audience.adminCookie;
    const matchId = (await prepareMatch(server, cookie)).match.id;
    const adminPool = new HttpPool('127.0.0.1', server.port, 1);
    const probePool = new HttpPool('127.0.0.1', server.port, 1);
    cleanup.add(() => {
      adminPool.close();
      probePool.close();
    });
    // Warm connections, and let the passes the new match woke finish (nothing to send yet).
    await adminSummary(adminPool, server, cookie);
    await probePool.request(httpRequest('GET', '/api/matches/current', server.host, { Cookie: cookie }));
    await sleep(1000);
    if (((await adminSummary(adminPool, server, cookie)).lastSend ?? null) !== null)
      throw new Error('a send was made before the match went live');

    const shares = [
      ['first', 1],
      ['10 %', Math.ceil(n * 0.1)],
      ['50 %', Math.ceil(n * 0.5)],
      ['90 %', Math.ceil(n * 0.9)],
      ['last', n],
    ] as const;
    const timeoutMs = 120_000 + n * 10;
    await fixture.call('arm', { marks: shares.map(([, count]) => count), timeoutMs }, 30_000);

    const meter = new CpuMeter(undefined, databaseName);
    const pids = [...servers.map((s) => s.pid), fixture.pid];
    const before = { meter: meter.sample(), pids: pids.map(processMs) };
    const patchBody = JSON.stringify({ isLive: true });
    const sentAt = now();
    const patch = await adminPool.request(
      httpRequest('PATCH', `/api/matches/${matchId}`, server.host, { Cookie: cookie }, patchBody),
      30_000,
    );
    const patchMs = now() - sentAt;
    const stopProbe = startProbe(probePool, server, cookie, '/api/matches/current');
    const problems: string[] = [];
    if (patch.status !== 200) problems.push(`PATCH answered ${patch.status}: ${patch.body.toString()}`);

    const progress = setInterval(() => {
      fixture.call('stats', {}, 5000).then(
        (s) =>
          console.log(
            `  ${((now() - sentAt) / 1000).toFixed(0)} s: ${s.accepted.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} accepted`,
          ),
        () => undefined,
      );
    }, 5000);
    let run: FixtureRun;
    try {
      run = await fixture.call('finish', {}, timeoutMs + 30_000);
    } finally {
      clearInterval(progress);
    }
    const after = { meter: meter.sample(), pids: pids.map(processMs) };
    const probe = await stopProbe();

    // The product's own account: every answer settled in the database (the summary's pending jobs 0).
    let settledMs: number | null = null;
    let summary: AdminPushSummary['lastSend'] = null;
    for (const deadline = now() + 60_000; now() < deadline; await sleep(100)) {
      summary = (await adminSummary(adminPool, server, cookie)).lastSend;
      if (
        summary &&
        summary.pending === 0 &&
        summary.sent + summary.failed + summary.removed === summary.total
      ) {
        settledMs = now() - sentAt;
        break;
      }
    }
    // A notification sent twice would come late (a lease running out): give it a moment.
    await sleep(smoke ? 500 : 2000);
    const stats = await fixture.call('stats', {}, 5000);
    for (const s of servers) await s.stop();
    const queue = await queueState(target);
    const logs = servers.map((s) => s.output().trim()).filter(Boolean);

    const wall = after.meter.base.at - before.meter.base.at;
    const share = (i: number) => {
      const a = before.pids[i];
      const b = after.pids[i];
      return a === null || a === undefined || b === null || b === undefined ? null : (b - a) / wall;
    };
    const serverShares = servers.map((_, i) => share(i));
    const serversCpu = serverShares.some((v) => v === null)
      ? null
      : serverShares.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    const fixtureCpu = share(servers.length);
    const base = meter.between(before.meter, after.meter);
    const other =
      base.machine === null
        ? null
        : Math.max(
            0,
            base.machine - (serversCpu ?? 0) - (fixtureCpu ?? 0) - (base.postgres ?? 0) - base.simulator,
          );

    if (stats.accepted !== n) problems.push(`${stats.accepted} notifications accepted, not ${n}`);
    if (stats.distinct !== n) problems.push(`${stats.distinct} subscriptions got one, not ${n}`);
    if (stats.doubles !== 0)
      problems.push(`${stats.doubles} subscriptions got the notification more than once`);
    if (stats.refused !== 0)
      problems.push(
        `${stats.refused} requests refused by the push service: ${JSON.stringify(stats.byStatus)}`,
      );
    if (queue.jobs !== 0) problems.push(`${queue.jobs} jobs left in push_jobs`);
    const send = queue.sends[0];
    if (queue.sends.length !== 1 || !send) problems.push(`${queue.sends.length} sends in push_sends, not 1`);
    else if (!send.expanded || send.total !== n || send.sent !== n || send.failed !== 0 || send.removed !== 0)
      problems.push(`push_sends: ${JSON.stringify(send)}, not ${n} sent`);
    if (queue.subscriptions !== n) problems.push(`${queue.subscriptions} subscriptions left, not ${n}`);
    if (settledMs === null)
      problems.push(`the product's summary never had every answer settled: ${JSON.stringify(summary)}`);
    if (probe.errors > 0) problems.push(`${probe.errors} reads during the send failed`);
    // What the product logged (warnings and errors) says why, when something is wrong.
    if (problems.length > 0) for (const log of logs) console.error(`product output (last 8 kB):\n${log}`);

    const perSecond = run.timeline.map((count, i) => count - (run.timeline[i - 1] ?? 0));
    return {
      database,
      instances,
      fans: audience.fans,
      seedSeconds: audience.seconds,
      patchMs,
      patchStatus: patch.status,
      marks: shares.map(([label, count], i) => {
        const at = run.marks[i]?.at ?? null;
        return { share: label, count, ms: at === null ? null : at - sentAt };
      }),
      perSecond,
      settledMs,
      summary,
      probe,
      cpu: {
        machine: base.machine,
        servers: serversCpu,
        perInstance: serverShares,
        fixture: fixtureCpu,
        postgres: base.postgres,
        bench: base.simulator,
        other,
      },
      stats,
      queue,
      problems,
    };
  } finally {
    await cleanup.run();
  }
}

const markMs = (r: RunResult, share: string) => r.marks.find((m) => m.share === share)?.ms ?? null;
/** Deliveries per second from the PATCH to the last. */
const overallRate = (r: RunResult) => {
  const last = markMs(r, 'last');
  return last === null ? 0 : (size.subscriptions / last) * 1000;
};
/** Deliveries per second between the 10 % and the 90 % marks: the pace once under way. */
const steadyRate = (r: RunResult) => {
  const from = r.marks.find((m) => m.share === '10 %');
  const to = r.marks.find((m) => m.share === '90 %');
  if (!from || !to || from.ms === null || to.ms === null || to.ms <= from.ms) return 0;
  return ((to.count - from.count) / (to.ms - from.ms)) * 1000;
};
const cores = (v: number | null) => (v === null ? null : round(v));

function figures(r: RunResult) {
  return {
    ok: r.problems.length === 0 ? 1 : 0,
    problems: r.problems,
    instances: r.instances,
    fans: r.fans,
    subscriptions: size.subscriptions,
    seed_s: { fans: round(r.seedSeconds.fans, 1), subscriptions: round(r.seedSeconds.subscriptions, 1) },
    patch_ms: round(r.patchMs),
    first_delivery_ms: r.marks[0]?.ms === null ? null : round(r.marks[0]?.ms ?? 0),
    marks_ms: Object.fromEntries(r.marks.map((m) => [m.share, m.ms === null ? null : round(m.ms, 0)])),
    last_delivery_ms: markMs(r, 'last') === null ? null : round(markMs(r, 'last') ?? 0, 0),
    rate_per_s: round(overallRate(r), 0),
    steady_rate_per_s: round(steadyRate(r), 0),
    peak_second: Math.max(0, ...r.perSecond),
    per_second: r.perSecond,
    settled_ms: r.settledMs === null ? null : round(r.settledMs, 0),
    product_summary: r.summary,
    reads_during_send: {
      url: '/api/matches/current',
      every_ms: PROBE_EVERY_MS,
      count: r.probe.count,
      errors: r.probe.errors,
      p50_ms: round(r.probe.p50),
      p99_ms: round(r.probe.p99),
      max_ms: round(r.probe.max),
    },
    cpu_cores: {
      machine: cores(r.cpu.machine),
      product: cores(r.cpu.servers),
      ...(r.instances > 1 ? { product_per_instance: r.cpu.perInstance.map(cores) } : {}),
      push_service: cores(r.cpu.fixture),
      postgres: cores(r.cpu.postgres),
      bench: cores(r.cpu.bench),
      other: cores(r.cpu.other),
    },
    push_service: r.stats,
    queue_at_end: r.queue,
  };
}

async function main(): Promise<number> {
  printMachine();
  const busyBefore = await machineBusyBefore();
  const kinds = databases();
  console.log(
    `${size.subscriptions.toLocaleString('en-US')} subscriptions (${size.perFan} per fan), ` +
      `${size.instances} instance(s) on PostgreSQL, ${size.concurrency ?? 'the default'} requests in flight ` +
      `per instance; databases: ${kinds.join(', ')}`,
  );
  const results: RunResult[] = [];
  for (const database of kinds) {
    console.log(`\n--- ${database} ---`);
    const r = await runOn(database);
    results.push(r);
    const f = (ms: number | null) => (ms === null ? 'not reached' : `${(ms / 1000).toFixed(2)} s`);
    console.log(
      `PATCH ${r.patchStatus} in ${fmtMs(r.patchMs)} ms; first delivery ${f(markMs(r, 'first'))}, ` +
        `last ${f(markMs(r, 'last'))} (${fmtRate(overallRate(r))}, ${fmtRate(steadyRate(r))} between 10 % and 90 %); ` +
        `all settled in the database ${f(r.settledMs)}`,
    );
    const c = (v: number | null) => (v === null ? '?' : v.toFixed(2));
    console.log(
      `cpu (cores of ${os.availableParallelism()}) from the PATCH to the last delivery: machine ${c(r.cpu.machine)}, ` +
        `product ${c(r.cpu.servers)}${r.instances > 1 ? ` (${r.cpu.perInstance.map(c).join(' + ')})` : ''}, push service ${c(r.cpu.fixture)}, PostgreSQL ${c(r.cpu.postgres)}, ` +
        `bench ${c(r.cpu.bench)}, other ${c(r.cpu.other)}`,
    );
    console.log(
      `GET /api/matches/current during the send: p50 ${fmtMs(r.probe.p50)} ms, p99 ${fmtMs(r.probe.p99)} ms, max ${fmtMs(r.probe.max)} ms (${r.probe.count} reads)`,
    );
    for (const problem of r.problems) console.error(`${database}: ${problem}`);
  }

  console.log();
  const s = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(2));
  printTable(
    [
      'database',
      'subs',
      'inst',
      'PATCH ms',
      'first s',
      '50 % s',
      'last s',
      'rate',
      '10-90 % rate',
      'settled s',
      'reads p99 ms',
      'accepted',
      'doubles',
      'refused',
      'jobs left',
    ],
    results.map((r) => [
      r.database,
      size.subscriptions,
      r.instances,
      fmtMs(r.patchMs),
      s(markMs(r, 'first')),
      s(markMs(r, '50 %')),
      s(markMs(r, 'last')),
      fmtRate(overallRate(r)),
      fmtRate(steadyRate(r)),
      s(r.settledMs),
      fmtMs(r.probe.p99),
      r.stats.accepted,
      r.stats.doubles,
      r.stats.refused,
      r.queue.jobs,
    ]),
  );

  const ok = results.every((r) => r.problems.length === 0);
  const file = writeResults('push', {
    smoke: smoke ? 1 : 0,
    machine_busy_before_cores: busyBefore,
    subscriptions: size.subscriptions,
    per_fan: size.perFan,
    push_concurrency: size.concurrency ?? 'default',
    target_subscriptions: TARGET_SUBSCRIPTIONS,
    ok: ok ? 1 : 0,
    databases: Object.fromEntries(results.map((r) => [r.database, figures(r)])),
  });
  console.log(`\nwrote ${file}`);
  console.log(
    ok
      ? 'ok: every subscription got its notification once, no job left'
      : 'FAILED: notifications lost, doubled or refused, or the queue not empty',
  );
  return ok ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
