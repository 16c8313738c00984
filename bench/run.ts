/**
 * Runs the benchmarks: `npm run bench` runs every one, `npm run bench -- page` one (or several) by name,
 * and everything after the names goes to each benchmark run (`npm run bench -- page --no-build`).
 *
 * To add a benchmark: write `bench/<name>.ts` as a script that prints a short table and writes
 * `bench/results/<name>.json`, then add `<name>: '<name>.ts'` to BENCHMARKS in bench/benchmarks.ts. Each runs in a process
 * of its own (node with tsx), one after the other, so none disturbs another's figures.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCHMARKS } from './benchmarks';

// Names come first; from the first flag on, everything (values included: `--clients 20000`) is passed on.
const args = process.argv.slice(2);
const firstFlag = args.findIndex((arg) => arg.startsWith('-'));
const names = firstFlag < 0 ? args : args.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
const unknown = names.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(BENCHMARKS).join(', ')})`);
  process.exit(2);
}

const failed: string[] = [];
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  const script = fileURLToPath(new URL(BENCHMARKS[name] ?? '', import.meta.url));
  console.log(`\n=== bench ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...flags], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks failed: ${failed.join(', ')}`);
  process.exit(1);
}
