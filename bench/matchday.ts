/**
 * `matchday`: the match-day simulator (bench/simulate.ts) at its default size on each database, one
 * after the other, each on a product of its own: 2,000 fans on the embedded database (PGlite), then
 * 10,000 on PostgreSQL, over 10 minutes each.
 *
 *   npm run bench -- matchday [--fans N] [--minutes M] [--database pglite|postgres] [--smoke]
 *                             [--database-url URL] [--connections 256] [--seed S]
 *
 * --fans and --minutes apply to both runs; --database runs only that one. --smoke: 50 fans over 9 s on
 * each. Writes bench/results/matchday.json: top level the worst of the runs (errors, lost, doubled
 * summed, p99_ms the highest; fans the largest run's), and a section per database. Exits 1 on errors,
 * lost or doubled ratings or votes; never on timings.
 */

import { Cleanup } from '../tests/support/processes';
import { machineBefore, machineFigures } from './lib/anchor';
import { fmtMs, printMachine, printTable, writeResults } from './lib/report';
import { DEFAULT_FANS, parseSimulatorArgs, resolveOptions } from './lib/simulator/options';
import { failed, printResult, resultFigures } from './lib/simulator/report';
import { runSimulation, type SimulationResult } from './lib/simulator/simulation';
import type { DatabaseKind } from './lib/simulator/target';

async function main(): Promise<number> {
  const args = parseSimulatorArgs(process.argv.slice(2));
  if (args.url) throw new Error('matchday starts its own products: --url is for npm run simulate');
  printMachine();
  // No anchor here, so no ratio to refuse: the machine's state before is recorded all the same.
  const machine = await machineBefore({ ratios: false });
  const databases: DatabaseKind[] = args.database ? [args.database] : ['pglite', 'postgres'];

  const results = new Map<DatabaseKind, SimulationResult>();
  for (const database of databases) {
    const options = resolveOptions(args, database);
    console.log(
      `\n--- ${database}: ${options.fans.toLocaleString('en-US')} fans over ${options.minutes} min ---`,
    );
    // A product of its own per database, stopped (and its database dropped) before the next starts.
    const cleanup = new Cleanup();
    try {
      const result = await runSimulation(options, cleanup);
      printResult(result);
      results.set(database, result);
    } finally {
      await cleanup.run();
    }
  }

  const runs = [...results.entries()];
  console.log();
  printTable(
    [
      'database',
      'fans',
      'requests',
      'errors',
      'lost',
      'doubled',
      'p50 ms',
      'p99 ms',
      'rate p99',
      'sockets',
      'window s',
    ],
    runs.map(([database, r]) => [
      database,
      r.fans,
      r.requests,
      r.errors,
      r.lost,
      r.doubled,
      fmtMs(r.p50_ms),
      fmtMs(r.p99_ms),
      fmtMs(r.calls.rate.latency.p99),
      r.sockets.peak,
      r.window_s,
    ]),
  );

  const targets = Object.fromEntries(databases.map((d) => [d, { fans: DEFAULT_FANS[d], minutes: 10 }]));
  const met = (database: DatabaseKind, r: SimulationResult) =>
    r.fans >= DEFAULT_FANS[database] && r.minutes <= 10 && !failed(r) ? 1 : 0;
  const all = runs.map(([, r]) => r);
  const figures = {
    smoke: args.smoke ? 1 : 0,
    ...machineFigures(machine),
    fans: Math.max(...all.map((r) => r.fans)),
    errors: all.reduce((n, r) => n + r.errors, 0),
    lost: all.reduce((n, r) => n + r.lost, 0),
    doubled: all.reduce((n, r) => n + r.doubled, 0),
    p99_ms: Math.max(...all.map((r) => r.p99_ms)),
    target_met: runs.every(([database, r]) => met(database, r) === 1) ? 1 : 0,
    targets,
    databases: Object.fromEntries(
      runs.map(([database, r]) => [database, { target_met: met(database, r), ...resultFigures(r) }]),
    ),
  };
  console.log(`\nwrote ${writeResults('matchday', figures)}`);
  const bad = all.some(failed);
  console.log(
    bad ? 'FAILED: errors, lost or doubled ratings or votes' : 'ok: no errors, nothing lost or doubled',
  );
  return bad ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
