/** The simulator's options, shared by `npm run simulate` and the matchday benchmark. */
import { parseArgs } from 'node:util';
import type { DatabaseKind } from './target';

export interface SimulatorOptions {
  fans: number;
  minutes: number;
  url?: string;
  database: DatabaseKind;
  /** PostgreSQL server on which a fresh database is made (--database-url, BENCH_DATABASE_URL, ...). */
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  smoke: boolean;
  seed: number;
  /** Keep-alive HTTP connections shared by all fans. */
  connections: number;
  /** Per attempt; a call is tried up to `attempts` times on timeouts and network failures. */
  timeoutMs: number;
  attempts: number;
  /** Seconds between progress lines. */
  progressEvery: number;
  /** Where to write the result as JSON (simulate only). */
  json?: string;
}

/** The targets: 10,000 fans on PostgreSQL, 2,000 on the embedded database, over 10 minutes. */
export const DEFAULT_FANS: Record<DatabaseKind, number> = { postgres: 10_000, pglite: 2_000 };
export const DEFAULT_MINUTES = 10;
export const SMOKE = { fans: 50, minutes: 0.15 };

export function parseSimulatorArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      fans: { type: 'string' },
      minutes: { type: 'string' },
      url: { type: 'string' },
      database: { type: 'string' },
      'database-url': { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      smoke: { type: 'boolean' },
      seed: { type: 'string' },
      connections: { type: 'string' },
      timeout: { type: 'string' },
      progress: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const number = (name: string): number | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  const database = text('database');
  if (database !== undefined && database !== 'pglite' && database !== 'postgres')
    throw new Error('--database must be pglite or postgres');
  return {
    fans: number('fans'),
    minutes: number('minutes'),
    url: text('url'),
    database: database as DatabaseKind | undefined,
    databaseUrl: text('database-url'),
    adminEmail: text('admin-email') ?? process.env.SIMULATE_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL,
    adminPassword:
      text('admin-password') ?? process.env.SIMULATE_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD,
    smoke: values.smoke === true,
    seed: number('seed'),
    connections: number('connections'),
    timeoutSeconds: number('timeout'),
    progressEvery: number('progress'),
    json: text('json'),
  };
}

export type SimulatorArgs = ReturnType<typeof parseSimulatorArgs>;

/** The options of one run on `database`, defaults filled in (smoke: 50 fans over 9 s). */
export function resolveOptions(args: SimulatorArgs, database: DatabaseKind): SimulatorOptions {
  const minutes = args.minutes ?? (args.smoke ? SMOKE.minutes : DEFAULT_MINUTES);
  return {
    fans: Math.round(args.fans ?? (args.smoke ? SMOKE.fans : DEFAULT_FANS[database])),
    minutes,
    ...(args.url ? { url: args.url } : {}),
    database,
    ...(args.databaseUrl ? { databaseUrl: args.databaseUrl } : {}),
    ...(args.adminEmail ? { adminEmail: args.adminEmail } : {}),
    ...(args.adminPassword ? { adminPassword: args.adminPassword } : {}),
    smoke: args.smoke,
    seed: Math.round(args.seed ?? 20_251_122),
    connections: Math.round(args.connections ?? 256),
    timeoutMs: (args.timeoutSeconds ?? 30) * 1000,
    attempts: 4,
    progressEvery: args.progressEvery ?? (minutes * 60 <= 120 ? 5 : 30),
    ...(args.json ? { json: args.json } : {}),
  };
}
