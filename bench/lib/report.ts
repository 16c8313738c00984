/** Printing a table and writing bench/results/NAME.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../tests/support/processes';
import { round } from '../../tests/support/stats';
import type { LoadResult } from './load';

export function printTable(header: string[], rows: Array<Array<string | number>>): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

export function machine() {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

export function printMachine(): void {
  const m = machine();
  console.log(
    `machine: ${m.cores} cores (${m.cpu}), ${m.memory_gb} GB, node ${m.node}. The load generator, the server ` +
      'and PostgreSQL share these cores: every figure is a ratio taken in this run, and the cpu lines say who used them.',
  );
}

/** Where results go: bench/results, or BENCH_RESULTS_DIR (npm test's smoke runs keep the real figures). */
export function resultsFile(name: string): string {
  return path.join(process.env.BENCH_RESULTS_DIR ?? path.join(ROOT, 'bench/results'), `${name}.json`);
}

export function writeResults(name: string, figures: Record<string, unknown>): string {
  const file = resultsFile(name);
  mkdirSync(path.dirname(file), { recursive: true });
  const body = { benchmark: name, date: new Date().toISOString(), machine: machine(), ...figures };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return path.relative(ROOT, file);
}

export const fmtRate = (rate: number) => `${Math.round(rate).toLocaleString('en-US')}/s`;
export const fmtMs = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(2) : '-');

/** One run's figures for the results file; `max` adds the slowest operation (max_ms). */
export function runFigures(run: LoadResult, { max = false } = {}) {
  return {
    rate: round(run.rate, 1),
    p50_ms: round(run.latency.p50),
    p99_ms: round(run.latency.p99),
    ...(max ? { max_ms: round(run.latency.max) } : {}),
    errors: run.errors,
    codes: run.codes,
    cpu_cores: {
      machine: run.cpu.machine === null ? null : round(run.cpu.machine),
      server: run.cpu.server === null ? null : round(run.cpu.server),
      load_generator: round(run.cpu.loadGenerator),
      rest: run.cpu.rest === null ? null : round(run.cpu.rest),
    },
  };
}
