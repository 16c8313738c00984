import type { Player } from '@shared/players';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { players } from '../../db/schema';
import { seedDatabase } from '../../db/seed';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let squad: Player[];

beforeAll(async () => {
  t = await createTestContext();
  await seedDatabase(t.db, 'Manchester United');
  admin = await createFan(t, { isAdmin: true });
  squad = (await admin.api.get<Player[]>('/api/players')).body;
});
afterAll(() => t.close());

const outfield = () => squad.filter((p) => !p.isManager);
const publish = (ids: number[]) =>
  admin.api.post<{ message?: string; players?: Player[] }>('/api/admin/available-for-rating', {
    playerIds: ids,
  });

it('publishes a whole set, replacing the previous one; fans may not', async () => {
  const fan = await createFan(t);
  expect((await fan.api.post('/api/admin/available-for-rating', { playerIds: [] })).status).toBe(403);
  const first = outfield()
    .slice(0, 3)
    .map((p) => p.id);
  expect((await publish(first)).body.players?.map((p) => p.id).sort()).toEqual([...first].sort());
  const second = outfield()
    .slice(3, 5)
    .map((p) => p.id);
  await publish(second);
  const available = (await fan.api.get<Player[]>('/api/players/available-for-rating')).body;
  expect(available.map((p) => p.id).sort()).toEqual([...second].sort());
});

it('holds the limits: 11 starters, 5 substitutes, 1 manager', async () => {
  await admin.api.post('/api/admin/update-squad', {
    startingXI: outfield().map((p) => p.id),
    substitutes: [],
  });
  const twelve = await publish(
    outfield()
      .slice(0, 12)
      .map((p) => p.id),
  );
  expect(twelve.status).toBe(400);
  expect(twelve.body.message).toBe('Maximum 11 players can be selected for Starting XI');

  const subs = outfield()
    .slice(11, 17)
    .map((p) => p.id);
  await admin.api.post('/api/admin/update-squad', { startingXI: [], substitutes: subs });
  const six = await publish(subs);
  expect(six.body.message).toBe('Maximum 5 substitutes can be added for rating');
  expect((await publish(subs.slice(0, 5))).status).toBe(200);

  const [second] = await t.db
    .insert(players)
    .values({ name: 'Assistant', position: 'Manager', isManager: true })
    .returning();
  const manager = squad.find((p) => p.isManager);
  const two = await publish([manager?.id ?? 0, second?.id ?? 0]);
  expect(two.body.message).toBe('Only 1 manager can be selected');
  expect((await publish([999_999])).body.message).toBe('One or more players do not exist');
});

it('marks starters and substitutes, refusing overlaps and a bench that breaks the published limits', async () => {
  const [a, b, c] = outfield();
  const res = await admin.api.post('/api/admin/update-squad', {
    startingXI: [a?.id],
    substitutes: [b?.id, c?.id],
  });
  expect(res.status).toBe(200);
  const all = (await admin.api.get<Player[]>('/api/players')).body;
  expect(all.find((p) => p.id === a?.id)?.isSubstitute).toBe(false);
  expect(all.find((p) => p.id === b?.id)?.isSubstitute).toBe(true);
  const overlap = await admin.api.post<{ message: string }>('/api/admin/update-squad', {
    startingXI: [a?.id],
    substitutes: [a?.id],
  });
  expect(overlap.body.message).toBe('A player cannot be both in the Starting XI and a substitute');

  // Six published starters turned into substitutes would break the limit of five.
  const six = outfield()
    .slice(0, 6)
    .map((p) => p.id);
  await admin.api.post('/api/admin/update-squad', { startingXI: six, substitutes: [] });
  await publish(six);
  const tooMany = await admin.api.post<{ message: string }>('/api/admin/update-squad', {
    startingXI: [],
    substitutes: six,
  });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.message).toBe('Maximum 5 substitutes can be added for rating');
});

it('clears every player from rating', async () => {
  await publish(
    outfield()
      .slice(0, 4)
      .map((p) => p.id),
  );
  const res = await admin.api.post<{ players: Player[] }>('/api/admin/clear-all-players');
  expect(res.body.players).toEqual([]);
  expect((await admin.api.get<Player[]>('/api/admin/available-for-rating')).body).toEqual([]);
});

it('publishes the whole squad in one call: exactly these players, with their roles; fans may not', async () => {
  const fan = await createFan(t);
  const manager = squad.find((p) => p.isManager) as Player;
  const [old, ...rest] = outfield();
  await publish([old?.id ?? 0]);
  const starters = rest.slice(0, 11).map((p) => p.id);
  const subs = rest.slice(11, 13).map((p) => p.id);
  const body = { startingXI: starters, substitutes: subs, managerId: manager.id };
  expect((await fan.api.post('/api/admin/publish-squad', body)).status).toBe(403);

  const res = await admin.api.post<{ players: Player[] }>('/api/admin/publish-squad', body);
  expect(res.status).toBe(200);
  const rated = res.body.players;
  expect(rated.map((p) => p.id).sort()).toEqual([...starters, ...subs, manager.id].sort());
  expect(rated.filter((p) => p.isSubstitute).map((p) => p.id)).toEqual(expect.arrayContaining(subs));
  expect(rated.filter((p) => p.isSubstitute)).toHaveLength(2);
  // Whoever was published before and is not in this squad no longer is.
  const available = (await fan.api.get<Player[]>('/api/players/available-for-rating')).body;
  expect(available.some((p) => p.id === old?.id)).toBe(false);
  expect(available).toHaveLength(14);

  // Publishing again without a manager and with one substitute: exactly that.
  const again = await admin.api.post<{ players: Player[] }>('/api/admin/publish-squad', {
    startingXI: starters,
    substitutes: subs.slice(0, 1),
    managerId: null,
  });
  expect(again.body.players).toHaveLength(12);
});

it('refuses a squad over the limits or with the manager out of place, and changes nothing', async () => {
  const manager = squad.find((p) => p.isManager) as Player;
  const ids = outfield().map((p) => p.id);
  const before = (await admin.api.get<Player[]>('/api/admin/available-for-rating')).body;
  const refuse = async (body: unknown, message: string) => {
    const res = await admin.api.post<{ message: string }>('/api/admin/publish-squad', body);
    expect(res.status, message).toBe(400);
    expect(res.body.message).toBe(message);
  };
  await refuse(
    { startingXI: ids.slice(0, 12), substitutes: [], managerId: null },
    'Maximum 11 players can be selected for Starting XI',
  );
  await refuse(
    { startingXI: [], substitutes: ids.slice(0, 6), managerId: null },
    'Maximum 5 substitutes can be added for rating',
  );
  await refuse(
    { startingXI: ids.slice(0, 2), substitutes: ids.slice(1, 3), managerId: null },
    'A player cannot be both in the Starting XI and a substitute',
  );
  await refuse(
    { startingXI: [...ids.slice(0, 10), manager.id], substitutes: [], managerId: null },
    'The manager is picked on their own, not in the Starting XI or among the substitutes',
  );
  await refuse(
    { startingXI: ids.slice(0, 11), substitutes: [], managerId: ids[11] },
    'The manager picked is not a manager',
  );
  await refuse(
    { startingXI: [999_999], substitutes: [], managerId: manager.id },
    'One or more players do not exist',
  );
  expect((await admin.api.get<Player[]>('/api/admin/available-for-rating')).body).toEqual(before);
});
