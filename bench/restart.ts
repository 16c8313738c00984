/**
 * `restart`: how long the built product takes from `node dist/server/main.js` to a healthy answer, on
 * its first start (a new embedded database: initdb, migrations, seed) and on each restart after a
 * SIGTERM (the same data directory), which is what a crash or a deploy during a match costs.
 *
 *   npm run bench -- restart [--restarts 5] [--no-build] [--smoke]
 *
 * Builds first unless `--no-build` (or the build is current). Prints a table and writes
 * bench/results/restart.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT, startServer } from '../tests/support/processes';
import { round } from '../tests/support/stats';
import { printMachine, printTable, writeResults } from './lib/report';

/** What the issue asks of a restart of a built instance on this machine. */
const TARGET_RESTART_MS = 3_000;

const { values } = parseArgs({
  args: process.argv.slice(2),
  strict: false,
  options: { restarts: { type: 'string' }, 'no-build': { type: 'boolean' }, smoke: { type: 'boolean' } },
});
const restarts = values.smoke ? 1 : Math.max(1, Number(values.restarts ?? 5));

if (values['no-build'] !== true) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-restart-'));
const port = await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
};

async function timedStart(name: string): Promise<number> {
  const started = performance.now();
  const server = await startServer({ name, script: 'dist/server/main.js', env, port, timeoutMs: 120_000 });
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

try {
  printMachine();
  const first = await timedStart('first start');
  const times: number[] = [];
  for (let i = 0; i < restarts; i++) times.push(await timedStart(`restart ${i + 1}`));
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const max = sorted.at(-1) ?? Number.NaN;
  printTable(
    ['start of node dist/server/main.js → GET /api/health 200', 'ms'],
    [
      ['first start (initdb, migrate, seed)', Math.round(first)],
      [`restart, median of ${times.length}`, Math.round(median)],
      ['restart, slowest', Math.round(max)],
    ],
  );
  console.log(
    `restart target: under ${TARGET_RESTART_MS} ms — ${max < TARGET_RESTART_MS ? 'met' : 'NOT met'} (slowest)`,
  );
  const file = writeResults('restart', {
    smoke: values.smoke ? 1 : 0,
    first_start_ms: round(first, 0),
    restart_ms: times.map((t) => round(t, 0)),
    restart_median_ms: round(median, 0),
    restart_max_ms: round(max, 0),
    target_ms: TARGET_RESTART_MS,
  });
  console.log(`wrote ${file}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
