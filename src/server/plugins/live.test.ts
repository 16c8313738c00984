import { LIVE_CLOSE_RECONNECT, LIVE_CLOSE_TOO_MANY, LIVE_PROTOCOL } from '@shared/live';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive, settle } from '../../../tests/server/live-client';
import {
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
  voteAll,
} from '../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';
import { rows } from '../db/client';
import { createSession, SESSION_COOKIE } from '../lib/sessions';

let t: TestContext;
let live: LiveMatch;
let base: string;
const open: LiveClient[] = [];
const connect = async (options: Parameters<typeof openLive>[1] = {}) => {
  const client = await openLive(base, options);
  open.push(client);
  return client;
};

beforeAll(async () => {
  t = await createTestContext({
    // A heartbeat slow enough for a busy machine (PGlite runs on the event loop), fast enough to test.
    live: { heartbeatMs: 1000, maxBufferedBytes: 64 * 1024, intervalMs: 100 },
  });
  live = await setupLiveMatch(t);
  base = await listen(t.app);
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

async function votedFan(value = 8) {
  const fan = await createFan(t);
  await voteAll(fan, live, value);
  return fan;
}

describe('the live socket', () => {
  it('says connection_established on open and answers a ping with a pong', async () => {
    const anonymous = await connect();
    expect(await anonymous.next('connection_established')).toEqual({
      type: 'connection_established',
      data: { signedIn: false },
    });
    anonymous.ws.send(JSON.stringify({ type: 'ping', timestamp: 1234 }));
    expect(await anonymous.next('pong')).toEqual({ type: 'pong', timestamp: 1234 });

    const fan = await createFan(t);
    const signedIn = await connect({ cookie: fan.cookie });
    expect((await signedIn.next('connection_established')).data).toEqual({ signedIn: true });
    // The bearer token of the social sign-in rides in a subprotocol instead of the cookie.
    const bearer = await connect({ token: fan.token });
    expect((await bearer.next('connection_established')).data).toEqual({ signedIn: true });
  });

  it('ignores garbage and binary frames without closing', async () => {
    const client = await connect();
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'subscribe', everything: true }));
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    client.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });

  it('refuses an upgrade the browser marks as cross-site', async () => {
    await expect(openLive(base, { origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
  });

  it('treats an unknown or expired token as anonymous', async () => {
    const client = await connect({ cookie: 'matchday_session=not-a-session' });
    expect((await client.next('connection_established')).data).toEqual({ signedIn: false });
  });
});

describe('tokens in logs: the bearer token rides in a subprotocol, not the URL', () => {
  it('tokens in logs: a socket signed in through its subprotocol is that user, and the answer names only matchday', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const socket = await connect({ token: fan.token });
    const otherSocket = await connect({ token: other.token });
    expect((await socket.next('connection_established')).data).toEqual({ signedIn: true });
    await otherSocket.next('connection_established');
    // The handshake answer never echoes the token-bearing subprotocol.
    expect(socket.answeredProtocol).toBe(LIVE_PROTOCOL);
    expect(socket.ws.protocol).toBe(LIVE_PROTOCOL);
    // Tied to that user's session: ending it closes this socket and no other.
    t.app.live.reconnect(fan.user.id, fan.token);
    expect((await socket.closed).code).toBe(LIVE_CLOSE_RECONNECT);
    await settle(100);
    expect(otherSocket.ws.readyState).toBe(otherSocket.ws.OPEN);
  });

  it('tokens in logs: the old ?token= and sockets offering no subprotocol still work', async () => {
    const fan = await createFan(t);
    const old = await connect({ token: fan.token, tokenIn: 'query', protocols: [] });
    expect((await old.next('connection_established')).data).toEqual({ signedIn: true });
    expect(old.answeredProtocol).toBeUndefined();
    const cookie = await connect({ cookie: fan.cookie, protocols: [] });
    expect((await cookie.next('connection_established')).data).toEqual({ signedIn: true });
    const anonymous = await connect({ protocols: [] });
    expect((await anonymous.next('connection_established')).data).toEqual({ signedIn: false });
    // The page's own offer without a token: anonymous, and answered with the plain protocol.
    const page = await connect();
    expect((await page.next('connection_established')).data).toEqual({ signedIn: false });
    expect(page.answeredProtocol).toBe(LIVE_PROTOCOL);
  });
});

describe('socket floods: sockets are capped per session', () => {
  it('socket floods: a session over its cap of 10 sockets is closed with 4008, and closing one frees a slot', async () => {
    const fan = await createFan(t);
    const sockets: LiveClient[] = [];
    for (let i = 0; i < 10; i += 1) sockets.push(await connect({ cookie: fan.cookie }));
    for (const socket of sockets) await socket.next('connection_established');
    const over = await connect({ cookie: fan.cookie });
    expect(await over.closed).toEqual({ code: LIVE_CLOSE_TOO_MANY, reason: 'Too many connections' });
    expect(over.messages).toEqual([]);
    // Another session of the same fan has slots of its own.
    const otherSession = await connect({
      cookie: `${SESSION_COOKIE}=${await createSession(t.db, fan.user.id)}`,
    });
    expect((await otherSession.next('connection_established')).data).toEqual({ signedIn: true });

    const before = t.app.live.localSockets();
    sockets[0]?.close();
    for (let i = 0; i < 100 && t.app.live.localSockets() >= before; i += 1) await settle(20);
    const again = await connect({ cookie: fan.cookie });
    expect((await again.next('connection_established')).data).toEqual({ signedIn: true });
    expect(again.ws.readyState).toBe(again.ws.OPEN);
  });
});

describe('admin changes reach the sockets that may read them', () => {
  it('match_update and match_started go to signed-in sockets, not anonymous ones', async () => {
    const fan = await createFan(t);
    const fanSocket = await connect({ cookie: fan.cookie });
    const anonymous = await connect();
    await fanSocket.next('connection_established');

    const score = await live.admin.api.patch<Match>(`/api/matches/${live.match.id}`, { score: '2-1' });
    expect(score.status).toBe(200);
    expect(await fanSocket.next('match_update')).toEqual({
      type: 'match_update',
      data: { matchId: live.match.id, change: { kind: 'goal', score: '2-1' } },
    });

    const next = (await live.admin.api.post<Match>('/api/matches', { opponent: 'Chelsea' })).body;
    try {
      const started = await live.admin.api.patch<Match>(`/api/matches/${next.id}`, { isLive: true });
      expect(started.status).toBe(200);
      expect(await fanSocket.next('match_started')).toEqual({
        type: 'match_started',
        data: { matchId: next.id, title: 'Manchester United vs Chelsea' },
      });
    } finally {
      // Back to the match the other tests use.
      expect((await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: true })).status).toBe(
        200,
      );
    }
    await settle(150);
    expect(anonymous.of('match_update')).toEqual([]);
    expect(anonymous.of('match_started')).toEqual([]);
  });

  it('squad and availability changes broadcast substituteUpdate and availableForRatingUpdate', async () => {
    const fan = await createFan(t);
    const socket = await connect({ cookie: fan.cookie });
    await socket.next('connection_established');
    const squad = await live.admin.api.post('/api/admin/update-squad', {
      startingXI: [...live.starters.map((p) => p.id), live.manager.id],
      substitutes: live.substitutes.map((p) => p.id),
    });
    expect(squad.status).toBe(200);
    await socket.next('substituteUpdate');
    const publish = await live.admin.api.post('/api/admin/available-for-rating', {
      playerIds: live.available.map((p) => p.id),
    });
    expect(publish.status).toBe(200);
    await socket.next('availableForRatingUpdate');

    // A refused change (too many substitutes) broadcasts nothing.
    const before = socket.messages.length;
    const refused = await live.admin.api.post('/api/admin/update-squad', {
      startingXI: [],
      substitutes: live.squad.slice(0, 7).map((p) => p.id),
    });
    expect(refused.status).toBe(400);
    await settle(150);
    expect(socket.messages.length).toBe(before);
  });

  it('public content changes reach anonymous sockets too', async () => {
    const anonymous = await connect();
    await anonymous.next('connection_established');
    const res = await live.admin.api.post('/api/admin/announcement', { announcement: 'Kick-off moved' });
    expect(res.status).toBe(200);
    expect(await anonymous.next('content_update')).toEqual({
      type: 'content_update',
      data: { kind: 'announcement' },
    });
  });
});

