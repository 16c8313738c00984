/**
 * The ratings' anchor: pgbench, PostgreSQL's own load tool, sending the product's single-rating upsert
 * (RATING_UPSERT, the very text, its four parameters bound as the product binds them, prepared) to the
 * same database at the same concurrency: the most this database gives that statement on this machine,
 * with no HTTP, no JavaScript and no pool in the way.
 *
 * pgbench cannot make a uuid from a number, so each of its fans is a script of its own (`-f`; how many:
 * PGBENCH_FANS) naming that fan's id, a `-D` variable; pgbench picks a script at random for each
 * transaction, and the script a player of the match at random. Its fans are users of their own (fanId's
 * range, apart from the product's random ids) in the product's live match (there is at most one),
 * rated once first so every measured upsert updates a row, as the product's measured ones do;
 * `cleanPgbenchFans` deletes them and their ratings.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { RATING_UPSERT } from '../../src/server/features/match-day/rating-batches';
import { summarise } from '../../tests/support/stats';

/** pgbench runs one script file per fan and takes at most 128 (MAX_SCRIPTS in pgbench.c). */
const MAX_SCRIPTS = 128;

/**
 * How many fans pgbench rates by default. A trade-off: every client prepares each fan's statement once and
 * plans its first five executions afresh (custom plans) where the product's connections reuse one, so
 * more fans cost pgbench more parsing and planning; fewer fans mean fewer rows, and two clients updating
 * the same row at once wait for each other, which the product's cycling over every pair never does. At
 * 64 fans x 14 players (896 rows) and 64 clients, about 7 % of upserts find their row taken, and in a 5 s
 * run each statement runs about 8 times per client.
 */
export const PGBENCH_FANS = 64;

/** Fan f's id: a fixed range of its own, apart from the product's fans (random v4 ids). */
const fanId = (f: number) => `b0000000-0000-4000-8000-${f.toString(16).padStart(12, '0')}`;

const PG_ROOT = '/usr/lib/postgresql';

/** The newest /usr/lib/postgresql/<major>/bin/pgbench (Debian's layout; node 20 has no glob), or an error. */
export function findPgbench(): string {
  const majors = existsSync(PG_ROOT) ? readdirSync(PG_ROOT).filter((name) => /^\d+$/.test(name)) : [];
  const found = majors
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => path.join(PG_ROOT, major, 'bin/pgbench'))
    .filter((file) => existsSync(file));
  const first = found[0];
  if (!first)
    throw new Error(
      'pgbench not found at /usr/lib/postgresql/*/bin/pgbench: the ratings anchor needs it (apt-get install postgresql-contrib or the server package of your PostgreSQL)',
    );
  return first;
}

export interface PgbenchFans {
  ids: string[];
  /** The scripts' folder, and pgbench's `-f` and `-D` arguments for them. */
  dir: string;
  args: string[];
}

/**
 * Creates `count` fans of pgbench's own (at most MAX_SCRIPTS), rates every (fan, player) pair once, and
 * writes their scripts: RATING_UPSERT with its parameters as pgbench variables.
 */
export async function seedPgbenchFans(
  sql: postgres.Sql,
  matchId: number,
  playerIds: number[],
  count = PGBENCH_FANS,
): Promise<PgbenchFans> {
  if (count > MAX_SCRIPTS) throw new Error(`pgbench takes at most ${MAX_SCRIPTS} scripts`);
  const ids = Array.from({ length: count }, (_, f) => fanId(f + 1));
  await sql`insert into users ${sql(
    ids.map((id, f) => ({
      id,
      email: `pgbench-fan${f + 1}@bench.invalid`,
      name: `pgbench fan ${f + 1}`,
      email_verified: true,
      consent_given: true,
      consent_at: new Date(),
    })),
  )}`;
  await sql`insert into ratings (user_id, player_id, match_id, rating)
    select u, p, ${matchId}, 5 from unnest(${ids}::uuid[]) u cross join unnest(${playerIds}::int[]) p`;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-pgbench-'));
  // A player at random: pgbench has no arrays, so the index picks an id through a CASE.
  const player = `case ${playerIds.map((id, i) => `when :i = ${i} then ${id}`).join(' ')} end`;
  const args = ['-D', `m=${matchId}`];
  for (const [f, id] of ids.entries()) {
    // Its own variable per fan, bound as the product binds the id: a text parameter cast by `$1::uuid`.
    const statement = RATING_UPSERT.replace('$1', `:u${f}`)
      .replace('$2', ':p')
      .replace('$3', ':m')
      .replace('$4', ':rating');
    const file = path.join(dir, `fan-${f}.sql`);
    writeFileSync(
      file,
      `\\set i random(0, ${playerIds.length - 1})\n\\set p ${player}\n\\set rating random(1, 10)\n${statement.replace(/\s*\n\s*/g, ' ')}\n`,
    );
    args.push('-D', `u${f}=${id}`, '-f', `${file}@1`);
  }
  return { ids, dir, args };
}

