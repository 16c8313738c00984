import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import postgres from 'postgres';
import { startOidcFixture } from '../../fakes/oidc-fixture-server';
import { startPushFixture } from '../../fakes/push-fixture-server';
import { E2E_ADMIN, E2E_SERVERS } from './servers';

/** Starts the built product (page and server) for one e2e project on a clean data directory (and a fresh PostgreSQL database). */
const name = process.argv[2];
const server = E2E_SERVERS.find((s) => s.name === name);
if (!server) throw new Error(`unknown e2e server ${name}`);
rmSync(server.dataDir, { recursive: true, force: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(server.port),
  HOST: '127.0.0.1',
  DATA_DIR: server.dataDir,
  PUBLIC_URL: `http://127.0.0.1:${server.port}`,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
  // Every browser of the run reads from this one address: the public API's keyless limit is per address.
  PUBLIC_API_RATE: '1000000',
  DATABASE_URL: '',
  SMTP_URL: '',
  // One PostgreSQL server fans its live events out through Redis when one is given (as CI does); the
  // others keep theirs in their process, so no two servers' events mix on a shared Redis channel.
  REDIS_URL: server.redis ? (process.env.REDIS_URL ?? '') : '',
};

/** Cleans up after the server has exited (the PostgreSQL server's database). */
let afterExit = async () => {};
if (server.database === 'postgres') {
  const url = process.env.TEST_DATABASE_URL ?? '';
  // A fixed name per port, so a run that was killed is cleaned up by the next one.
  const database = `matchday_e2e_${server.port}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.unsafe(`create database "${database}"`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${database}`;
  env.DATABASE_URL = u.toString();
  afterExit = async () => {
    const a = postgres(url, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${database}" with (force)`).catch(() => {});
    await a.end();
  };
}

// Social sign-in against a real OpenID Connect provider, living as long as this process. Any login
// typed at its sign-in page is a fan with that verified e-mail (tests/e2e/oauth.spec.ts).
const oidc = await startOidcFixture({
  redirectUris: [`${env.PUBLIC_URL}/api/oauth/google/callback`],
  accountFor: (login) => ({ login, email: login, emailVerified: true, name: 'Social Fan' }),
});
Object.assign(env, oidc.env);

// Web Push against a stand-in push service living as long as this process: the server sends to it only
// (PUSH_SERVICES), it checks VAPID and decrypts what it gets. The browser cannot reach a real one here, so
// the specs fake PushManager with subscriptions made by it, through a small control server on pushPort
// (tests/e2e/notifications.spec.ts).
const push = await startPushFixture();
env.PUSH_SERVICES = push.origin;
const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'POST' && url.pathname === '/subscribe') return answer(200, push.subscribe());
  if (req.method === 'GET' && url.pathname === '/received')
    return answer(
      200,
      push.received(url.searchParams.get('endpoint') ?? '').map(({ json, ttl, urgency, topic }) => ({
        json,
        ttl,
        urgency,
        topic,
      })),
    );
  return answer(404, { error: 'not found' });
});
await new Promise<void>((resolve) => control.listen({ port: server.pushPort, host: '127.0.0.1' }, resolve));

const root = path.resolve(import.meta.dirname, '../../..');
// The compiled server, as npm start runs it (npm run test:e2e and npm test build it first).
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
// The server shuts down first (it still talks to its database while draining); then its database goes.
const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
process.on('SIGTERM', forward('SIGTERM'));
process.on('SIGINT', forward('SIGINT'));
child.on('exit', (code) => {
  void afterExit().finally(() => process.exit(code ?? 0));
});