describe('live figures', () => {
  it('push the leaderboard to fans who voted and to admins, never before a fan has voted', async () => {
    const voter = await votedFan(9);
    const voterSocket = await connect({ cookie: voter.cookie });
    const adminSocket = await connect({ cookie: live.admin.cookie });
    const pending = await createFan(t);
    const pendingSocket = await connect({ cookie: pending.cookie });
    const anonymous = await connect();
    for (const s of [voterSocket, adminSocket, pendingSocket, anonymous])
      await s.next('connection_established');
    // The voter's socket learns of their earlier vote as it opens.
    await settle(100);

    const rater = await createFan(t);
    const player = live.starters[1];
    if (!player) throw new Error('no player');
    const rated = await rater.api.post('/api/ratings', {
      userId: rater.user.id,
      playerId: player.id,
      matchId: live.match.id,
      rating: 10,
    });
    expect(rated.status).toBe(200);

    const seesRater = (m: { data: { leaderboard: { id: number; ratingCount: number }[] } }) =>
      m.data.leaderboard.some((e) => e.id === player.id && e.ratingCount >= 2);
    const update = await voterSocket.next('leaderboard_update', seesRater, 3000);
    expect(update.data.matchId).toBe(live.match.id);
    expect(update.data.totalRatings).toBeGreaterThan(0);
    await adminSocket.next('leaderboard_update', seesRater);
    await settle(300);
    expect(pendingSocket.of('leaderboard_update')).toEqual([]);
    expect(anonymous.of('leaderboard_update')).toEqual([]);

    // Once the pending fan votes, their open socket receives the figures too, and the MOTM result without counts.
    await voteAll(pending, live, 6, player);
    await pendingSocket.next('leaderboard_update');
    const fanMotm = await pendingSocket.next('motm_update');
    expect(fanMotm.data.motm?.player).toBeDefined();
    expect(fanMotm.data.motm).not.toHaveProperty('voteCount');
    const adminMotm = await adminSocket.next('motm_update');
    expect(adminMotm.data.motm?.voteCount).toBeGreaterThan(0);
  });

  it('number each push so later figures always carry a larger sequence number', async () => {
    const voter = await votedFan(7);
    const socket = await connect({ cookie: voter.cookie });
    await socket.next('connection_established');
    await settle(100);
    const fan = await createFan(t);
    for (const value of [2, 9, 4]) {
      await rateAll(fan.api, fan.user.id, live, value);
      await settle(250);
    }
    await socket.next('leaderboard_update');
    // Pushes follow the snapshots (one per match every 500 ms at most): ratings as fast as ours can all
    // land within one, so wait for the push after the first rather than read straight away.
    for (let i = 0; i < 60 && socket.of('leaderboard_update').length < 2; i += 1) await settle(50);
    const seqs = socket.of('leaderboard_update').map((m) => m.data.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seqs.length; i += 1) expect(seqs[i]).toBeGreaterThan(seqs[i - 1] as number);
  });

  it('coalesce a burst of 1,000 ratings into a handful of messages with the final figures', async () => {
    const voter = await votedFan(5);
    const socket = await connect({ cookie: voter.cookie });
    await socket.next('connection_established');
    await settle(300);
    const fans = await Promise.all(Array.from({ length: 5 }, () => createFan(t)));
    const startCount = socket.of('leaderboard_update').length;
    const started = Date.now();
    // 1,000 ratings at once: five fans going over every player again and again with new values.
    const calls = Array.from({ length: 1000 }, (_, i) => {
      const fan = fans[i % fans.length] as (typeof fans)[number];
      const player = live.available[Math.floor(i / fans.length) % live.available.length] as Player;
      return fan.api.post('/api/ratings', {
        userId: fan.user.id,
        playerId: player.id,
        matchId: live.match.id,
        rating: (Math.floor(i / 70) % 10) + 1,
      });
    });
    const answers = await Promise.all(calls);
    const seconds = (Date.now() - started) / 1000;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers).toHaveLength(1000);

    // The last push holds every rating the database holds for the match.
    const [row] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ratings where match_id = ${live.match.id}`,
    );
    const last = await socket.next('leaderboard_update', (m) => m.data.totalRatings === row?.n, 5000);
    await settle(600);
    const pushed = socket.of('leaderboard_update').length - startCount;
    // At most one push per 100 ms tick (this test's interval), plus the one after the burst.
    expect(pushed).toBeGreaterThanOrEqual(1);
    expect(pushed).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 3);
    expect(last.data.leaderboard.length).toBeGreaterThan(0);
  });
});

describe('sockets that cannot keep up are dropped', () => {
  it('a client that stops answering pings is dropped by the heartbeat', async () => {
    const dead = await openLive(base, { autoPong: false });
    const healthy = await connect();
    const before = t.app.live.localSockets();
    const { code } = await dead.closed;
    expect(code).toBe(1006);
    await settle(400);
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
    expect(t.app.live.localSockets()).toBeLessThan(before);
  });

  it('a client that stops reading is dropped instead of filling the server memory', async () => {
    const slow = await connect();
    const healthy = await connect();
    await slow.next('connection_established');
    // The slow client stops reading: the kernel buffers fill, then the server's send buffer grows.
    const raw = (slow.ws as unknown as { _socket: { pause(): void } })._socket;
    raw.pause();
    let received = 0;
    healthy.ws.on('message', () => {
      received += 1;
    });
    const big = JSON.stringify({
      type: 'content_update',
      data: { kind: 'banners' },
      pad: 'x'.repeat(64 * 1024),
    });
    for (let i = 1; i <= 200; i += 1) {
      t.app.live.broadcastRaw(big, [{ to: 'anyone' }]);
      // Paced by the healthy reader, so only the paused one falls behind.
      while (received < i) await settle(1);
    }
    await settle(200);
    expect(received).toBe(200);
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
    // The server terminated the slow socket: its side is gone.
    const sockets = t.app.live.localSockets();
    expect(sockets).toBe(open.filter((c) => c.ws.readyState === c.ws.OPEN && c !== slow).length);
  });
});

describe('sessions', () => {
  it('signing out asks that session’s sockets to reconnect (as anonymous), and no other session’s', async () => {
    const fan = await createFan(t);
    const socket = await connect({ cookie: fan.cookie });
    await socket.next('connection_established');
    const other = await createFan(t);
    const otherSocket = await connect({ cookie: other.cookie });
    await otherSocket.next('connection_established');
    expect((await fan.api.post('/api/auth/logout')).status).toBe(200);
    expect((await socket.closed).code).toBe(LIVE_CLOSE_RECONNECT);
    expect(otherSocket.ws.readyState).toBe(otherSocket.ws.OPEN);
  });

  it('a regenerated password closes every socket of that user', async () => {
    const fan = await createFan(t);
    const a = await connect({ cookie: fan.cookie });
    const b = await connect({ cookie: fan.cookie });
    await Promise.all([a.next('connection_established'), b.next('connection_established')]);
    const res = await live.admin.api.post(`/api/admin/users/${fan.user.id}/regenerate-password`);
    expect(res.status).toBe(200);
    expect((await a.closed).code).toBe(LIVE_CLOSE_RECONNECT);
    expect((await b.closed).code).toBe(LIVE_CLOSE_RECONNECT);
  });
});

describe('socket floods: signed-out sockets are capped per client address', () => {
  let capped: TestContext;
  let cappedBase: string;
  const cappedOpen: LiveClient[] = [];
  const connectCapped = async (options: Parameters<typeof openLive>[1] = {}) => {
    const client = await openLive(cappedBase, options);
    cappedOpen.push(client);
    return client;
  };
  beforeAll(async () => {
    capped = await createTestContext({ live: { maxAnonymousSocketsPerAddress: 4 } });
    cappedBase = await listen(capped.app);
  });
  afterAll(async () => {
    for (const client of cappedOpen) client.close();
    await capped.close();
  });

  it('socket floods: an address over its cap of signed-out sockets is closed with 4008, and closing one frees a slot', async () => {
    const sockets: LiveClient[] = [];
    for (let i = 0; i < 4; i += 1) sockets.push(await connectCapped());
    for (const socket of sockets) await socket.next('connection_established');
    const over = await connectCapped();
    expect(await over.closed).toEqual({ code: LIVE_CLOSE_TOO_MANY, reason: 'Too many connections' });
    // A signed-in socket from the same address counts against its session, not the address.
    const fan = await createFan(capped);
    const signedIn = await connectCapped({ cookie: fan.cookie });
    expect((await signedIn.next('connection_established')).data).toEqual({ signedIn: true });

    const before = capped.app.live.localSockets();
    sockets[0]?.close();
    for (let i = 0; i < 100 && capped.app.live.localSockets() >= before; i += 1) await settle(20);
    const again = await connectCapped();
    expect((await again.next('connection_established')).data).toEqual({ signedIn: false });
  });
});
