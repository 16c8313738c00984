/**
 * `fanout`: N WebSocket clients on one product instance (PostgreSQL, no Redis), held by client processes
 * of their own (2 by default: bench/lib/fanout-client.ts, with the lean socket of fanout-socket.ts); the
 * time from a rating (POST /api/ratings) to the last client receiving its leaderboard_update, and the
 * server's memory per idle socket. Beside it, in the same run, a bare `ws` server
 * (bench/lib/fanout-bare-server.ts) broadcasting the very bytes the product sent to the same clients:
 * the limit of the library on this machine. `ratio` = product p99 / bare p99.
 *
 *   npm run bench -- fanout [--clients 10000] [--rounds 30] [--client-procs 2] [--smoke] [--profile]
 *                           [--database-url URL]
 *
 * The clients are the admin and N - 1 fans who rated every player and gave their final vote (the
 * audience of leaderboard_update), seeded straight into the database. Each round one more fan rates a
 * player, once the previous round is over and a pause has passed (ratings one at a time: the time of
 * one rating, not of a stream of them). The servers and client processes are given the open files they
 * need where the machine allows it (prlimit); where it does not, N is capped to what the server process
 * may hold, and the output says so. Writes bench/results/fanout.json; its exit code never judges
 * timings, only whether every client got every update, once, with the figures the database holds.
 * The rounds and the rating are bench/lib/fanout-rounds.ts and fanout-rating.ts, shared with
 * bench/fanout-capacity.ts (the most sockets per instance, one and two instances on Redis).
 */
import { parseArgs } from 'node:util';
import { HttpPool } from '../tests/support/http-client';
import { fileLimitOf, freePort, openFilesOf } from '../tests/support/processes';
import { type LatencySummary, round, summarise } from '../tests/support/stats';
import { machineBefore, machineFigures, ratioFields, ratioVerdict, targetMet } from './lib/anchor';
import { startBareWs } from './lib/fanout-bare';
import { ClientFleet } from './lib/fanout-clients';
import { bytesPerObject, inspectFlag, type MemorySample, sampleMemory } from './lib/fanout-memory';
import { ratingRounds } from './lib/fanout-rating';
import { formatRoundsCpu, type RoundsResult, type RoundTarget, runRounds } from './lib/fanout-rounds';
import { seedVoters } from './lib/fanout-seed';
import { positiveNumbers } from './lib/options';
import { fmtMs, printMachine, printTable, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';

const TARGET_P99_MS = 500;
const TARGET_RATIO = 1.5;
const TARGET_BYTES_PER_SOCKET = 30 * 1024;
const TARGET_SOCKETS = 20_000;
/** The product's PostgreSQL pool (src/server/db/client.ts): files the server may open besides sockets. */
const DATABASE_POOL = 20;

const bench = new ServerBench({ fans: 1 });
const { options, cleanup } = bench;
const fanout = fanoutOptions();

function fanoutOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: false,
    options: {
      clients: { type: 'string' },
      rounds: { type: 'string' },
      'client-procs': { type: 'string' },
    },
  });
  const number = positiveNumbers(values);
  const clients = Math.round(number('clients', options.smoke ? 200 : 10_000));
  return {
    clients,
    rounds: Math.round(number('rounds', options.smoke ? 3 : 30)),
    // Two share the receiving work over both cores, as the server's one thread writes.
    clientProcesses: Math.min(clients, Math.round(number('client-procs', options.smoke ? 1 : 2))),
  };
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase extends RoundTarget {
  pid: number;
  inspectorPort: number;
  url: string;
}

interface PhaseResult extends RoundsResult {
  name: string;
  connectMs: number;
  /** Memory with no socket, with the first `halfCount` sockets, with all of them. */
  before: MemorySample;
  half: MemorySample;
  halfCount: number;
  idle: MemorySample;
  problems: string[];
}

