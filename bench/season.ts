/**
 * `season`: the season's public reads after a whole season, through the product, against the reads'
 * anchor: a bare `node:http` server in the same kind of process answering the same paths with the bytes
 * and headers the product gave, from memory (bench/lib/bare-server.ts, as `reads`). The season table
 * (`GET /api/seasons/:season/players`, one `season_tables` row) and an ended match's page
 * (`GET /api/matches/:id/report`, one `match_reports` row).
 *
 * The season is seeded straight into the database before the product starts: 38 ended matches (August
 * 2026 to May 2027), 10,000 fans who each rated the 15 rateable (11 starters, 3 substitutes, the manager)
 * in every match and cast one final vote per match: 5.7 million ratings by `insert ... select from
 * generate_series`. Then the app's own `storeMatchReport` keeps each match's report and the season table,
 * as when a match ends.
 *
 *   npm run bench -- season [--matches 38] [--fans 10000] [--database pglite|postgres] [--database-url URL]
 *                           [--duration 5] [--warmup 1] [--concurrency 64] [--smoke] [--profile]
 *
 * The embedded database (PGlite) unless --database postgres, --database-url or BENCH_DATABASE_URL (a fresh
 * database `matchday_bench_<random>` on that server, or on TEST_DATABASE_URL's, or 127.0.0.1:5432/test).
 * --smoke: 3 matches x 50 fans, 16 in flight, 0.3 s warm-up + 1 s per run. `ratio_node_http` (and `ratio`,
 * its former name) is the smaller of the two calls' product / node:http rates, null with `ratio_refused`
 * when the machine was busy before the run (bench/lib/anchor.ts). Writes bench/results/season.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type DbTarget, openDatabase, rows, runMigrations } from '../src/server/db/client';
import { matches, players } from '../src/server/db/schema';
import { seedDatabase } from '../src/server/db/seed';
import { storeMatchReport } from '../src/server/features/match-reports/match-reports.service';
import { type PositionGroup, positionGroup } from '../src/shared/domain';
import type { MatchReport } from '../src/shared/match-reports';
import type { SeasonTable } from '../src/shared/seasons';
import { HttpPool } from '../tests/support/http-client';
import {
  Cleanup,
  freePort,
  productEnv,
  ROOT,
  type ServerProcess,
  startServer,
} from '../tests/support/processes';
import { round } from '../tests/support/stats';
import {
  machineBefore,
  machineFigures,
  ratioFields,
  ratioVerdict,
  reportable,
  targetMet,
} from './lib/anchor';
import { compareWithBare, printComparison, type ReadCall, readCalls } from './lib/bare-comparison';
import { adminUrl, createBenchDatabase } from './lib/bench-database';
import { parseOptions } from './lib/options';
import { printServerProfile } from './lib/profile-summary';
import { fmtRate, printMachine, runFigures, writeResults } from './lib/report';

const TARGET_RATIO = 0.8;
const CLUB = 'Manchester United';
/** The first match day; one a week from there (38 end in early May). */
const FIRST_MATCH_DAY = Date.UTC(2026, 7, 15);
const OPPONENTS = [
  'Arsenal',
  'Aston Villa',
  'Bournemouth',
  'Brentford',
  'Brighton',
  'Burnley',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Leeds United',
  'Liverpool',
  'Manchester City',
  'Newcastle United',
  'Nottingham Forest',
  'Sunderland',
  'Tottenham Hotspur',
  'West Ham United',
  'Wolverhampton Wanderers',
];

