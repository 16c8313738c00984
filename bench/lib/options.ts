/** Options every server benchmark takes; unknown flags are ignored (run.ts passes the same to all). */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Measured seconds of each rate run. */
  duration: number;
  /** Unmeasured seconds before each run. */
  warmup: number;
  /** Offered rate of the latency run, per second. */
  rate: number;
  /** Seconds of the latency run. */
  latencyDuration: number;
  /** Requests in flight during rate runs. */
  concurrency: number;
  fans: number;
  smoke: boolean;
  /** Start the product with --cpu-prof and print its hottest functions at the end. */
  profile: boolean;
  databaseUrl?: string;
}

export function parseOptions(defaults: { fans: number }): BenchOptions {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: false,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rate: { type: 'string' },
      'latency-duration': { type: 'string' },
      concurrency: { type: 'string' },
      fans: { type: 'string' },
      smoke: { type: 'boolean' },
      profile: { type: 'boolean' },
      'database-url': { type: 'string' },
    },
  });
  const smoke = values.smoke === true;
  const number = positiveNumbers(values);
  const databaseUrl = values['database-url'];
  return {
    smoke,
    profile: values.profile === true,
    duration: number('duration', smoke ? 1 : 5),
    warmup: number('warmup', smoke ? 0.3 : 1),
    rate: number('rate', 1000),
    latencyDuration: number('latency-duration', smoke ? 1 : 10),
    concurrency: Math.round(number('concurrency', smoke ? 16 : 64)),
    fans: Math.round(number('fans', smoke ? 20 : defaults.fans)),
    ...(typeof databaseUrl === 'string' ? { databaseUrl } : {}),
  };
}

/** Reads `--name N` from parsed flags: a positive number, or the fallback when the flag is absent. */
export function positiveNumbers(values: Record<string, unknown>): (name: string, fallback: number) => number {
  return (name, fallback) => {
    const raw = values[name];
    if (typeof raw !== 'string') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
}
