/**
 * The one rule for a ratio against an anchor (a bare node:http server, bare `ws`, pgbench): the product
 * and its anchor share this machine's cores, so their ratio means something only when nothing else was
 * using them. Each benchmark samples the machine before it starts (machineBefore) and records its idle
 * cores; when it was busy, every ratio it would report is written as null beside `ratio_refused` saying
 * why, and a line says so, rather than a number that measures the other work. The anchors' own figures
 * (rates, sockets, transactions) are written either way.
 */
import os from 'node:os';
import { round } from '../../tests/support/stats';
import { BUSY_CORES, machineBusyBefore } from './cpu';

export interface MachineBefore {
  /** Cores busy over the second before the run; null where /proc/stat cannot be read. */
  busyCores: number | null;
  /** The machine's cores less the busy ones. */
  idleCores: number | null;
  /** Why no ratio may be reported from this run; null: the machine was idle enough. */
  refused: string | null;
}

/**
 * Samples the machine for a second before a benchmark and says, once, when its ratios will be refused
 * (`ratios: false`, a benchmark with no anchor, records the sample and says nothing more).
 */
export async function machineBefore({ ratios = true } = {}): Promise<MachineBefore> {
  const busyCores = await machineBusyBefore();
  const cores = os.availableParallelism();
  const refused =
    busyCores === null
      ? 'the machine’s load before the run could not be read (/proc/stat)'
      : busyCores > BUSY_CORES
        ? `the machine was busy before the run: ${busyCores.toFixed(2)} of ${cores} cores in use (more than ${BUSY_CORES})`
        : null;
  if (refused && ratios) console.warn(`ratios will be refused: ${refused}`);
  return { busyCores, idleCores: busyCores === null ? null : round(cores - busyCores), refused };
}

/** What every result file records of the machine before its run. */
export function machineFigures(machine: MachineBefore) {
  return {
    machine_busy_before_cores: machine.busyCores,
    machine_idle_before_cores: machine.idleCores,
  };
}

/** A ratio as reported: rounded, or null when the machine was busy or the anchor measured nothing. */
export function reportable(machine: MachineBefore, ratio: number, digits = 3): number | null {
  return machine.refused === null && Number.isFinite(ratio) ? round(ratio, digits) : null;
}

/** Why `ratio` is not reported, or null when it is. */
function refusal(machine: MachineBefore, ratio: number): string | null {
  if (machine.refused !== null) return machine.refused;
  return Number.isFinite(ratio) ? null : 'no ratio to take: a side measured nothing, or did not run';
}

/**
 * The result file's ratio fields, `{ ratio_x: number | null, ..., ratio_refused: string | null }`:
 * `ratio_refused` holds every refusal's reason, once.
 */
export function ratioFields<K extends string>(
  machine: MachineBefore,
  ratios: Record<K, number>,
): Record<K, number | null> & { ratio_refused: string | null } {
  const entries = Object.entries(ratios) as Array<[K, number]>;
  const reasons = [
    ...new Set(entries.map(([, r]) => refusal(machine, r)).filter((r): r is string => r !== null)),
  ];
  return {
    ...(Object.fromEntries(entries.map(([name, r]) => [name, reportable(machine, r)])) as Record<
      K,
      number | null
    >),
    ratio_refused: reasons.length > 0 ? reasons.join('; ') : null,
  };
}

/**
 * The printed verdict of a ratio: its value against the target (`atLeast`, or `atMost` for ratios of
 * latencies), or that it was refused and why. Met is null when refused: no target is judged on it.
 */
export function ratioVerdict(
  machine: MachineBefore,
  label: string,
  ratio: number,
  target: { atLeast: number } | { atMost: number },
): { line: string; met: boolean | null } {
  const why = refusal(machine, ratio);
  if (why !== null) return { line: `${label}: REFUSED, not reported (${why})`, met: null };
  const met = 'atLeast' in target ? ratio >= target.atLeast : ratio <= target.atMost;
  const bound = 'atLeast' in target ? `>= ${target.atLeast}` : `<= ${target.atMost}`;
  return { line: `${label}: ${ratio.toFixed(2)} (target ${bound}: ${met ? 'met' : 'NOT met'})`, met };
}

/** A table cell for a ratio: its value, or '-' when refused. */
export function ratioCell(machine: MachineBefore, ratio: number): string {
  return refusal(machine, ratio) === null ? ratio.toFixed(2) : '-';
}

/** target_met as the result files write it: 1 or 0, or null when a ratio it rests on was refused. */
export function targetMet(...verdicts: Array<boolean | null>): 0 | 1 | null {
  if (verdicts.some((v) => v === null)) return null;
  return verdicts.every(Boolean) ? 1 : 0;
}
