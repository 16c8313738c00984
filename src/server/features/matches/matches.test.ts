import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { seedDatabase } from '../../db/seed';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let fan: Awaited<ReturnType<typeof createFan>>;
let squad: Player[];

beforeAll(async () => {
  t = await createTestContext();
  await seedDatabase(t.db, 'Manchester United');
  admin = await createFan(t, { isAdmin: true });
  fan = await createFan(t);
  squad = (await admin.api.get<Player[]>('/api/players')).body;
});
afterAll(() => t.close());

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const publish = (ids: number[]) => admin.api.post('/api/admin/available-for-rating', { playerIds: ids });

describe('creating a match', () => {
  it('fills the product defaults and answers 201 to an admin only', async () => {
    expect((await client(t).post('/api/matches', { opponent: 'Chelsea' })).status).toBe(401);
    expect((await fan.api.post('/api/matches', { opponent: 'Chelsea' })).status).toBe(403);
    const res = await admin.api.post<Match>('/api/matches', {
      opponent: 'Chelsea',
      scheduledDate: tomorrow(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Manchester United vs Chelsea',
      opponent: 'Chelsea',
      venue: 'Old Trafford',
      tournament: 'Premier League',
      kickOffTime: '15:00',
      score: '0-0',
      homeScore: 0,
      awayScore: 0,
      isLive: false,
      startedAt: null,
      status: 'Not Started',
      scheduledDate: tomorrow(),
    });
  });

  it.each([
    [{ opponent: '' }, 'Opponent is required'],
    [{ opponent: 'Spurs', scheduledDate: '2020-01-01' }, 'Match date cannot be in the past'],
    [
      { opponent: 'Spurs', kickOffTime: '09:00' },
      'Kick-off time must be between 10:00 and 21:45, in 15-minute steps',
    ],
    [
      { opponent: 'Spurs', kickOffTime: '15:10' },
      'Kick-off time must be between 10:00 and 21:45, in 15-minute steps',
    ],
    [{ opponent: 'Spurs', tournament: 'Sunday League' }, 'Choose a tournament from the list'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await admin.api.post('/api/matches', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });
});

describe('match state', () => {
  it('refuses to go live with nobody published (409), then goes live with startedAt set', async () => {
    await admin.api.post('/api/admin/clear-all-players');
    const m = (await admin.api.post<Match>('/api/matches', { opponent: 'Everton' })).body;
    const refused = await admin.api.patch(`/api/matches/${m.id}`, { isLive: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'Cannot Start Match: Please publish players for rating first',
    });

    expect((await publish(squad.slice(0, 5).map((p) => p.id))).status).toBe(200);
    const before = Date.now();
    const live = await admin.api.patch<Match>(`/api/matches/${m.id}`, { isLive: true });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ isLive: true, status: 'LIVE' });
    expect(Date.parse(live.body.startedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await fan.api.get<Match>('/api/matches/current')).body.id).toBe(m.id);

    const half = await admin.api.patch<Match>(`/api/matches/${m.id}`, { isHalfTime: true });
    expect(half.body.status).toBe('Half Time');
    const ended = await admin.api.patch<Match>(`/api/matches/${m.id}`, { isLive: false });
    expect(ended.body).toMatchObject({
      isLive: false,
      isHalfTime: false,
      status: 'Match Ended',
      startedAt: live.body.startedAt,
    });
    const preparing = await admin.api.patch<Match>(`/api/matches/${m.id}`, {
      isLive: false,
      startedAt: null,
    });
    expect(preparing.body).toMatchObject({ status: 'Not Started', startedAt: null });
  });

  it('reopens an ended match with its original kick-off kept', async () => {
    await publish(squad.slice(0, 3).map((p) => p.id));
    const m = (await admin.api.post<Match>('/api/matches', { opponent: 'Burnley' })).body;
    const live = (await admin.api.patch<Match>(`/api/matches/${m.id}`, { isLive: true })).body;
    expect((await admin.api.patch<Match>(`/api/matches/${m.id}`, { isLive: false })).body.status).toBe(
      'Match Ended',
    );
    const reopened = await admin.api.patch<Match>(`/api/matches/${m.id}`, { isLive: true });
    expect(reopened.body).toMatchObject({ isLive: true, status: 'LIVE', startedAt: live.startedAt });
    await admin.api.patch(`/api/matches/${m.id}`, { isLive: false });
  });

  it('keeps at most one match live: starting one ends the other', async () => {
    await publish(squad.slice(0, 3).map((p) => p.id));
    const a = (await admin.api.post<Match>('/api/matches', { opponent: 'Fulham' })).body;
    const b = (await admin.api.post<Match>('/api/matches', { opponent: 'Brentford' })).body;
    await admin.api.patch(`/api/matches/${a.id}`, { isLive: true });
    await admin.api.patch(`/api/matches/${b.id}`, { isLive: true });
    const all = (await admin.api.get<Match[]>('/api/matches')).body;
    expect(all.filter((m) => m.isLive).map((m) => m.id)).toEqual([b.id]);
    expect(all.find((m) => m.id === a.id)?.status).toBe('Match Ended');
    // The live match is current even when a newer one exists.
    const c = (await admin.api.post<Match>('/api/matches', { opponent: 'Wolves' })).body;
    expect((await fan.api.get<Match>('/api/matches/current')).body.id).toBe(b.id);
    await admin.api.patch(`/api/matches/${b.id}`, { isLive: false });
    expect((await fan.api.get<Match>('/api/matches/current')).body.id).toBe(c.id);
  });

  it('keeps the score text and numbers in step, and refuses a bad score', async () => {
    const m = (await admin.api.post<Match>('/api/matches', { opponent: 'Leeds United' })).body;
    expect((await admin.api.patch<Match>(`/api/matches/${m.id}`, { score: '2-1' })).body).toMatchObject({
      score: '2-1',
      homeScore: 2,
      awayScore: 1,
    });
    expect((await admin.api.patch<Match>(`/api/matches/${m.id}`, { homeScore: 3 })).body.score).toBe('3-1');
    expect((await admin.api.patch(`/api/matches/${m.id}`, { score: '2:1' })).status).toBe(400);
    expect((await admin.api.patch(`/api/matches/${m.id}`, { awayScore: -1 })).status).toBe(400);
    expect((await admin.api.patch(`/api/matches/${m.id}`, { unknownField: 1 })).status).toBe(400);
    expect((await fan.api.patch(`/api/matches/${m.id}`, { score: '9-0' })).status).toBe(403);
    expect((await admin.api.patch('/api/matches/999999', { score: '1-0' })).status).toBe(404);
  });
});

describe('the current match', () => {
  it('is answered to a signed-out visitor too: the same match a fan sees, kept by no cache', async () => {
    expect((await publish(squad.slice(0, 5).map((p) => p.id))).status).toBe(200);
    const m = (await admin.api.post<Match>('/api/matches', { opponent: 'Brentford' })).body;
    expect((await admin.api.patch(`/api/matches/${m.id}`, { isLive: true, score: '2-1' })).status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/matches/current' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const seen = res.json<Match>();
    expect(seen).toMatchObject({
      id: m.id,
      title: 'Manchester United vs Brentford',
      score: '2-1',
      status: 'LIVE',
      hiddenAt: null,
    });
    expect(seen).toEqual((await fan.api.get<Match>('/api/matches/current')).body);

    expect((await admin.api.patch(`/api/matches/${m.id}`, { isLive: false })).status).toBe(200);
  });
});
