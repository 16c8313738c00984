import pino from 'pino';
import { buildApp } from './app';
import { type DbTarget, openDatabase, runMigrations } from './db/client';
import { seedDatabase } from './db/seed';
import { ensureAdmin } from './db/seed-admin';
import { ConfigError, loadEnv } from './env';
import { deleteExpiredSessions } from './lib/sessions';

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

  const log = pino({
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
  const target: DbTarget = env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.dataDir };
  log.info(
    { database: env.DATABASE_URL ? 'postgresql' : `embedded (${env.dataDir}/pglite)` },
    'opening database',
  );
  const database = await openDatabase(target);
  await runMigrations(database, target);
  const seeded = await seedDatabase(database.db, env.CLUB_NAME);
  if (seeded.players > 0) log.info({ club: env.CLUB_NAME, players: seeded.players }, 'seeded the squad');
  if (!seeded.squadKnown)
    log.warn({ club: env.CLUB_NAME }, 'no squad is known for this club: add players in the admin panel');
  await ensureAdmin(database.db, log, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  const app = await buildApp({
    env,
    database,
    logger: log,
    client: env.NODE_ENV === 'development' ? 'vite' : 'static',
  });

  const sweep = setInterval(
    () => {
      deleteExpiredSessions(database.db).catch((error) => log.warn({ err: error }, 'session sweep failed'));
    },
    60 * 60 * 1000,
  );
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  log.info(`Matchday is serving ${env.CLUB_NAME} on ${env.PUBLIC_URL}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
