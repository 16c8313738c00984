import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_CLOSE_RECONNECT } from '@shared/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, startInstance } from './support/instance';
import {
  apiFor,
  compare,
  type MatchDay,
  RatingFans,
  ReconnectingSocket,
  startMatchDay,
  storedRatings,
} from './support/match-day';
import {
  freePort,
  NGINX_TEMPLATE,
  type PrivateNginx,
  type PrivatePostgres,
  type PrivateRedis,
  startNginx,
  startPostgres,
  startRedis,
  waitFor,
} from './support/services';

/**
 * Two instances behind nginx (deploy/nginx.conf) on one private PostgreSQL and Redis, fans and their
 * sockets all going through nginx: one instance killed outright, then one stopped with SIGTERM.
 */
let pg: PrivatePostgres;
let redis: PrivateRedis;
let nginx: PrivateNginx;
let ports: [number, number];
const instances: Instance[] = [];
/** Killed instances, whose data directories are still to remove. */
const retired: Instance[] = [];
let day: MatchDay;
/** A fan who only sends the half-sent rating of the SIGTERM test, so no other rating replaces it. */
let spare: MatchDay['fans'][number];
const sockets: ReconnectingSocket[] = [];

const start = (name: string, port: number) =>
  startInstance({ name, port, databaseUrl: pg.url, redisUrl: redis.url, publicUrl: nginx.url });

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  ports = [await freePort(), await freePort()];
  nginx = await startNginx(ports);
  instances.push(await start('nginx-a', ports[0]), await start('nginx-b', ports[1]));
  day = await startMatchDay(nginx.url, 9);
  const last = day.fans.pop();
  if (!last) throw new Error('no fans');
  spare = last;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([...instances, ...retired].map((i) => i.remove()));
  await nginx?.remove();
  await redis?.stop();
  await pg?.remove();
});

/** Every fan's socket through nginx (round robin spreads them over both instances). */
async function openSockets(): Promise<ReconnectingSocket[]> {
  const opened = day.fans.map((fan) => new ReconnectingSocket(nginx.url.replace(/^http/, 'ws'), fan.cookie));
  for (const s of opened) await s.open();
  sockets.push(...opened);
  return opened;
}

/** An admin change through nginx reaches the current connection of every socket. */
async function everySocketHears(list: ReconnectingSocket[], score: string): Promise<void> {
  const api = apiFor(nginx.url, 1);
  const answer = await api.send('PATCH', `/api/matches/${day.matchId}`, {
    cookie: day.adminCookie,
    body: { score },
  });
  api.close();
  expect(answer.status).toBe(200);
  await Promise.all(
    list.map((s) => s.current?.next('match_update', (m) => m.data.matchId === day.matchId, 10_000)),
  );
}

const report = (what: string, fans: RatingFans, result: ReturnType<typeof compare>) =>
  console.warn(
    `${what}: ${JSON.stringify({ statuses: fans.ledger.statuses, ...result, lost: result.lost.length })}`,
  );

