import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BENCHMARKS } from '../../bench/benchmarks';
import { ensureChromium } from './ensure-chromium';

/**
 * `npm test`: every runner in turn (unit and API tests on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set; the benchmarks at smoke size then too; then the browser tests), closing
 * with one line that adds them all up.
 */
const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Tally = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

const began = Date.now();
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
/** Minutes since `npm test` began, so a slow phase shows in CI's log. */
const clock = () => minutes(Date.now() - began);
/** Each phase's wall time, printed at the end (CI's budget is kept phase by phase). */
const phases: [string, number][] = [];
function timed<T>(phase: string, work: () => T): T {
  const start = Date.now();
  try {
    return work();
  } finally {
    phases.push([phase, Date.now() - start]);
  }
}

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n=== ${label} (at ${clock()}) ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'PostgreSQL suite skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).',
  );
}

const vitestFile = path.join(out, 'vitest.json');
const vitestStatus = timed('unit and API tests', () =>
  run('unit and API tests (vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestFile}`,
  ]),
);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (vitestStatus !== 0) {
  exitCode = 1;
  if (!vitest || vitest.numFailedTests === 0) totals.failed += 1; // the runner itself failed
}

timed('Chromium check', ensureChromium);
if (
  timed('build', () =>
    run('build the page and the server (npm run build)', process.execPath, ['scripts/build.mjs']),
  ) !== 0
) {
  exitCode = 1;
  totals.failed += 1;
}
// Each benchmark at its smoke size (they need PostgreSQL), so none of them rots: one test each, failed
// when it breaks, never because of a timing. The page and the server were just built.
if (process.env.TEST_DATABASE_URL) {
  const smokesBegan = Date.now();
  const smokeEnv = { ...process.env, BENCH_RESULTS_DIR: path.join(out, 'bench-smoke') };
  for (const name of Object.keys(BENCHMARKS)) {
    console.log(`\n=== benchmark smoke: ${name} (at ${clock()}) ===`);
    const flags = name === 'page' || name === 'restart' ? ['--smoke', '--no-build'] : ['--smoke'];
    // The match day's PGlite path is the unit phase's (features/match-day runs there too): one database here.
    if (name === 'matchday') flags.push('--database', 'postgres');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', name, ...flags], {
      cwd: root,
      stdio: 'inherit',
      env: smokeEnv,
    });
    if (result.status === 0) totals.passed += 1;
    else {
      totals.failed += 1;
      exitCode = 1;
    }
  }
  phases.push(['benchmark smokes', Date.now() - smokesBegan]);
}

const playwrightFile = path.join(out, 'playwright.json');
/** One Playwright run, its figures added to the totals (each run rewrites the same JSON report). */
function browserTests(phase: string, label: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  rmSync(playwrightFile, { force: true });
  const status = timed(phase, () => run(label, 'npx', ['playwright', 'test', ...args], env));
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  }>(playwrightFile);
  if (report) {
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    totals.skipped += report.stats.skipped;
  }
  if (status !== 0) {
    exitCode = 1;
    if (!report || report.stats.unexpected === 0) totals.failed += 1;
  }
}
browserTests('browser tests', 'browser tests (Playwright, Chromium)', ['--grep-invert', '@alone']);
// What a tap feels like is timed on a machine doing nothing else: these run after the rest, one at a time.
browserTests(
  'timed browser tests',
  'timed browser tests, alone on the machine',
  // Its own output folder: a run empties its folder first, and the first run's failures must stay to be read.
  ['--grep', '@alone', '--workers', '1', '--output', '.tmp/playwright-output-alone'],
  { E2E_WORKERS: '1' },
);

console.log(`\nall runners done in ${clock()}`);
for (const [phase, ms] of phases) console.log(`  ${phase.padEnd(20)} ${minutes(ms)}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(exitCode);
