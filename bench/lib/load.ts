/**
 * Load shapes. An operation returns an outcome code (the HTTP status, or 200 for a database statement);
 * a thrown error counts as code 0. Only the codes `ok` accepts count towards the rate.
 */

import { LatencyRecorder } from '../../tests/support/latency-recorder';
import { type LatencySummary, summarise } from '../../tests/support/stats';
import { type CpuUse, cpuBetween, sampleCpu } from './cpu';

export type Operation = (seq: number) => Promise<number>;

export interface LoadResult {
  /** Completed with an accepted code inside the measured window. */
  completed: number;
  errors: number;
  codes: Record<string, number>;
  seconds: number;
  /** completed / seconds. */
  rate: number;
  latency: LatencySummary;
  cpu: CpuUse;
}

/** What both load shapes take. */
interface LoopOptions {
  warmupMs: number;
  durationMs: number;
  op: Operation;
  /** First sequence number (so successive runs keep cycling through the same keys). */
  firstSeq?: number;
  ok?: (code: number) => boolean;
  serverPid?: number;
}

export interface ClosedLoopOptions extends LoopOptions {
  /** Requests in flight at all times. */
  concurrency: number;
}

const isOk = (code: number) => code === 200;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(op: Operation, seq: number): Promise<number> {
  try {
    return await op(seq);
  } catch {
    return 0;
  }
}

/** Counts the measured outcomes: every code, and the latency of those `ok` accepts. */
function tally(ok: (code: number) => boolean) {
  const latencies = new LatencyRecorder();
  const codes: Record<string, number> = {};
  let completed = 0;
  let errors = 0;
  return {
    /** One measured outcome, its latency running from `since`. */
    record(code: number, since: number): void {
      codes[code] = (codes[code] ?? 0) + 1;
      if (ok(code)) {
        completed++;
        latencies.push(performance.now() - since);
      } else errors++;
    },
    result(seconds: number, cpu: CpuUse): LoadResult {
      return {
        completed,
        errors,
        codes,
        seconds,
        rate: completed / seconds,
        latency: summarise(latencies.toArray()),
        cpu,
      };
    },
  };
}

/** Fixed concurrency: the most the system serves; each worker sends its next request as its last one returns. */
export async function closedLoop(options: ClosedLoopOptions): Promise<LoadResult & { nextSeq: number }> {
  const outcomes = tally(options.ok ?? isOk);
  let seq = options.firstSeq ?? 0;
  let measuring = false;
  let stopped = false;

  const worker = async () => {
    while (!stopped) {
      const started = performance.now();
      const code = await attempt(options.op, seq++);
      if (measuring) outcomes.record(code, started);
    }
  };
  const workers = Array.from({ length: options.concurrency }, worker);
  await sleep(options.warmupMs);
  measuring = true;
  const before = sampleCpu(options.serverPid);
  await sleep(options.durationMs);
  measuring = false;
  const after = sampleCpu(options.serverPid);
  stopped = true;
  await Promise.all(workers);
  return { ...outcomes.result((after.at - before.at) / 1000, cpuBetween(before, after)), nextSeq: seq };
}

/** Sends `count` operations with fixed concurrency, unmeasured: priming and warming up. */
export async function runCount(
  count: number,
  concurrency: number,
  op: Operation,
  ok: (code: number) => boolean = isOk,
): Promise<{ errors: number; codes: Record<string, number> }> {
  let seq = 0;
  let errors = 0;
  const codes: Record<string, number> = {};
  const worker = async () => {
    while (seq < count) {
      const code = await attempt(op, seq++);
      if (!ok(code)) {
        errors++;
        codes[code] = (codes[code] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { errors, codes };
}

export interface OpenLoopOptions extends LoopOptions {
  /** Offered operations per second, whatever the answers' speed. */
  rate: number;
}

/**
 * Fixed offered rate (open loop). Each operation's latency runs from when it was due, not when it was
 * sent, so a stalled server is not hidden by the generator waiting for it (coordinated omission).
 */
export async function openLoop(options: OpenLoopOptions): Promise<LoadResult & { offered: number }> {
  const outcomes = tally(options.ok ?? isOk);
  const interval = 1000 / options.rate;
  const warmupCount = Math.round((options.warmupMs / 1000) * options.rate);
  const total = warmupCount + Math.round((options.durationMs / 1000) * options.rate);
  const firstSeq = options.firstSeq ?? 0;
  const inFlight = new Set<Promise<void>>();

  const fire = (index: number, due: number) => {
    const done = attempt(options.op, firstSeq + index).then((code) => {
      if (index >= warmupCount) outcomes.record(code, due);
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  const start = performance.now();
  let before = sampleCpu(options.serverPid);
  let index = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (index < total && start + index * interval <= now) {
        if (index === warmupCount) before = sampleCpu(options.serverPid);
        fire(index, start + index * interval);
        index++;
      }
      if (index >= total) return resolve();
      setTimeout(tick, Math.max(0, start + index * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const after = sampleCpu(options.serverPid);
  return { offered: options.rate, ...outcomes.result(options.durationMs / 1000, cpuBetween(before, after)) };
}
