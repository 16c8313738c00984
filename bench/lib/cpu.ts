/**
 * CPU time used during a run, from /proc (Linux): the whole machine, the server process and this process
 * (the load generator). What is left is mostly PostgreSQL. Elsewhere only this process is known.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Linux reports process times in clock ticks; 100 per second on every common kernel. */
const TICK_MS = 10;

export interface CpuSample {
  at: number;
  machineBusyMs: number | null;
  serverMs: number | null;
  selfMs: number;
}

/** Cores busy (1.0 = one core fully used) over a run, per part. */
export interface CpuUse {
  machine: number | null;
  server: number | null;
  loadGenerator: number;
  /** machine - server - load generator: PostgreSQL and anything else running. */
  rest: number | null;
}

export function processMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

function machineBusyMs(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * TICK_MS;
  } catch {
    return null;
  }
}

export function sampleCpu(serverPid?: number): CpuSample {
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    machineBusyMs: machineBusyMs(),
    serverMs: serverPid ? processMs(serverPid) : null,
    selfMs: (self.user + self.system) / 1000,
  };
}

export function cpuBetween(before: CpuSample, after: CpuSample): CpuUse {
  const wall = after.at - before.at;
  const share = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / wall);
  const machine = share(before.machineBusyMs, after.machineBusyMs);
  const server = share(before.serverMs, after.serverMs);
  const loadGenerator = (after.selfMs - before.selfMs) / wall;
  const rest = machine === null ? null : Math.max(0, machine - (server ?? 0) - loadGenerator);
  return { machine, server, loadGenerator, rest };
}

export function formatCpu(use: CpuUse): string {
  const f = (v: number | null) => (v === null ? '?' : v.toFixed(2));
  return `cpu (cores of ${os.availableParallelism()}): machine ${f(use.machine)}, server ${f(use.server)}, load generator ${f(use.loadGenerator)}, rest (PostgreSQL) ${f(use.rest)}`;
}

/** More cores than this busy before a run: others' work is on the machine (anchor.ts then refuses ratios). */
export const BUSY_CORES = 0.2;

/**
 * Cores busy on the machine over `ms` before a benchmark starts: anything else running disturbs every
 * figure (ratios less so), so the benchmark says it and records it.
 */
export async function machineBusyBefore(ms = 1000): Promise<number | null> {
  const before = sampleCpu();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const use = cpuBetween(before, sampleCpu());
  if (use.machine === null) return null;
  if (use.machine > BUSY_CORES)
    console.warn(
      `warning: the machine was already busy (${use.machine.toFixed(2)} cores) before the benchmark: its figures are disturbed`,
    );
  return Math.round(use.machine * 100) / 100;
}
