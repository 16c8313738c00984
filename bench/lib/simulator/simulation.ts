/**
 * One match day against the product: the admin publishes the squad and starts a match, N fans are
 * signed up, arrive over the first half of the window and go through the page's steps while the admin
 * moves the score, then the admin ends the match, the sockets close, and what the database holds is
 * checked against what was acknowledged.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_PATH } from '@shared/live';
import { SESSION_COOKIE } from '../../../src/server/lib/sessions';
import type { Cleanup } from '../../../tests/support/processes';
import { Admin } from '../../../tests/support/simulator-admin';
import {
  Api,
  CALL_KINDS,
  type CallKind,
  CallLog,
  type KindFigures,
} from '../../../tests/support/simulator-calls';
import { round } from '../../../tests/support/stats';
import { type CheckResult, Ledger } from './check';
import { CpuMeter, type CpuShare } from './cpu-share';
import { FanStates, runFan } from './fan';
import { LiveSockets } from './live-sockets';
import type { SimulatorOptions } from './options';
import { arrivals, random, windowOf } from './plan';
import { startTarget } from './target';

export interface ProgressPoint {
  t_s: number;
  arrived: number;
  voted: number;
  sockets: number;
  requests_per_s: number;
  p99_ms: number;
  errors: number;
  cpu_server: number | null;
  cpu_postgres: number | null;
  cpu_machine: number | null;
  server_rss_mb: number | null;
}

export interface SimulationResult {
  database: string;
  url: string;
  fans: number;
  minutes: number;
  players: number;
  /** From the first arrival to the match's end; more than the window when fans ran late. */
  window_s: number;
  wall_s: number;
  fans_done: number;
  fans_stopped: number;
  requests: number;
  errors: number;
  retries: number;
  surprises: number;
  p50_ms: number;
  p99_ms: number;
  calls: Record<CallKind, KindFigures>;
  sockets: {
    peak: number;
    open_at_end: number;
    dropped: number;
    failed: number;
    messages: Record<string, number>;
    megabytes: number;
  };
  check: CheckResult;
  lost: number;
  doubled: number;
  cpu: CpuShare;
  server_rss_mb_peak: number | null;
  timeline: ProgressPoint[];
  samples: string[];
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