/** Deletes pgbench's fans and their ratings, and its scripts. */
export async function cleanPgbenchFans(sql: postgres.Sql, fans: PgbenchFans): Promise<void> {
  await sql`delete from ratings where user_id = any(${fans.ids}::uuid[])`;
  await sql`delete from users where id = any(${fans.ids}::uuid[])`;
  rmSync(fans.dir, { recursive: true, force: true });
}

export interface PgbenchRun {
  /** Transactions a second, connection time left out (pgbench's `tps`). */
  tps: number;
  transactions: number;
  failed: number;
  /** Per transaction, from its per-transaction log; under -R from when it was due, as pgbench times it. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  latencyAverageMs: number;
  /** The exact command, for the reader to run again. */
  command: string;
}

/**
 * One pgbench run on `url`: `clients` connections over `threads` threads for `seconds` (whole seconds,
 * pgbench's -T), unthrottled or at `rate` a second (-R). Rejects with pgbench's own words when it fails.
 */
export async function runPgbench(options: {
  binary: string;
  url: string;
  fans: PgbenchFans;
  clients: number;
  threads: number;
  seconds: number;
  rate?: number;
}): Promise<PgbenchRun> {
  const url = new URL(options.url);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-pgbench-log-'));
  const args = [
    '-n', // no vacuum of pgbench's own tables: there are none
    '-M',
    'prepared',
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    '-c',
    String(options.clients),
    '-j',
    String(options.threads),
    '-T',
    String(Math.max(1, Math.ceil(options.seconds))),
    ...(options.rate ? ['-R', String(options.rate)] : []),
    '-l',
    `--log-prefix=${path.join(logDir, 'tx')}`,
    ...options.fans.args,
    decodeURIComponent(url.pathname.slice(1)),
  ];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  try {
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(options.binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    const figure = (pattern: RegExp) => {
      const match = pattern.exec(stdout);
      if (!match) throw new Error(`pgbench said no ${pattern} (exit ${code}):\n${stdout}\n${stderr}`);
      return Number(match[1]);
    };
    if (code !== 0) throw new Error(`pgbench failed (exit ${code}):\n${stderr.slice(-2000)}`);
    const transactions = figure(/number of transactions actually processed: (\d+)/);
    // None when connecting took the whole of -T (a busy machine, a short warm-up): pgbench then prints
    // no rate, and 0 is its rate.
    const measured = transactions > 0;
    // Log lines: client, transaction, latency µs, script, epoch s, µs[, schedule lag µs].
    const latencies: number[] = [];
    for (const name of readdirSync(logDir))
      for (const line of readFileSync(path.join(logDir, name), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    const latency = summarise(latencies);
    const shown = args.map((a) => (a.includes(' ') ? `'${a}'` : a));
    return {
      tps: measured ? figure(/tps = ([\d.]+) \(without initial connection time\)/) : 0,
      transactions,
      failed: /number of failed transactions: (\d+)/.test(stdout)
        ? figure(/number of failed transactions: (\d+)/)
        : 0,
      latencyAverageMs: measured ? figure(/latency average = ([\d.]+) ms/) : Number.NaN,
      p50Ms: latency.p50,
      p99Ms: latency.p99,
      maxMs: latency.max,
      command: `${options.binary} ${[...shown.slice(0, shown.indexOf('-D')), `<${options.fans.ids.length} fan scripts>`, shown.at(-1)].join(' ')}`,
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
