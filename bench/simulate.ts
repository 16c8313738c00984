/**
 * The match-day simulator: N synthetic fans give consent, hold the live socket, rate every available
 * player with realistic pauses, pick a Man of the Match and submit, while the admin moves the score;
 * then what the database holds is checked against what the product acknowledged.
 *
 *   npm run simulate -- [--fans N] [--minutes M] [--database pglite|postgres] [--database-url URL]
 *                       [--url URL --admin-email E --admin-password P] [--smoke] [--seed S]
 *                       [--connections 256] [--timeout 30] [--progress SECONDS] [--json FILE]
 *
 * Without --url it starts the product itself with SIMULATION=1 (embedded database by default: 2,000
 * fans; on PostgreSQL 10,000), over 10 minutes. With --url the product must run with SIMULATION=1 on a
 * loopback address, and the admin's credentials are needed (also ADMIN_EMAIL / ADMIN_PASSWORD).
 * --smoke: 50 fans over 9 s. Exits 1 on any error, lost or doubled rating or vote; never on timings.
 *
 *   npm run simulate -- --feed [--speed 60] [--fans 20]
 *
 * replays a match day run by the football-data feed alone, from the local fake provider (simulate-feed.ts).
 */
import { writeFileSync } from 'node:fs';
import { Cleanup } from '../tests/support/processes';
import { parseSimulatorArgs, resolveOptions } from './lib/simulator/options';
import { failed, printResult, resultFigures } from './lib/simulator/report';
import { runSimulation } from './lib/simulator/simulation';
import { simulateFeed } from './simulate-feed';

const cleanup = new Cleanup();

async function main(): Promise<number> {
  if (process.argv.includes('--feed')) return simulateFeed(process.argv.slice(2), cleanup);
  const args = parseSimulatorArgs(process.argv.slice(2));
  const options = resolveOptions(args, args.database ?? 'pglite');
  const result = await runSimulation(options, cleanup);
  printResult(result);
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify(resultFigures(result), null, 2)}\n`);
    console.log(`wrote ${options.json}`);
  }
  const bad = failed(result);
  console.log(
    bad ? 'FAILED: errors, lost or doubled ratings or votes' : 'ok: no errors, nothing lost or doubled',
  );
  return bad ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup.run();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanup.run();
    process.exit(1);
  });