it('ships a complete nginx.conf that nginx accepts (TLS server block included)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'matchday-fault-nginx-t-'));
  try {
    const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'pipe' },
    );
    const config = readFileSync(NGINX_TEMPLATE, 'utf8')
      .replace(/\S*\/fullchain\.pem/, cert)
      .replace(/\S*\/privkey\.pem/, key)
      .replace(
        'worker_processes auto;',
        `worker_processes auto;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;`,
      );
    writeFileSync(path.join(dir, 'nginx.conf'), config);
    const out = execFileSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: 'pipe',
    });
    expect(out.toString()).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('two instances behind nginx', () => {
  it('an instance killed mid-match: its sockets reconnect through nginx to the other, nothing acknowledged is lost', async () => {
    const list = await openSockets();
    await everySocketHears(list, '0-0');
    const api = apiFor(nginx.url, 8);
    const fans = new RatingFans(day, () => api);
    fans.start(120);
    await waitFor('ratings before the kill', () => fans.ledger.acks >= 30);

    const victim = instances[1] as Instance;
    victim.kill('SIGKILL');
    await victim.exited;
    const acknowledgedAtKill = fans.ledger.acks;
    // The sockets that were on it are cut, and come back through nginx (to the survivor).
    await waitFor('sockets on it cut', () => list.some((s) => s.closeCodes.length > 0));
    await waitFor('cut sockets reconnected', () => list.every((s) => s.settled));
    const cut = list.filter((s) => s.closeCodes.length > 0).length;
    expect(cut).toBeGreaterThan(0);
    await everySocketHears(list, '1-0');
    await waitFor('ratings after the kill', () => fans.ledger.acks >= acknowledgedAtKill + 30);

    await fans.stop();
    await fans.drain();
    api.close();
    const result = compare(fans.ledger, await storedRatings(pg.url, day.matchId));
    report(`SIGKILL of one instance behind nginx (${cut} of ${list.length} sockets cut)`, fans, result);
    // What the killed instance never answered (no answer, or nginx's 502) was kept and sent again.
    expect(fans.ledger.unexpected([0, 502, 503, 504])).toEqual({});
    expect(result.lost).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(result.duplicated).toEqual([]);

    // Back for the next test, on the same port; and back in nginx's rotation (it leaves a failed
    // instance alone for fail_timeout), as a rolling restart must wait for before stopping the next one.
    retired.push(victim);
    const back = await start('nginx-b2', ports[1]);
    instances[1] = back;
    const served = () => back.logLines('incoming request').length;
    const before = served();
    await waitFor(
      'restarted instance served through nginx',
      async () => (await fetch(`${nginx.url}/api/health`)).ok && served() > before,
      20_000,
    );
    for (const s of list) s.close();
  });

  it('SIGTERM: in-flight requests finish, sockets are told to reconnect, nothing is lost, exit code 0', async () => {
    const list = await openSockets();
    const api = apiFor(nginx.url, 8);
    const fans = new RatingFans(day, () => api);
    fans.start(120);
    await waitFor('ratings before the shutdown', () => fans.ledger.acks >= 30);

    const leaving = instances[0] as Instance;
    const fan = spare;
    const player = day.players[0];
    if (player === undefined) throw new Error('no player');
    // A request in flight when the signal comes: its body is only half sent.
    const slow = halfSentRating(leaving.port, fan.cookie, {
      userId: fan.id,
      playerId: player,
      matchId: day.matchId,
      rating: 4,
    });
    await slow.started;
    leaving.kill('SIGTERM');
    await waitFor('shutdown begun', () => leaving.logLines('shutting down').length > 0);
    const answer = await slow.finish();
    expect(answer.status).toBe(200);
    // Acknowledged: it must be in the database like the others.
    fans.ledger.acknowledged.set(`${fan.id}:${player}`, 4);

    const exit = await leaving.exited;
    expect(
      exit,
      leaving
        .output()
        .split('\n')
        .filter((l) => /"level":(40|50|60)|shut/.test(l))
        .join('\n'),
    ).toEqual({
      code: 0,
      signal: null,
    });
    const told = list.filter((s) => s.closeCodes.includes(LIVE_CLOSE_RECONNECT)).length;
    expect(told).toBeGreaterThan(0);
    // No socket was cut without being told (1006): all were closed with the reconnect code.
    expect(list.flatMap((s) => s.closeCodes).filter((c) => c !== LIVE_CLOSE_RECONNECT)).toEqual([]);
    await waitFor('sockets reconnected to the other instance', () => list.every((s) => s.settled));
    await everySocketHears(list, '2-0');
    const acknowledgedAtStop = fans.ledger.acks;
    await waitFor('ratings after the shutdown', () => fans.ledger.acks >= acknowledgedAtStop + 20);

    await fans.stop();
    await fans.drain();
    api.close();
    const stored = await storedRatings(pg.url, day.matchId);
    const result = compare(fans.ledger, stored);
    report(
      `SIGTERM of one instance behind nginx (${told} of ${list.length} sockets told to reconnect)`,
      fans,
      result,
    );
    expect(fans.ledger.unexpected([0, 502, 503])).toEqual({});
    expect(result.lost).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(result.duplicated).toEqual([]);
    expect(stored.find((r) => r.userId === fan.id && r.playerId === player)?.rating).toBe(4);
  });

  it("one address's flood is refused by nginx with 429 past its burst, and nothing else goes wrong", async () => {
    // Last in the file: the address's allowance refills at 200 a second after this.
    const api = apiFor(nginx.url, 64);
    const flood = 3_000;
    const statuses = await Promise.all(
      Array.from({ length: flood }, async () => (await api.send('GET', '/api/health')).status),
    );
    api.close();
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect(count(200) + count(429)).toBe(flood);
    // The burst of 1,000 and more go through; the rest are refused at the proxy.
    expect(count(200)).toBeGreaterThanOrEqual(1_000);
    expect(count(429)).toBeGreaterThan(0);
  });
});

/** POST /api/ratings over a raw connection, its body sent in two halves: finish() sends the rest. */
function halfSentRating(port: number, cookie: string, body: Record<string, unknown>) {
  const json = JSON.stringify(body);
  const cut = Math.floor(json.length / 2);
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  const started = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST /api/ratings HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n` +
          json.slice(0, cut),
      );
      // Long enough for the server to have read the head and begun the request.
      setTimeout(resolve, 300);
    }),
  );
  return {
    started,
    finish: async () => {
      socket.write(json.slice(cut));
      await closed;
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received };
    },
  };
}
