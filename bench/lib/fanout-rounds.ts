/**
 * The measured rounds of the fanout benchmarks (bench/fanout.ts, bench/fanout-capacity.ts): to sockets
 * already open in a ClientFleet, one message per round (a rating, or a bare broadcast), timed from its
 * trigger to the first, median and last client, checked, and the CPU each process used meanwhile.
 */
import os from 'node:os';
import { percentile } from '../../tests/support/stats';
import { processMs, sampleCpu } from './cpu';
import type { ClientFleet } from './fanout-clients';

export interface RoundTarget {
  name: string;
  /** Sends the round's message on its way: a rating, or the bare server's broadcast. */
  trigger(round: number): Promise<void>;
  /** The rating's answer is timed too (the product's); the bare server answers after its sends. */
  timesAnswer?: boolean;
  /** Each round's seq must be above the last (the product's claims); the bare server repeats one. */
  seqGrows?: boolean;
  /** What is wrong with the round's message (a sample of it), if anything. */
  check(round: number, sample: string, seq: number): Promise<string | null>;
}

/**
 * `lost`: a socket missed its message or was cut off (what an overloaded server does); `wrong`: a
 * message was wrong, doubled or out of order (a fault whatever the load).
 */
export type ProblemKind = 'lost' | 'wrong';

/** Cores busy over the measured rounds: the machine, the server(s), the client processes, the rest. */
export interface RoundsCpu {
  machine: number | null;
  /** All server processes together. */
  server: number | null;
  /** Per server process, in the order given. */
  servers: Array<number | null>;
  clients: number | null;
  /** Per group of other processes watched (`RoundsOptions.others`), by name. */
  others: Record<string, number | null>;
  /** Everything else running: PostgreSQL, Redis and this process too, unless watched. */
  rest: number | null;
  /** The wall time the figures are over, ms. */
  wallMs: number;
}

export interface RoundsResult {
  /** Per measured round, ms from the trigger to the last, the median and the first client. */
  last: number[];
  median: number[];
  first: number[];
  /** Per measured round, ms from the trigger to its HTTP answer, when timed. */
  answered: number[];
  cpu: RoundsCpu;
  sample: string | null;
  /** Measured rounds run: fewer than asked when `stopWhen` ended them early. */
  rounds: number;
}