const options = parseOptions({ fans: 10_000 });
const { values: own } = parseArgs({
  args: process.argv.slice(2),
  strict: false,
  options: { matches: { type: 'string' }, fans: { type: 'string' }, database: { type: 'string' } },
});
const count = (name: 'matches' | 'fans', fallback: number): number => {
  const raw = own[name];
  if (typeof raw !== 'string') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const size = {
  matches: count('matches', options.smoke ? 3 : 38),
  fans: count('fans', options.smoke ? 50 : 10_000),
};
if (size.matches > 40) throw new Error('--matches: at most 40, one a week inside one season');
/** PGlite unless PostgreSQL is asked for: --database postgres, or a server by --database-url or BENCH_DATABASE_URL. */
function databaseKind(): 'pglite' | 'postgres' {
  if (own.database === 'pglite' || own.database === 'postgres') return own.database;
  if (own.database !== undefined) throw new Error('--database: pglite or postgres');
  return options.databaseUrl || process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
}
const database = databaseKind();

const cleanup = new Cleanup();
const started = Date.now();
let profileDir: string | null = null;

/** Fan f's user id, made from f (the series' column), so the bulk statements look up none of 10,000 ids. */
const FAN_ID = sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(f), 12, '0'))::uuid`);

interface Seeded {
  matchIds: number[];
  seasonSlug: string;
  ratings: number;
  votes: number;
  seconds: { fans: number; ratings: number; reports: number; total: number };
}

/** The season, written with the app's own database code into a database no server has open yet. */
async function seedSeason(target: DbTarget): Promise<Seeded> {
  const handle = await openDatabase(target);
  try {
    const { db } = handle;
    await runMigrations(handle, target);
    await seedDatabase(db, CLUB);
    const t0 = performance.now();

    // 11 starters (a goalkeeper first), 3 substitutes and the manager, as the admin publishes them.
    const squad = await db.select().from(players).orderBy(players.id);
    const manager = squad.find((p) => p.isManager);
    const outfield = squad.filter((p) => !p.isManager);
    const keeper = outfield.find((p) => p.position === 'Goalkeeper');
    if (!manager || !keeper) throw new Error('the seeded squad has no manager or goalkeeper');
    // A 4-3-3, as a club lines up: the fans' Team of the Week is drawn from the positions played.
    const line = (group: PositionGroup, count: number) =>
      outfield.filter((p) => positionGroup(p.position) === group).slice(0, count);
    const starters = [keeper, ...line('Defender', 4), ...line('Midfielder', 3), ...line('Forward', 3)];
    if (starters.length !== 11) throw new Error('the seeded squad cannot line up a 4-3-3');
    const substitutes = outfield.filter((p) => !starters.includes(p)).slice(0, 3);
    const rateable = [...starters, ...substitutes, manager].map((p) => p.id);
    if (rateable.length !== 15) throw new Error(`the seeded squad gives ${rateable.length} rateable, not 15`);
    const ids = (list: number[]) => sql.raw(list.join(', '));
    await db.execute(
      sql`update players set is_available_for_rating = id in (${ids(rateable)}),
            is_substitute = id in (${ids(substitutes.map((p) => p.id))})`,
    );

    await db.execute(sql`insert into users (id, email, name, email_verified, consent_given, consent_at)
      select ${FAN_ID}, 'fan' || f || '@bench.invalid', 'Fan ' || f, true, true, now()
      from generate_series(1, ${size.fans}) f`);
    const t1 = performance.now();

    // Home and away against each opponent, a week apart, ended after a 15:00 kick-off.
    const inserted = await db
      .insert(matches)
      .values(
        Array.from({ length: size.matches }, (_, i) => {
          const day = new Date(FIRST_MATCH_DAY + i * 7 * 86_400_000);
          const opponent = OPPONENTS[i % OPPONENTS.length] as string;
          const home = i < OPPONENTS.length;
          const [homeScore, awayScore] = [(i * 7) % 4, (i * 5) % 3];
          return {
            title: home ? `${CLUB} vs ${opponent}` : `${opponent} vs ${CLUB}`,
            opponent,
            venue: home ? 'Old Trafford' : 'Away',
            scheduledDate: day.toISOString().slice(0, 10),
            score: `${homeScore}-${awayScore}`,
            homeScore,
            awayScore,
            isLive: false,
            startedAt: new Date(day.getTime() + 15 * 3_600_000),
          };
        }),
      )
      .returning({ id: matches.id });
    const matchIds = inserted.map((m) => m.id);

    // Per match: every fan rates the 15 (each player a level of their own that match, fans spread around
    // it), then one final vote each, skewed so the MOTM is a clear winner.
    for (const [i, matchId] of matchIds.entries()) {
      await db.execute(sql`insert into ratings (user_id, player_id, match_id, rating)
        select ${FAN_ID}, p.id, ${matchId},
          least(10, greatest(1, 4 + (p.id * 7 + ${matchId} * 3) % 5 + (f * 7 + p.id * 3) % 5 - 2))
        from generate_series(1, ${size.fans}) f
        cross join (select id from players where id in (${ids(rateable)})) p`);
      await db.execute(sql`insert into user_votes (user_id, match_id, motm_player_id)
        select ${FAN_ID}, ${matchId},
          (array[${ids(rateable)}])[1 + (f * f + ${matchId}) % ${rateable.length}]
        from generate_series(1, ${size.fans}) f`);
      if ((i + 1) % 10 === 0) console.log(`  ${i + 1} of ${matchIds.length} matches rated`);
    }
    await db.execute(sql`analyze ratings`);
    await db.execute(sql`analyze user_votes`);
    const t2 = performance.now();

    // What the server does when a match ends: its report kept, the season table recomputed.
    for (const matchId of matchIds) await storeMatchReport(db, matchId);
    const t3 = performance.now();

    const [counted] = await rows<{ ratings: number; votes: number }>(
      db,
      sql`select (select count(*)::int from ratings) as ratings, (select count(*)::int from user_votes) as votes`,
    );
    // One season, under whatever month the club's seasons start in.
    const seasons = await rows<{ season: string }>(db, sql`select season from season_tables`);
    const [season] = seasons;
    if (!season || seasons.length !== 1) throw new Error(`${seasons.length} season tables, not 1`);
    return {
      matchIds,
      seasonSlug: season.season,
      ratings: counted?.ratings ?? 0,
      votes: counted?.votes ?? 0,
      seconds: {
        fans: round((t1 - t0) / 1000, 1),
        ratings: round((t2 - t1) / 1000, 1),
        reports: round((t3 - t2) / 1000, 1),
        total: round((t3 - t0) / 1000, 1),
      },
    };
  } finally {
    await handle.close();
  }
}

/** The product on the seeded database, as `npm start` runs it (as bench/lib/product.ts starts it). */
async function startProduct(dataDir: string, databaseUrl: string | null): Promise<ServerProcess> {
  const port = await freePort();
  profileDir = options.profile ? path.join(os.tmpdir(), 'matchday-bench-profiles') : null;
  const env = productEnv(port, dataDir, {
    CLUB_NAME: CLUB,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'bench-admin@bench.invalid',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    // The load comes from one address without an API key: the keyless limit must not be what is measured.
    PUBLIC_API_RATE: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  // Without DATABASE_URL the product opens the embedded database in DATA_DIR.
  if (!databaseUrl) delete env.DATABASE_URL;
  const server = await startServer({
    name: 'product',
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    script: path.join(ROOT, 'src/server/main.ts'),
    port,
    env,
    timeoutMs: 180_000,
  });
  cleanup.add(() => server.stop());
  return server;
}

async function main(): Promise<number> {
  printMachine();
  const machine = await machineBefore();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
  cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | null = null;
  if (database === 'postgres') {
    const benchDb = await createBenchDatabase(adminUrl(options.databaseUrl));
    cleanup.add(() => benchDb.drop());
    databaseUrl = benchDb.url;
  }
  console.log(
    `seeding on ${database}: ${size.matches} ended matches x ${size.fans.toLocaleString('en-US')} fans x 15 rated`,
  );
  const seed = await seedSeason(databaseUrl ? { url: databaseUrl } : { dataDir });
  const expectedRatings = size.matches * size.fans * 15;
  if (seed.ratings !== expectedRatings || seed.votes !== size.matches * size.fans)
    throw new Error(`seeded ${seed.ratings} ratings and ${seed.votes} votes, not ${expectedRatings}`);
  console.log(
    `seeded ${seed.ratings.toLocaleString('en-US')} ratings and ${seed.votes.toLocaleString('en-US')} votes in ${seed.seconds.total} s ` +
      `(fans ${seed.seconds.fans} s, ratings and votes ${seed.seconds.ratings} s, ${size.matches} reports and the season table ${seed.seconds.reports} s)`,
  );

  const server = await startProduct(dataDir, databaseUrl);
  const productPool = new HttpPool('127.0.0.1', server.port, options.concurrency);
  cleanup.add(() => productPool.close());

  const lastMatch = seed.matchIds.at(-1);
  if (lastMatch === undefined) throw new Error('no match');
  const calls = await readCalls(productPool, server.host, [
    ['season table', '/api/seasons/:season/players', `/api/seasons/${seed.seasonSlug}/players`],
    ['match page', '/api/matches/:id/report', `/api/matches/${lastMatch}/report`],
  ]);
  // The answers are the whole season: every match in the table, every fan in the report.
  const [tableCall, reportCall] = calls;
  if (!tableCall || !reportCall) throw new Error('no calls');
  const table = JSON.parse(tableCall.body.toString()) as SeasonTable;
  const report = JSON.parse(reportCall.body.toString()) as MatchReport;
  if (table.matches !== size.matches || table.players.length !== 15)
    throw new Error(`season table: ${table.matches} matches, ${table.players.length} players`);
  if (report.totalRatings !== size.fans * 15 || report.totalVotes !== size.fans)
    throw new Error(`match report: ${report.totalRatings} ratings, ${report.totalVotes} votes`);

  const results = await compareWithBare({ calls, productPool, product: server, options, cleanup });

  const ratios = results.map((r) => r.product.rate / r.bare.rate);
  const ratio = Math.min(...ratios);
  printComparison(results, { nameWidth: 13, machine });
  const verdict = ratioVerdict(machine, 'ratio product / node:http, the smaller of the two', ratio, {
    atLeast: TARGET_RATIO,
  });
  console.log();
  console.log(
    `seed: ${seed.seconds.total} s on ${database}; anchor (bare node:http): ${results.map((r) => `${r.call.name} ${fmtRate(r.bare.rate)}`).join(', ')}`,
  );
  console.log(verdict.line);

  const errors = results.reduce((sum, r) => sum + r.product.errors + r.bare.errors, 0);
  const figures = (call: ReadCall) => {
    const r = results.find((x) => x.call === call);
    if (!r) throw new Error('no run');
    return {
      path: call.pattern,
      bytes: call.body.length,
      ratio_node_http: reportable(machine, r.product.rate / r.bare.rate),
      ratio: reportable(machine, r.product.rate / r.bare.rate),
      node_http_rate: round(r.bare.rate, 1),
      product: runFigures(r.product),
      bare: runFigures(r.bare),
    };
  };
  const file = writeResults('season', {
    smoke: options.smoke ? 1 : 0,
    database,
    ...machineFigures(machine),
    ...ratioFields(machine, {
      ratio_node_http: ratio,
      ratio,
      season_table_ratio: ratios[0] ?? Number.NaN,
      match_page_ratio: ratios[1] ?? Number.NaN,
    }),
    anchor: 'node:http',
    errors,
    target_ratio: TARGET_RATIO,
    target_met: targetMet(verdict.met),
    seed: {
      matches: size.matches,
      fans: size.fans,
      ratings: seed.ratings,
      votes: seed.votes,
      seconds: seed.seconds.total,
      fans_s: seed.seconds.fans,
      ratings_and_votes_s: seed.seconds.ratings,
      reports_s: seed.seconds.reports,
    },
    settings: {
      concurrency: options.concurrency,
      warmup_s: options.warmup,
      duration_s: options.duration,
    },
    calls: { season_table: figures(tableCall), match_page: figures(reportCall) },
  });
  console.log(`wrote ${file}`);
  return errors > 0 ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup.run();
    // The server writes its profile as it exits, in the clean-up.
    if (profileDir) printServerProfile(profileDir, started);
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanup.run();
    process.exit(1);
  });