async function runPhase(fleet: ClientFleet, cookies: string[], phase: Phase): Promise<PhaseResult> {
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 20) problems.push(text);
    console.error(`${phase.name}: ${text}`);
  };
  const before = await sampleMemory(phase.pid, phase.inspectorPort);
  // Memory per socket is what the second half of the sockets adds: the first half takes up the pages
  // the process had already reserved and freed (its set-up's garbage), which would hide their cost.
  const half = Math.floor(cookies.length / 2);
  let half1 = before;
  let connectMs = 0;
  for (const [part, share] of [cookies.slice(0, half), cookies.slice(half)].entries()) {
    const connected = await fleet.connect(phase.url, share, 60_000 + share.length * 10);
    connectMs += connected.ms;
    if (connected.failed > 0)
      problem(`${connected.failed} sockets failed to open (${connected.errors.join('; ')})`);
    if (connected.notSignedIn > 0) problem(`${connected.notSignedIn} sockets were not signed in`);
    // Idle: the handshakes' work done (the product loads each fan's votes after the open).
    await sleep(1000 + share.length / 10);
    if (part === 0) half1 = await sampleMemory(phase.pid, phase.inspectorPort);
  }
  const idle = await sampleMemory(phase.pid, phase.inspectorPort);
  console.log(`${phase.name}: ${cookies.length} sockets opened in ${(connectMs / 1000).toFixed(1)} s`);

  const rounds = await runRounds(fleet, phase, {
    rounds: fanout.rounds,
    roundTimeoutMs: 10_000 + cookies.length,
    serverPids: [phase.pid],
    problem,
  });
  await fleet.close();
  return { name: phase.name, connectMs, before, half: half1, halfCount: half, idle, ...rounds, problems };
}