export interface RoundsOptions {
  rounds: number;
  roundTimeoutMs: number;
  serverPids: number[];
  /**
   * Other processes whose CPU to report on their own, by name (Redis, PostgreSQL's backends): a pid
   * that comes or goes between the samples is left out.
   */
  others?: Record<string, number[]>;
  problem(text: string, kind: ProblemKind): void;
  /** Ends the rounds early once the outcome is known (given the last-client times so far). */
  stopWhen?: (last: number[]) => boolean;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sumMs(pids: number[]): number | null {
  let sum = 0;
  for (const pid of pids) {
    const ms = processMs(pid);
    if (ms === null) return null;
    sum += ms;
  }
  return sum;
}

interface Sample {
  at: number;
  machineMs: number | null;
  servers: Array<number | null>;
  clients: number | null;
  others: Record<string, Map<number, number | null>>;
}

function sample(options: RoundsOptions, fleet: ClientFleet): Sample {
  const machine = sampleCpu();
  return {
    at: machine.at,
    machineMs: machine.machineBusyMs,
    servers: options.serverPids.map(processMs),
    clients: sumMs(fleet.pids),
    others: Object.fromEntries(
      Object.entries(options.others ?? {}).map(([name, pids]) => [
        name,
        new Map(pids.map((pid) => [pid, processMs(pid)])),
      ]),
    ),
  };
}

function cpuOf(before: Sample, after: Sample): RoundsCpu {
  const wall = after.at - before.at;
  const share = (a: number | null | undefined, b: number | null | undefined) =>
    a === null || a === undefined || b === null || b === undefined ? null : (b - a) / wall;
  const machine = share(before.machineMs, after.machineMs);
  const servers = before.servers.map((ms, i) => share(ms, after.servers[i]));
  const server = servers.some((s) => s === null)
    ? null
    : servers.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  const clients = share(before.clients, after.clients);
  const others = Object.fromEntries(
    Object.entries(before.others).map(([name, pids]) => {
      let ms = 0;
      for (const [pid, was] of pids) {
        const is = after.others[name]?.get(pid);
        if (was !== null && is !== null && is !== undefined) ms += is - was;
      }
      return [name, pids.size > 0 ? ms / wall : null];
    }),
  );
  const watched = Object.values(others).reduce<number>((sum, v) => sum + (v ?? 0), 0);
  const rest = machine === null ? null : Math.max(0, machine - (server ?? 0) - (clients ?? 0) - watched);
  return { machine, server, servers, clients, others, rest, wallMs: wall };
}

export function formatRoundsCpu(cpu: RoundsCpu): string {
  const f = (v: number | null) => (v === null ? '?' : v.toFixed(2));
  const servers =
    cpu.servers.length > 1 ? `servers ${cpu.servers.map(f).join(' + ')}` : `server ${f(cpu.server)}`;
  const others = Object.entries(cpu.others).map(([name, v]) => `, ${name} ${f(v)}`);
  return `cpu (cores of ${os.availableParallelism()}): machine ${f(cpu.machine)}, ${servers}, client processes ${f(cpu.clients)}${others.join('')}, rest ${f(cpu.rest)}`;
}

/**
 * Round 0 warms up (the rater's connection, the first computation, sockets new to the server) and is
 * not counted; then `rounds` measured ones, one at a time, each alone.
 */
export async function runRounds(
  fleet: ClientFleet,
  target: RoundTarget,
  options: RoundsOptions,
): Promise<RoundsResult> {
  const { problem, roundTimeoutMs } = options;
  const result: RoundsResult = {
    last: [],
    median: [],
    first: [],
    answered: [],
    cpu: { machine: null, server: null, servers: [], clients: null, others: {}, rest: null, wallMs: 0 },
    sample: null,
    rounds: 0,
  };
  let lastSeq = 0;
  let cpuStart = sample(options, fleet);
  for (let r = 0; r <= options.rounds; r += 1) {
    if (r === 1) cpuStart = sample(options, fleet);
    await fleet.arm();
    const sentAt = now();
    await target.trigger(r);
    if (target.timesAnswer && r > 0) result.answered.push(now() - sentAt);
    const got = await fleet.collect(roundTimeoutMs);
    const missing = got.arrivals.filter((t) => t < 0).length;
    if (missing > 0)
      problem(`round ${r}: ${missing} sockets got no leaderboard_update within ${roundTimeoutMs} ms`, 'lost');
    if (got.duplicates > 0) problem(`round ${r}: ${got.duplicates} sockets got more than one`, 'wrong');
    if (got.dropped > 0) problem(`round ${r}: ${got.dropped} sockets were closed by the server`, 'lost');
    const seq = got.seqs[0] ?? 0;
    if (got.seqs.length !== 1)
      problem(
        `round ${r}: sockets got different updates (seq ${got.seqs.join(', ')})`,
        got.seqs.length === 0 ? 'lost' : 'wrong',
      );
    else if (seq <= lastSeq && target.seqGrows) problem(`round ${r}: seq ${seq} after ${lastSeq}`, 'wrong');
    lastSeq = Math.max(lastSeq, seq);
    if (got.sample === null) problem(`round ${r}: no message at all`, 'lost');
    else {
      const wrong = await target.check(r, got.sample, seq);
      if (wrong) problem(`round ${r}: ${wrong}`, 'wrong');
      result.sample = got.sample;
    }
    const times = Float64Array.from(got.arrivals.filter((t) => t >= 0)).sort();
    if (r > 0 && times.length > 0) {
      result.last.push((times[times.length - 1] as number) - sentAt);
      result.median.push(percentile(times, 50) - sentAt);
      result.first.push((times[0] as number) - sentAt);
    }
    if (r > 0) result.rounds = r;
    if (r > 0 && options.stopWhen?.(result.last)) break;
    // A quiet moment between ratings, longer than the ticker's interval (250 ms) and the results cache's
    // least time between computations (500 ms), at no fixed phase to any timer: each rating is alone.
    await sleep(500 + Math.random() * 300);
  }
  result.cpu = cpuOf(cpuStart, sample(options, fleet));
  return result;
}
