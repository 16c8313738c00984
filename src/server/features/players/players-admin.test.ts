import { PLAYER_ERRORS, type Player } from '@shared/players';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FootballFixtureServer,
  startFootballFixtureServer,
} from '../../../../tests/fakes/football-fixture-server';
import { client, createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { players } from '../../db/schema';
import { createFootballData, FootballDataError } from './football-data';

type Fan = Awaited<ReturnType<typeof createFan>>;

/** PUT is not in the shared JSON client. */
async function put<T = { message: string }>(t: TestContext, cookie: string, url: string, payload: object) {
  const res = await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  return { status: res.statusCode, body: res.json() as T };
}

describe('with the football-data provider configured', () => {
  let t: TestContext;
  let fixture: FootballFixtureServer;
  let admin: Fan;
  let fan: Fan;

  beforeAll(async () => {
    fixture = await startFootballFixtureServer({ key: 'test-football-key', slowMs: 1_000 });
    t = await createTestContext({ env: { FOOTBALL_API_URL: fixture.url, FOOTBALL_API_KEY: fixture.key } });
    admin = await createFan(t, { isAdmin: true });
    fan = await createFan(t);
  });
  afterAll(async () => {
    await t.close();
    await fixture.close();
  });

  const create = (body: object) =>
    admin.api.post<{ player: Player; message?: string }>('/api/admin/players', body);

  describe('authorization', () => {
    it.each([
      ['POST', '/api/admin/players'],
      ['PUT', '/api/admin/players/1'],
      ['POST', '/api/admin/update-player-images'],
    ] as const)('%s %s: anonymous 401, fan 403', async (method, url) => {
      const body = { name: 'X', position: 'Striker' };
      const anonymous = await t.app.inject({ method, url, payload: body });
      expect(anonymous.statusCode).toBe(401);
      const asFan = await t.app.inject({ method, url, payload: body, headers: { cookie: fan.cookie } });
      expect(asFan.statusCode).toBe(403);
      expect(asFan.json().message).toBe('Admin access required');
    });
  });

  describe('adding a custom player', () => {
    it('makes an active player, not yet available for rating', async () => {
      const res = await create({ name: '  Kobbie Mainoo ', position: 'Central Midfield', jerseyNumber: 37 });
      expect(res.status).toBe(201);
      expect(res.body.player).toMatchObject({
        name: 'Kobbie Mainoo',
        position: 'Central Midfield',
        jerseyNumber: 37,
        isManager: false,
        isSubstitute: false,
        isAvailableForRating: false,
        isActive: true,
        image: null,
        apiPlayerId: null,
      });
      const listed = (await fan.api.get<Player[]>('/api/players')).body;
      expect(listed.some((p) => p.id === res.body.player.id)).toBe(true);
    });

    it('makes a manager from the Manager position; the jersey number and provider id are optional', async () => {
      const res = await create({ name: 'Assistant Coach', position: 'Manager', apiPlayerId: 4242 });
      expect(res.status).toBe(201);
      expect(res.body.player).toMatchObject({ isManager: true, jerseyNumber: null, apiPlayerId: 4242 });
    });

    it.each([
      [{ name: '', position: 'Striker' }, 'Name is required'],
      [{ position: 'Striker' }, 'Name is required'],
      [{ name: 'X' }, 'Position is required'],
      [{ name: 'X', position: 'Sweeper' }, 'Position is required'],
      [{ name: 'X', position: 'Striker', jerseyNumber: 0 }, 'Jersey number must be between 1 and 99'],
      [{ name: 'X', position: 'Striker', jerseyNumber: 100 }, 'Jersey number must be between 1 and 99'],
      [{ name: 'X', position: 'Striker', jerseyNumber: 7.5 }, 'Jersey number must be between 1 and 99'],
      [{ name: 'X', position: 'Striker', jerseyNumber: '9' }, 'Jersey number must be between 1 and 99'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('refuses a provider id that is not a positive whole number', async () => {
      expect((await create({ name: 'X', position: 'Striker', apiPlayerId: -3 })).status).toBe(400);
    });
  });

  describe('editing a player', () => {
    it('changes name, position and number; an absent provider id is kept, null clears the number', async () => {
      const { player } = (
        await create({ name: 'Old', position: 'Striker', jerseyNumber: 9, apiPlayerId: 77 })
      ).body;
      const res = await put<{ player: Player }>(t, admin.cookie, `/api/admin/players/${player.id}`, {
        name: 'New',
        position: 'Left Winger',
        jerseyNumber: 11,
      });
      expect(res.status).toBe(200);
      expect(res.body.player).toMatchObject({
        name: 'New',
        position: 'Left Winger',
        jerseyNumber: 11,
        apiPlayerId: 77,
      });

      const cleared = await put<{ player: Player }>(t, admin.cookie, `/api/admin/players/${player.id}`, {
        name: 'New',
        position: 'Manager',
        jerseyNumber: null,
        apiPlayerId: null,
      });
      expect(cleared.body.player).toMatchObject({ isManager: true, jerseyNumber: null, apiPlayerId: null });
    });

    it('answers 404 for an unknown player and 400 for a bad id or body', async () => {
      const body = { name: 'X', position: 'Striker' };
      const unknown = await put(t, admin.cookie, '/api/admin/players/999999', body);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Player not found');
      expect((await put(t, admin.cookie, '/api/admin/players/abc', body)).body.message).toBe(
        'Invalid player id',
      );
      const { player } = (await create(body)).body;
      const bad = await put(t, admin.cookie, `/api/admin/players/${player.id}`, {
        ...body,
        jerseyNumber: 120,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Jersey number must be between 1 and 99');
    });

    it('keeps the published squad within its limits: no second published manager', async () => {
      const manager = (await create({ name: 'Boss', position: 'Manager' })).body.player;
      const striker = (await create({ name: 'Nine', position: 'Striker' })).body.player;
      await t.db.update(players).set({ isAvailableForRating: false });
      const published = await admin.api.post('/api/admin/available-for-rating', {
        playerIds: [manager.id, striker.id],
      });
      expect(published.status).toBe(200);
      const res = await put(t, admin.cookie, `/api/admin/players/${striker.id}`, {
        name: 'Nine',
        position: 'Manager',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only 1 manager can be selected');
      const [row] = await t.db.select().from(players).where(eq(players.id, striker.id));
      expect(row).toMatchObject({ position: 'Striker', isManager: false });
      await admin.api.post('/api/admin/clear-all-players');
    });
  });

  describe('updating images from the provider', () => {
    it('fills the photo of every active player with a provider id, skipping and counting failures', async () => {
      await t.db.update(players).set({ apiPlayerId: null });
      fixture.reset();
      const made: Record<number, Player> = {};
      for (const apiPlayerId of [101, 102, 103, 104, 105, 106]) {
        made[apiPlayerId] = (
          await create({ name: `Api ${apiPlayerId}`, position: 'Striker', apiPlayerId })
        ).body.player;
      }
      const retired = (await create({ name: 'Retired', position: 'Striker', apiPlayerId: 107 })).body.player;
      await t.db.update(players).set({ isActive: false }).where(eq(players.id, retired.id));
      const noId = (await create({ name: 'No Id', position: 'Striker' })).body.player;
      fixture.fail([103], 'server-error');
      fixture.fail([104], 'not-image');
      fixture.fail([105], 'no-photo');

      const res = await admin.api.post<{ updated: number; skipped: number; message: string }>(
        '/api/admin/update-player-images',
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ updated: 3, skipped: 3 });
      expect(res.body.message).toBe('Updated 3 player images; 3 could not be fetched from the provider.');

      const rows = await t.db.select().from(players);
      const imageOf = (id: number) => rows.find((r) => r.id === id)?.image ?? null;
      for (const apiId of [101, 102, 106]) {
        const path = imageOf(made[apiId]?.id ?? 0);
        expect(path).toMatch(/^\/objects\/[0-9a-f]{64}\.png$/);
        const served = await t.app.inject({ method: 'GET', url: path as string });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({
          format: 'png',
          width: 120,
          height: 120,
        });
      }
      expect(imageOf(made[101]?.id ?? 0)).not.toBe(imageOf(made[102]?.id ?? 0));
      for (const apiId of [103, 104, 105]) expect(imageOf(made[apiId]?.id ?? 0)).toBeNull();
      expect(imageOf(retired.id)).toBeNull();
      expect(imageOf(noId.id)).toBeNull();

      // The key goes to the provider's API only, never to the photo host.
      const profiles = fixture.requests.filter((r) => r.path.startsWith('/players/profiles'));
      expect(profiles.map((r) => r.path).sort()).toEqual(
        [101, 102, 103, 104, 105, 106].map((id) => `/players/profiles?player=${id}`).sort(),
      );
      expect(profiles.every((r) => r.key === fixture.key)).toBe(true);
      const photos = fixture.requests.filter((r) => r.path.startsWith('/photos/'));
      expect(photos.length).toBeGreaterThan(0);
      expect(photos.every((r) => r.key === undefined)).toBe(true);
    });

    it('says what to do when no player has a provider id', async () => {
      await t.db.update(players).set({ apiPlayerId: null });
      const res = await admin.api.post<{ updated: number; skipped: number; message: string }>(
        '/api/admin/update-player-images',
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        updated: 0,
        skipped: 0,
        message: 'No active player has a provider id (apiPlayerId) yet: add it in Edit Player.',
      });
    });
  });

  describe('the provider adapter', () => {
    const adapter = (overrides: { key?: string; timeoutMs?: number; maxImageBytes?: number } = {}) =>
      createFootballData({
        url: `${fixture.url}/`,
        key: fixture.key,
        maxImageBytes: 5 * 1024 * 1024,
        ...overrides,
      });

    it('reads the photo URL from the API-Football profile answer and downloads it', async () => {
      fixture.reset();
      const url = await adapter().playerPhotoUrl(909);
      expect(url).toBe(`${fixture.url}/photos/909.png`);
      const bytes = await adapter().download(url);
      expect((await sharp(bytes).metadata()).format).toBe('png');
    });

    it('treats the provider’s error envelope (a wrong key) as a failure', async () => {
      await expect(adapter({ key: 'wrong' }).playerPhotoUrl(1)).rejects.toThrow(FootballDataError);
      await expect(adapter({ key: 'wrong' }).playerPhotoUrl(1)).rejects.toThrow(/application key/);
    });

    it('gives up on a slow answer and on a photo over the size limit', async () => {
      fixture.fail([555], 'slow');
      await expect(adapter({ timeoutMs: 100 }).playerPhotoUrl(555)).rejects.toThrow(/timeout|abort/i);
      const url = await adapter().playerPhotoUrl(556);
      await expect(adapter({ maxImageBytes: 100 }).download(url)).rejects.toThrow('photo: too large');
      fixture.reset();
    });
  });
});

describe('without the football-data provider', () => {
  let t: TestContext;
  let admin: Fan;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await createFan(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  it('explains what to configure (400), after the usual 401 and 403', async () => {
    expect((await client(t).post('/api/admin/update-player-images')).status).toBe(401);
    const fan = await createFan(t);
    expect((await fan.api.post('/api/admin/update-player-images')).status).toBe(403);
    const res = await admin.api.post<{ message: string }>('/api/admin/update-player-images');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(PLAYER_ERRORS.imagesNotConfigured);
  });
});
