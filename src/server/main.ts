import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { type DbTarget, openDatabase, runMigrations } from './db/client';
import { seedDatabase } from './db/seed';
import { ConfigError, loadEnv } from './env';
import { ensureAdmin } from './features/admin-users/seed-admin';
import { LOG_OPTIONS } from './lib/log-redaction';
import { type OpsServer, startOpsServer } from './lib/ops-server';
import { Readiness } from './lib/readiness';

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Secrets, personal data and the query of every logged URL are redacted (lib/log-redaction.ts).
  const log = pino({ level: env.LOG_LEVEL, ...LOG_OPTIONS });
  // The operations listener comes first: while the database opens and migrates, an orchestrator sees
  // this instance alive (/live) and not ready (/ready: starting, then migrating).
  const readiness = new Readiness();
  let ops: OpsServer | null = null;
  if (env.METRICS_PORT) {
    ops = await startOpsServer({ port: env.METRICS_PORT, host: env.METRICS_HOST, readiness, log });
    log.info({ host: env.METRICS_HOST, port: ops.port }, 'operations listener: /metrics, /ready, /live');
  }
  const target: DbTarget = env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.dataDir };
  log.info(
    { database: env.DATABASE_URL ? 'postgresql' : `embedded (${env.dataDir}/pglite)` },
    'opening database',
  );
  // The embedded database is this process's alone: db:backup and db:restore refuse while this file
  // names a live process (scripts/lib/pglite-backup.ts).
  const pidFile = env.DATABASE_URL ? null : path.join(env.dataDir, 'server.pid');
  if (pidFile) {
    mkdirSync(env.dataDir, { recursive: true });
    writeFileSync(pidFile, `${process.pid}\n`);
  }
  const database = await openDatabase(target);
  readiness.set('migrating');
  await runMigrations(database, target);
  readiness.set('starting');
  // A club the football-data feed follows takes its squad from the provider, not from a seeded list.
  const feedSquad = Boolean(env.FOOTBALL_API_URL && env.FOOTBALL_API_KEY && env.FOOTBALL_TEAM_ID);
  const seeded = await seedDatabase(database.db, env.CLUB_NAME, { squad: !feedSquad });
  if (seeded.players > 0) log.info({ club: env.CLUB_NAME, players: seeded.players }, 'seeded the squad');
  if (!seeded.squadKnown && !feedSquad)
    log.warn({ club: env.CLUB_NAME }, 'no squad is known for this club: add players in the admin panel');
  await ensureAdmin(database.db, log, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  const clock = env.SIMULATION ? env.SIMULATION_FEED_CLOCK : undefined;
  const app = await buildApp({
    env,
    database,
    ...(clock
      ? {
          feed: {
            now: () => clock.start + (Date.now() - clock.origin) * clock.speed,
            checkMs: Math.max(200, Math.round(60_000 / clock.speed)),
          },
        }
      : {}),
    logger: log,
    client: env.NODE_ENV === 'development' ? 'vite' : 'static',
    readiness,
  });
  ops?.attach(app.metrics);

  // Expired sessions and the rest of what is kept too long go in the hourly purge (features/account/purge.ts).

  // Graceful stop: new requests get 503 (the proxy sends them to another instance),
  // requests in flight finish, live sockets are closed with LIVE_CLOSE_RECONNECT so the page reconnects
  // at once (through the proxy, to another instance), then the database pool is closed. 0 when all that
  // went well; 1 if it failed or took more than 15 s.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness probes say draining at once, so the balancer stops sending before the close refuses.
    readiness.drain();
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 15 s: exiting anyway');
      process.exit(1);
    }, 15_000);
    force.unref();
    let code = 0;
    // The proxy's keep-alive connections that finish a request after the close began are not idle when
    // the server closes its idle ones, and would hold the close open until their keep-alive timeout.
    const reap = setInterval(() => app.server.closeIdleConnections(), 200);
    reap.unref();
    try {
      await app.close();
      clearInterval(reap);
      await database.close();
      await ops?.close();
      if (pidFile) rmSync(pidFile, { force: true });
      log.info('shut down');
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  readiness.set('ready');
  log.info(`Matchday is serving ${env.CLUB_NAME} on ${env.PUBLIC_URL}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
