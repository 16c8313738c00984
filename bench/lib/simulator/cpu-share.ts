/**
 * Who used the cores during a run (Linux /proc): the machine, the product's server process, this
 * simulator, and the PostgreSQL backends serving the run's own database (their process title names
 * it). What is left is everything else on the machine: other work disturbing the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpuBetween, processMs, sampleCpu } from '../cpu';

export interface CpuShare {
  machine: number | null;
  server: number | null;
  simulator: number;
  postgres: number | null;
  /** machine - server - simulator - postgres: other processes on the machine. */
  other: number | null;
}

interface Sample {
  base: ReturnType<typeof sampleCpu>;
  postgresMs: number | null;
}

/** CPU ms now of each running backend of `database` (their process title names it), by pid. */
function postgresBackends(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
    const ms = processMs(Number(entry));
    if (ms !== null) found.set(Number(entry), ms);
  }
  return found;
}

export class CpuMeter {
  /** Per backend ever seen: its CPU ms when first and last seen. One that exits keeps its last figure. */
  private readonly backends = new Map<number, { first: number; last: number }>();

  constructor(
    private readonly serverPid: number | undefined,
    private readonly database: string | null,
  ) {}

  sample(): Sample {
    return { base: sampleCpu(this.serverPid), postgresMs: this.postgresMs() };
  }

  /** CPU ms the run's backends used since they were first seen (the pool's connections come and go). */
  private postgresMs(): number | null {
    if (!this.database) return null;
    for (const [pid, ms] of postgresBackends(this.database)) {
      const known = this.backends.get(pid);
      if (known && ms >= known.last) known.last = ms;
      else this.backends.set(pid, { first: ms, last: ms });
    }
    let total = 0;
    for (const { first, last } of this.backends.values()) total += last - first;
    return total;
  }

  between(before: Sample, after: Sample): CpuShare {
    const use = cpuBetween(before.base, after.base);
    const wall = after.base.at - before.base.at;
    const postgres =
      before.postgresMs === null || after.postgresMs === null
        ? null
        : Math.max(0, after.postgresMs - before.postgresMs) / wall;
    const other =
      use.machine === null
        ? null
        : Math.max(0, use.machine - (use.server ?? 0) - use.loadGenerator - (postgres ?? 0));
    return { machine: use.machine, server: use.server, simulator: use.loadGenerator, postgres, other };
  }
}

export function formatShare(share: CpuShare): string {
  const f = (v: number | null) => (v === null ? '?' : v.toFixed(2));
  return `cpu (cores): machine ${f(share.machine)}, server ${f(share.server)}, postgres ${f(share.postgres)}, simulator ${f(share.simulator)}, other ${f(share.other)}`;
}
