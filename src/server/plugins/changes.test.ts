import { LIVE_CLOSE_RECONNECT } from '@shared/live';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive } from '../../../tests/server/live-client';
import { createFan, type LiveMatch, setupLiveMatch } from '../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe('every write', () => {
  it('declares what it changed', async () => {
    // With the simulator's routes too: every route the product can have.
    const t = await createTestContext({
      env: { SIMULATION: '1', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' },
    });
    try {
      const writes = t.app.registeredRoutes.filter((r) => [r.method].flat().some((m) => WRITES.includes(m)));
      expect(writes.length).toBeGreaterThan(30);
      const undeclared = writes
        .filter((r) => r.config?.changes === undefined)
        .map((r) => `${r.method} ${r.url}`);
      expect(undeclared).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a declared change', () => {
  let t: TestContext;
  let live: LiveMatch;
  let base: string;
  const open: LiveClient[] = [];
  const connect = async (cookie?: string) => {
    const client = await openLive(base, cookie ? { cookie } : {});
    open.push(client);
    await client.next('connection_established');
    return client;
  };

  beforeAll(async () => {
    t = await createTestContext({ live: { heartbeatMs: 1000, intervalMs: 100 } });
    live = await setupLiveMatch(t);
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('reaches the live sockets and clears the cache before the writer reads again', async () => {
    const fan = await createFan(t);
    const socket = await connect(fan.cookie);
    const anonymous = await connect();
    const player = live.starters[1] as Player;
    // Kept in memory by this read.
    expect((await fan.api.get<Player[]>('/api/players/available-for-rating')).status).toBe(200);

    const renamed = await live.admin.api.put(`/api/admin/players/${player.id}`, {
      name: 'Renamed Player',
      position: player.position,
    });
    expect(renamed.status).toBe(200);
    const list = (await live.admin.api.get<Player[]>('/api/players/available-for-rating')).body;
    expect(list.find((p) => p.id === player.id)?.name).toBe('Renamed Player');
    await socket.next('substituteUpdate');

    // A match: signed-in sockets hear what happened; the next read of the current match has it.
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { homeScore: 1 });
    expect((await socket.next('match_update', (m) => m.data.matchId === live.match.id)).data.change).toEqual({
      kind: 'goal',
      score: '1-0',
    });
    expect((await fan.api.get<Match>('/api/matches/current')).body.score).toBe('1-0');

    // What every page shows reaches signed-out sockets too.
    expect(
      (await live.admin.api.post('/api/admin/announcement', { announcement: 'Kick-off soon' })).status,
    ).toBe(200);
    expect((await anonymous.next('content_update')).data).toEqual({ kind: 'announcement' });
    // Nothing meant for signed-in fans reached the signed-out socket.
    expect(anonymous.of('substituteUpdate')).toEqual([]);
    expect(anonymous.of('match_update')).toEqual([]);
  });

  it('takes effect only when the write succeeds', async () => {
    const fan = await createFan(t);
    const socket = await connect(fan.cookie);
    const refused = await live.admin.api.patch('/api/matches/999999', { homeScore: 3 });
    expect(refused.status).toBe(404);
    const starter = live.starters[0] as Player;
    const forbidden = await fan.api.put(`/api/admin/players/${starter.id}`, {
      name: 'Nope',
      position: starter.position,
    });
    expect(forbidden.status).toBe(403);
    // No football-data provider here: refused, after its guard passed.
    expect((await live.admin.api.post('/api/admin/update-player-images', {})).status).toBe(400);
    // A write after them is the first thing the socket hears.
    await live.admin.api.post('/api/admin/announcement', { announcement: 'Later' });
    await socket.next('content_update');
    expect(socket.messages.map((m) => m.type)).toEqual(['connection_established', 'content_update']);
  });

  it("changes who a user is at once: their next request and their sockets' reconnection", async () => {
    const fan = await createFan(t);
    const socket = await connect(fan.cookie);
    // A fan: the admin list is not theirs.
    expect((await fan.api.get('/api/admin/users')).status).toBe(403);
    const promoted = await live.admin.api.put(`/api/admin/users/${fan.user.id}`, {
      name: fan.user.name,
      email: fan.user.email,
      isAdmin: true,
    });
    expect(promoted.status).toBe(200);
    expect((await fan.api.get('/api/admin/users')).status).toBe(200);
    expect((await socket.closed).code).toBe(LIVE_CLOSE_RECONNECT);
  });
});
