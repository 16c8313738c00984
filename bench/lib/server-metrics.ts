/**
 * The product's own view of a run, from its `/metrics` (the bearer token the bench starts it with): where a
 * latency tail was spent. A run is bracketed by two scrapes; counters and histograms are diffed, and the
 * event-loop maximum is the run's own, as prom-client resets it at every scrape.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { HttpPool, httpRequest } from '../../tests/support/http-client';
import type { ServerProcess } from '../../tests/support/processes';

/** One sample: `name{labels} value`, the labels as written. */
interface Sample {
  name: string;
  labels: string;
  value: number;
}

export type Scrape = Sample[];

export async function scrapeMetrics(
  server: Pick<ServerProcess, 'port' | 'host'>,
  token: string | null,
): Promise<Scrape> {
  if (token === null) throw new Error('this product was started without a metrics token');
  const pool = new HttpPool('127.0.0.1', server.port, 1);
  try {
    const res = await pool.request(
      httpRequest('GET', '/metrics', server.host, { authorization: `Bearer ${token}` }),
    );
    if (res.status !== 200) throw new Error(`/metrics: ${res.status}`);
    return parseMetrics(res.body.toString('utf8'));
  } finally {
    pool.close();
  }
}

export function parseMetrics(text: string): Scrape {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const value = Number(match[3]);
    if (Number.isFinite(value)) samples.push({ name: match[1] ?? '', labels: match[2] ?? '', value });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels hold every `parts` (e.g. `kind="statement"`). */
function total(scrape: Scrape, name: string, parts: string[]): number {
  return scrape
    .filter((s) => s.name === name && parts.every((part) => s.labels.includes(part)))
    .reduce((sum, s) => sum + s.value, 0);
}

/** A histogram between two scrapes: how many were observed, and how many above `overSeconds` (a bucket bound). */
export function histogramTail(
  before: Scrape,
  after: Scrape,
  name: string,
  parts: string[],
  overSeconds: number,
): { count: number; over: number; sumSeconds: number } {
  const diff = (suffix: string, extra: string[] = []) =>
    total(after, `${name}${suffix}`, [...parts, ...extra]) -
    total(before, `${name}${suffix}`, [...parts, ...extra]);
  const count = diff('_count');
  return {
    count,
    over: count - diff('_bucket', [`le="${overSeconds}"`]),
    sumSeconds: diff('_sum'),
  };
}

/** A gauge's value in a scrape (the first sample of that name with those labels). */
export function gauge(scrape: Scrape, name: string, parts: string[] = []): number {
  return scrape.find((s) => s.name === name && parts.every((part) => s.labels.includes(part)))?.value ?? 0;
}

/** The bench process's own event-loop delay while `run` runs: a stalled load generator inflates latencies too. */
export async function withOwnLoopDelay<T>(
  run: () => Promise<T>,
): Promise<{ result: T; p99Ms: number; maxMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    const result = await run();
    return { result, p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}
