/** The simulator's read-out: a table per call type, the sockets, the final check; and its JSON figures. */

import type { KindFigures } from '../../../tests/support/simulator-calls';
import { round } from '../../../tests/support/stats';
import { fmtMs, printTable } from '../report';
import { formatShare } from './cpu-share';
import { CALL_LABELS, type SimulationResult } from './simulation';

export function printResult(result: SimulationResult): void {
  console.log();
  printTable(
    ['call', 'calls', 'errors', 'retries', 'p50 ms', 'p99 ms', 'max ms'],
    CALL_LABELS.map(([kind, label]) => {
      const c = result.calls[kind];
      return [
        label,
        c.calls,
        c.errors,
        c.retries,
        fmtMs(c.latency.p50),
        fmtMs(c.latency.p99),
        fmtMs(c.latency.max),
      ];
    }),
  );
  console.log();
  const s = result.sockets;
  const messages = Object.entries(s.messages)
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  console.log(
    `sockets: peak ${s.peak} held, ${s.open_at_end} open at the end, ${s.dropped} dropped by the server, ${s.failed} given up; ` +
      `${round(s.megabytes, 1)} MB received (${messages || 'none'})`,
  );
  const c = result.check;
  console.log(
    `fans: ${result.fans_done} done, ${result.fans_stopped} stopped; ${result.requests} requests, ${result.errors} errors, ` +
      `${result.retries} retries; all fan calls p50 ${fmtMs(result.p50_ms)} ms, p99 ${fmtMs(result.p99_ms)} ms`,
  );
  console.log(
    `check: ${c.ratingsAcknowledged} ratings acknowledged, ${c.ratingsStored} stored; ${c.votesAcknowledged} votes acknowledged, ` +
      `${c.votesStored} stored; lost ${c.lost} (ratings ${c.lostRatings}, votes ${c.lostVotes}), doubled ${c.doubled} ` +
      `(ratings ${c.doubledRatings}, votes ${c.doubledVotes}); ${c.unacknowledgedStored} stored without an acknowledgement`,
  );
  console.log(
    `window ${result.window_s} s (asked ${round(result.minutes * 60, 1)} s), whole run ${result.wall_s} s; ${formatShare(result.cpu)}` +
      (result.server_rss_mb_peak === null ? '' : `; server memory peak ${result.server_rss_mb_peak} MB`),
  );
  if (result.samples.length > 0) {
    console.log('what went wrong (first few):');
    for (const sample of result.samples.slice(0, 12)) console.log(`  ${sample}`);
  }
}

const kindFigures = (c: KindFigures) => ({
  calls: c.calls,
  errors: c.errors,
  retries: c.retries,
  failures: c.failures,
  p50_ms: round(c.latency.p50),
  p90_ms: round(c.latency.p90),
  p99_ms: round(c.latency.p99),
  max_ms: round(c.latency.max),
});

/** The result as the JSON of bench/results, latencies rounded. */
export function resultFigures(result: SimulationResult) {
  const { cpu, calls, ...rest } = result;
  return {
    ...rest,
    calls: Object.fromEntries(Object.entries(calls).map(([kind, c]) => [kind, kindFigures(c)])),
    cpu_cores: Object.fromEntries(
      Object.entries(cpu).map(([part, cores]) => [part, cores === null ? null : round(cores)]),
    ),
  };
}

/** Functional failures (never timings): what makes --smoke and the benchmark exit non-zero. */
export const failed = (result: Pick<SimulationResult, 'errors' | 'lost' | 'doubled'>) =>
  result.errors > 0 || result.lost > 0 || result.doubled > 0;