/** Runs the whole match day; throws only when it cannot be set up (a product that fails later is counted). */
export async function runSimulation(options: SimulatorOptions, cleanup: Cleanup): Promise<SimulationResult> {
  const wallStart = performance.now();
  const target = await startTarget(cleanup, options);
  const serverPid = target.server?.pid;
  const log = new CallLog();
  const api = new Api(target.url, options.connections, log, {
    timeoutMs: options.timeoutMs,
    attempts: options.attempts,
  });
  cleanup.add(() => api.close());

  console.log(
    `product: ${target.url.origin} (${target.database === 'unknown' ? 'given by --url' : `${target.database}, started here`}); ` +
      `${options.fans.toLocaleString('en-US')} fans over ${round(options.minutes, 2)} min, ${options.connections} HTTP connections`,
  );
  const admin = await Admin.signIn(api, target.adminEmail, target.adminPassword);
  const { match, available } = await admin.startMatch('Arsenal');
  const setupStart = performance.now();
  const prefix = `sim-${randomBytes(4).toString('hex')}`;
  const fans = await admin.signUpFans(prefix, options.fans);
  console.log(
    `match ${match.id} live, ${available.length} players to rate; ${fans.length} fans signed up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
  );

  const wsUrl = `ws://${target.url.host}${LIVE_PATH}`;
  const sockets = new LiveSockets(wsUrl, log);
  cleanup.add(() => sockets.closeAll());
  const ledger = new Ledger(
    fans.map((f) => f.id),
    available.map((p) => p.id),
  );
  const window = windowOf(options.minutes);
  const times = arrivals(fans.length, window, random(options.seed));
  const state = new FanStates();
  const startedAt = performance.now();
  const ctx = {
    api,
    sockets,
    ledger,
    matchId: match.id,
    published: new Set(available.map((p) => p.id)),
    window,
    seed: options.seed,
    startedAt,
    state,
  };

  // The admin runs the match beside the fans: goals, half time.
  const adminTimeline: Array<[number, Record<string, unknown>]> = [
    [0.15, { homeScore: 1, awayScore: 0 }],
    [0.4, { homeScore: 1, awayScore: 1 }],
    [0.5, { isHalfTime: true }],
    [0.55, { isHalfTime: false }],
    [0.7, { homeScore: 2, awayScore: 1 }],
  ];
  const adminDone = (async () => {
    for (const [at, changes] of adminTimeline) {
      const wait = startedAt + at * window.ms - performance.now();
      if (wait > 0) await sleep(wait);
      // A failed call is counted (and sampled) by the call log already.
      await admin.updateMatch(match.id, changes).catch((error: unknown) => console.error(String(error)));
    }
  })();

  const timeline: ProgressPoint[] = [];
  let serverRssPeak: number | null = null;
  const meter = new CpuMeter(serverPid, target.databaseName);
  let last = meter.sample();
  const cpuStart = last;
  const progress = setInterval(() => {
    const now = meter.sample();
    const cpu = meter.between(last, now);
    last = now;
    const interval = log.takeInterval();
    const rss = rssMb(serverPid);
    if (rss !== null) serverRssPeak = Math.max(serverRssPeak ?? 0, rss);
    const point: ProgressPoint = {
      t_s: Math.round((performance.now() - startedAt) / 1000),
      arrived: state.arrived,
      voted: state.voted,
      sockets: sockets.open,
      requests_per_s: Math.round(interval.calls / options.progressEvery),
      p99_ms: round(interval.latency.p99, 1),
      errors: log.totals().errors,
      cpu_server: cpu.server === null ? null : round(cpu.server),
      cpu_postgres: cpu.postgres === null ? null : round(cpu.postgres),
      cpu_machine: cpu.machine === null ? null : round(cpu.machine),
      server_rss_mb: rss,
    };
    timeline.push(point);
    console.log(
      `  ${String(point.t_s).padStart(4)} s  arrived ${point.arrived}  voted ${point.voted}  sockets ${point.sockets}  ` +
        `${point.requests_per_s} req/s  p99 ${Number.isFinite(point.p99_ms) ? point.p99_ms : '-'} ms  errors ${point.errors}  ` +
        `cpu server ${point.cpu_server ?? '?'} pg ${point.cpu_postgres ?? '-'} machine ${point.cpu_machine ?? '?'}${rss === null ? '' : `  server ${rss} MB`}`,
    );
  }, options.progressEvery * 1000);

  await Promise.all(
    fans.map((fan, i) =>
      runFan(ctx, i, { id: fan.id, cookie: `${SESSION_COOKIE}=${fan.token}` }, times[i] ?? 0).catch(
        (error: unknown) => {
          state.stopped++;
          state.surprise(`fan ${i} threw: ${error instanceof Error ? error.message : String(error)}`);
        },
      ),
    ),
  );
  await adminDone;
  // The whistle: at the end of the window, or once the last fan is done if they ran late.
  const remaining = startedAt + window.ms - performance.now();
  if (remaining > 0) await sleep(remaining);
  await admin
    .updateMatch(match.id, { isLive: false })
    .catch((error: unknown) => console.error(String(error)));
  const windowSeconds = (performance.now() - startedAt) / 1000;
  clearInterval(progress);
  const cpu = meter.between(cpuStart, meter.sample());
  // Let the match_update reach the sockets before the fans leave.
  await sleep(1000);
  const openAtEnd = sockets.open;
  await sockets.closeAll();

  const [summary, ratingRows, voteRows] = [
    await admin.summary(match.id),
    await admin.storedRatings(match.id),
    await admin.storedVotes(match.id),
  ];
  const check = ledger.check(summary, ratingRows, voteRows);
  if (!check.readBackConsistent)
    state.surprise(
      `read-back: summary ${JSON.stringify(summary)} against ${ratingRows.length} ratings, ${voteRows.length} votes read`,
    );

  const totals = log.totals();
  if ((totals.errors > 0 || state.surpriseCount > 0) && target.server) {
    // The product's own account of what failed (it logs at warn level and above).
    console.log(`product log, last lines:\n${target.server.output().split('\n').slice(-25).join('\n')}`);
  }
  const overall = log.fanHttpLatency();
  const calls = Object.fromEntries(CALL_KINDS.map((kind) => [kind, log.figures(kind)])) as Record<
    CallKind,
    KindFigures
  >;
  return {
    database: target.database,
    url: target.url.origin,
    fans: fans.length,
    minutes: options.minutes,
    players: available.length,
    window_s: round(windowSeconds, 1),
    wall_s: round((performance.now() - wallStart) / 1000, 1),
    fans_done: state.done,
    fans_stopped: state.stopped,
    requests: totals.calls,
    // Failed calls, and what the server answered wrongly though with a 2xx (surprises, read-back included).
    errors: totals.errors + state.surpriseCount,
    retries: totals.retries,
    surprises: state.surpriseCount,
    p50_ms: round(overall.p50),
    p99_ms: round(overall.p99),
    calls,
    sockets: {
      peak: sockets.peak,
      open_at_end: openAtEnd,
      dropped: sockets.dropped,
      failed: sockets.failed,
      messages: sockets.messages,
      megabytes: round(sockets.bytes / 2 ** 20, 1),
    },
    check,
    lost: check.lost,
    doubled: check.doubled,
    cpu,
    server_rss_mb_peak: serverRssPeak,
    timeline,
    samples: [...log.samples, ...state.surprises],
  };
}

/** Fan call types in report order, with their label. */
export const CALL_LABELS: Array<[CallKind, string]> = [
  ['arrive', 'arrive: GET current match, players'],
  ['consent', 'consent: PATCH /api/user/:id/consent'],
  ['ws', 'ws connect: /ws upgrade to open'],
  ['rate', 'rate: POST /api/ratings'],
  ['progress', 'progress: GET .../progress'],
  ['vote', 'vote: POST /api/user-votes'],
  ['motm', 'motm: GET /api/motm/:matchId'],
  ['admin', 'admin: sign-in, set-up, score, read-back'],
];