async function main(): Promise<number> {
  printMachine();
  const machine = await machineBefore();
  const { rounds, clientProcesses } = fanout;
  const requested = fanout.clients;
  // Each server holds every socket, each client process its share: more than the shell's limit allows.
  const serverFiles = requested + 4096;
  const clientFiles = Math.ceil(requested / clientProcesses) + 1024;

  const inspectorPort = await freePort();
  const { product, day } = await bench.startMatchDay({
    fans: 1,
    nodeArgs: [inspectFlag(inspectorPort)],
    fileLimit: serverFiles,
  });
  // What the server may hold: its open-file limit, less what it has open and its database pool to come.
  const serverLimit = fileLimitOf(product.server.pid) ?? Number.POSITIVE_INFINITY;
  const capacity = serverLimit - (openFilesOf(product.server.pid) ?? 0) - DATABASE_POOL - 32;
  const clients = Math.min(requested, capacity);
  if (clients < requested)
    console.warn(
      `warning: ${requested} clients asked for, but the server process may open ${serverLimit} files (hard ` +
        `limit; raising it needs CAP_SYS_RESOURCE, which this process lacks): ${clients} clients instead`,
    );
  const rater = day.fans[0];
  if (!rater) throw new Error('no fan to rate');

  const seeding = now();
  const voters = await seedVoters(product, day, clients - 1);
  const cookies = [day.admin.cookie, ...voters];
  console.log(
    `${clients} clients (the admin and ${voters.length} fans who voted) seeded in ${((now() - seeding) / 1000).toFixed(1)} s; ` +
      `${clientProcesses} client process${clientProcesses > 1 ? 'es' : ''}, ${rounds} rounds + 1 warm-up`,
  );
  const fleet = await ClientFleet.start(cleanup, clientProcesses, clientFiles);

  const ratingPool = new HttpPool('127.0.0.1', product.server.port, 1);
  cleanup.add(() => ratingPool.close());
  const ours = await runPhase(fleet, cookies, {
    ...ratingRounds({ product, day, rater, server: product.server, pool: ratingPool }),
    pid: product.server.pid,
    inspectorPort,
    url: `ws://${product.server.host}/ws`,
  });
  if (ours.sample === null)
    throw new Error('the product sent no leaderboard_update: nothing to compare with');
  const payload = ours.sample;

  const bareInspector = await freePort();
  const bare = await startBareWs(cleanup, payload, {
    fileLimit: serverFiles,
    nodeArgs: [inspectFlag(bareInspector)],
  });
  const bareLoops = bare.loops;
  const theirs = await runPhase(fleet, cookies, {
    ...bare.target,
    pid: bare.server.pid,
    inspectorPort: bareInspector,
    url: `ws://${bare.server.host}/ws`,
  });

  // Report.
  const summary = (values: number[]): LatencySummary => summarise(values);
  const perSocket = (phase: PhaseResult, field: 'rss' | 'heapUsed' | 'external') => {
    const a = phase.half[field];
    const b = phase.idle[field];
    return a === null || b === null ? null : (b - a) / (clients - phase.halfCount);
  };
  const memoryPerSocket = (phase: PhaseResult) =>
    bytesPerObject(phase.half, phase.idle, clients - phase.halfCount);
  const oursLast = summary(ours.last);
  const bareLast = summary(theirs.last);
  const ratio = oursLast.p99 / bareLast.p99;
  const bytesPerSocket = memoryPerSocket(ours);
  const kb = (bytes: number | null) => (bytes === null ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
  const row = (phase: PhaseResult, last: LatencySummary) => [
    phase.name,
    fmtMs(last.p50),
    fmtMs(last.p99),
    fmtMs(last.max),
    fmtMs(summary(phase.median).p50),
    fmtMs(summary(phase.first).p50),
    kb(memoryPerSocket(phase)),
    kb(perSocket(phase, 'heapUsed')),
    kb(perSocket(phase, 'rss')),
    `${Math.round(phase.idle.rss / 2 ** 20)} MB`,
  ];
  console.log();
  console.log(
    `${clients} sockets on one instance from ${clientProcesses} client process${clientProcesses > 1 ? 'es' : ''}; ` +
      `${rounds} rounds; message ${Buffer.byteLength(payload)} bytes. Last, median and first client: ms from the ` +
      'rating (product) or the broadcast request (bare) to that client receiving it.',
  );
  printTable(
    [
      'server',
      'last p50',
      'last p99',
      'last max',
      'median p50',
      'first p50',
      'mem/socket',
      'heap/socket',
      'RSS Δ/socket',
      'RSS idle',
    ],
    [row(ours, oursLast), row(theirs, bareLast)],
  );
  console.log();
  for (const phase of [ours, theirs]) console.log(`${phase.name.padEnd(8)} ${formatRoundsCpu(phase.cpu)}`);
  const loop = summary(bareLoops);
  const answered = summary(ours.answered);
  console.log(
    `product: the rating answered in p50 ${fmtMs(answered.p50)} ms; the first client had its update in p50 ` +
      `${fmtMs(summary(ours.first).p50)} ms (the rating, the leaderboard's computation, the first send)`,
  );
  console.log(
    `bare ws send loop (the server's thread, all ${clients} sends): p50 ${fmtMs(loop.p50)} ms, max ${fmtMs(loop.max)} ms`,
  );
  if (rounds < 100) console.log(`(p99 of ${rounds} rounds is their max)`);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const p99Met = oursLast.p99 < TARGET_P99_MS;
  const ratioCheck = ratioVerdict(machine, 'ratio product / bare p99', ratio, { atMost: TARGET_RATIO });
  const memoryMet = bytesPerSocket < TARGET_BYTES_PER_SOCKET;
  const socketsMet = clients >= TARGET_SOCKETS && ours.problems.length === 0;
  const socketsVerdict =
    clients >= TARGET_SOCKETS
      ? verdict(socketsMet)
      : requested >= TARGET_SOCKETS
        ? `NOT shown: the server process may not open ${TARGET_SOCKETS.toLocaleString('en-US')} files here`
        : 'not tried at this size';
  console.log();
  console.log(
    `p99 rating to last client: ${fmtMs(oursLast.p99)} ms (target < ${TARGET_P99_MS}: ${verdict(p99Met)})`,
  );
  console.log(ratioCheck.line);
  console.log(
    `server memory per idle socket: ${kb(bytesPerSocket)}, V8 heap and external growth over the second half of ` +
      `the sockets, after full collections (RSS growth: ${kb(perSocket(ours, 'rss'))}, blurred by V8's page ` +
      `reserve) (target < ${TARGET_BYTES_PER_SOCKET / 1024} KB: ${verdict(memoryMet)})`,
  );
  console.log(
    `sockets on one instance: ${clients} (target ${TARGET_SOCKETS.toLocaleString('en-US')}: ${socketsVerdict})`,
  );

  const problems = [...ours.problems, ...theirs.problems];
  const phaseFigures = (phase: PhaseResult, last: LatencySummary) => ({
    p50_ms: round(last.p50),
    p99_ms: round(last.p99),
    max_ms: round(last.max),
    median_client_p50_ms: round(summary(phase.median).p50),
    first_client_p50_ms: round(summary(phase.first).p50),
    connect_s: round(phase.connectMs / 1000),
    rss_bytes: { no_sockets: phase.before.rss, half: phase.half.rss, all: phase.idle.rss },
    heap_bytes: { no_sockets: phase.before.heapUsed, half: phase.half.heapUsed, all: phase.idle.heapUsed },
    heap_total_bytes: {
      no_sockets: phase.before.heapTotal,
      half: phase.half.heapTotal,
      all: phase.idle.heapTotal,
    },
    bytes_per_socket: round(memoryPerSocket(phase), 0),
    rss_bytes_per_socket: round(perSocket(phase, 'rss') ?? Number.NaN, 0),
    heap_bytes_per_socket: round(perSocket(phase, 'heapUsed') ?? Number.NaN, 0),
    external_bytes_per_socket: round(perSocket(phase, 'external') ?? Number.NaN, 0),
    cpu_cores: {
      machine: phase.cpu.machine === null ? null : round(phase.cpu.machine),
      server: phase.cpu.server === null ? null : round(phase.cpu.server),
      client_processes: phase.cpu.clients === null ? null : round(phase.cpu.clients),
    },
    rounds_ms: phase.last.map((ms) => round(ms, 1)),
    problems: phase.problems,
  });
  const file = writeResults('fanout', {
    smoke: options.smoke ? 1 : 0,
    ...machineFigures(machine),
    clients,
    clients_requested: requested,
    server_file_limit: Number.isFinite(serverLimit) ? serverLimit : null,
    client_processes: clientProcesses,
    rounds,
    message_bytes: Buffer.byteLength(payload),
    p50_ms: round(oursLast.p50),
    p99_ms: round(oursLast.p99),
    max_ms: round(oursLast.max),
    bare_p50_ms: round(bareLast.p50),
    bare_p99_ms: round(bareLast.p99),
    bare_max_ms: round(bareLast.max),
    bare_send_loop_p50_ms: round(loop.p50),
    rating_answered_p50_ms: round(answered.p50),
    ...ratioFields(machine, { ratio }),
    bytes_per_socket: round(bytesPerSocket, 0),
    heap_bytes_per_socket: round(perSocket(ours, 'heapUsed') ?? Number.NaN, 0),
    bare_bytes_per_socket: round(memoryPerSocket(theirs), 0),
    errors: problems.length,
    target_p99_ms: TARGET_P99_MS,
    target_ratio: TARGET_RATIO,
    target_bytes_per_socket: TARGET_BYTES_PER_SOCKET,
    target_sockets: TARGET_SOCKETS,
    target_met: targetMet(p99Met, ratioCheck.met, memoryMet, socketsMet),
    runs: { product: phaseFigures(ours, oursLast), bare: phaseFigures(theirs, bareLast) },
  });
  console.log(`wrote ${file}`);
  if (problems.length > 0)
    console.error(`\n${problems.length} problems (above): the run is not sound, whatever its timings`);
  return problems.length > 0 ? 1 : 0;
}

bench.run(main);
