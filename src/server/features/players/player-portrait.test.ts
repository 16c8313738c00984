import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import type { Player } from '@shared/players';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { portraitSpec, portraitSvg, portraitUrl } from './player-portrait.service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let squad: Player[];

beforeAll(async () => {
  t = await createTestContext();
  const live = await setupLiveMatch(t);
  admin = live.admin;
  squad = live.squad;
});
afterAll(() => t.close());

const BLUE_AND_WHITE = { primary: '#0b3d91', secondary: '#ffffff' };

const PORTRAIT_URL = /^\/portraits\/(\d+)\/[0-9a-f]{16}\.webp$/;

/** An image request as a browser sends it: no session needed. */
const fetchImage = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers });

async function editPlayer(player: Player, change: Partial<Pick<Player, 'name' | 'jerseyNumber'>>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/players/${player.id}`,
    headers: { cookie: admin.cookie },
    payload: {
      name: change.name ?? player.name,
      position: player.position,
      jerseyNumber: change.jerseyNumber === undefined ? player.jerseyNumber : change.jerseyNumber,
    },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { player: Player }).player;
}

it('gives every player in the squad and rating answers a portrait address of its own', async () => {
  const fan = await createFan(t);
  const listed = (await fan.api.get<Player[]>('/api/players')).body;
  const available = (await fan.api.get<Player[]>('/api/players/available-for-rating')).body;
  for (const p of [...listed, ...available]) {
    expect(p.portraitUrl, p.name).toMatch(PORTRAIT_URL);
    expect(PORTRAIT_URL.exec(p.portraitUrl ?? '')?.[1]).toBe(String(p.id));
  }
  expect(new Set(listed.map((p) => p.portraitUrl)).size).toBe(listed.length);
});

it('answers the portrait as a WebP image, public and cached for good, revalidated by its ETag', async () => {
  const player = squad.find((p) => !p.isManager && p.jerseyNumber !== null);
  if (!player?.portraitUrl) throw new Error('no numbered player');
  const res = await fetchImage(player.portraitUrl);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 192, height: 192 });

  const again = await fetchImage(player.portraitUrl, { 'if-none-match': String(res.headers.etag) });
  expect(again.statusCode).toBe(304);
});

it('moves to a new address when the number or the name changes; the old one is no longer kept', async () => {
  const player = squad.find((p) => !p.isManager && p.jerseyNumber !== null && p.jerseyNumber < 90);
  if (!player?.portraitUrl || player.jerseyNumber === null) throw new Error('no numbered player');
  const before = player.portraitUrl;
  const renumbered = await editPlayer(player, { jerseyNumber: player.jerseyNumber + 1 });
  expect(renumbered.portraitUrl).toMatch(PORTRAIT_URL);
  expect(renumbered.portraitUrl).not.toBe(before);
  const renamed = await editPlayer(renumbered, { name: `${player.name} Junior` });
  expect(renamed.portraitUrl).not.toBe(renumbered.portraitUrl);

  const listed = (await admin.api.get<Player[]>('/api/players')).body.find((p) => p.id === player.id);
  expect(listed?.portraitUrl).toBe(renamed.portraitUrl);

  const current = await fetchImage(renamed.portraitUrl ?? '');
  expect(current.headers['cache-control']).toContain('immutable');
  // A page holding the old address still gets a picture, the current one, revalidated each time.
  const outdated = await fetchImage(before);
  expect(outdated.statusCode).toBe(200);
  expect(outdated.headers['cache-control']).toBe('no-cache');
  expect(outdated.headers.etag).toBe(current.headers.etag);
});

it('changes the address with the club colours', () => {
  const row = { id: 7, name: 'Bruno Fernandes', jerseyNumber: 8, isManager: false };
  const red = portraitUrl(portraitSpec(row, DEFAULT_CLUB_COLOURS));
  const blue = portraitUrl(portraitSpec(row, { ...DEFAULT_CLUB_COLOURS, primary: '#0b3d91' }));
  const darker = portraitUrl(portraitSpec(row, { ...DEFAULT_CLUB_COLOURS, secondary: '#000000' }));
  expect(new Set([red, blue, darker]).size).toBe(3);
  // The default pair names the addresses it always did: an install's portraits keep theirs.
  expect(red).toMatch(/\/portraits\/7\/[0-9a-f]{16}\.webp$/);
  expect(portraitUrl(portraitSpec(row, { primary: '#da291c', secondary: '#1a1a1a' }))).toBe(red);
});

it('draws the number big with the initials, MGR for the manager, initials alone without a number', () => {
  const colours = DEFAULT_CLUB_COLOURS;
  expect(
    portraitSpec({ id: 1, name: 'Bruno Fernandes', jerseyNumber: 8, isManager: false }, colours),
  ).toMatchObject({ mark: '8', caption: 'BF' });
  expect(
    portraitSpec({ id: 2, name: 'Ruben Amorim', jerseyNumber: null, isManager: true }, colours),
  ).toMatchObject({
    mark: 'MGR',
    caption: 'RA',
  });
  expect(
    portraitSpec({ id: 3, name: 'New Signing', jerseyNumber: null, isManager: false }, colours),
  ).toMatchObject({
    mark: 'NS',
    caption: null,
  });
  // A name is text in the drawing, never markup.
  const svg = portraitSvg(
    portraitSpec({ id: 4, name: '<b> &x', jerseyNumber: 9, isManager: false }, colours),
  );
  expect(svg).not.toContain('<b>');
  expect(svg).toContain('&#60;');
  // A light shirt takes dark numbers; a dark one white, on a backdrop and trim of the secondary.
  const yellow = portraitSvg(
    portraitSpec(
      { id: 5, name: 'A B', jerseyNumber: 9, isManager: false },
      { ...DEFAULT_CLUB_COLOURS, primary: '#fbe122' },
    ),
  );
  expect(yellow).toMatch(/font-size="44" fill="#1a1a1a">9</);
  const blue = portraitSvg(
    portraitSpec({ id: 6, name: 'A B', jerseyNumber: 9, isManager: false }, BLUE_AND_WHITE),
  );
  expect(blue).toMatch(/<rect width="100" height="100" fill="#ffffff"\/><path d="[^"]+" fill="#0b3d91"\/>/);
  expect(blue).toMatch(/font-size="44" fill="#ffffff">9</);
  expect(blue).not.toContain('#da291c');
});

it('draws the portraits in the colours an admin saves, at new addresses', async () => {
  const player = squad.find((p) => !p.isManager);
  if (!player?.portraitUrl) throw new Error('no portrait');
  const pixel = async (url: string, x: number, y: number) => {
    const res = await fetchImage(url);
    expect(res.statusCode).toBe(200);
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
  // The backdrop's corner and the shirt below the number (viewBox 30,90 of 100, drawn at 192 px).
  expect(await pixel(player.portraitUrl, 4, 4)).toEqual([0x1a, 0x1a, 0x1a]);
  expect(await pixel(player.portraitUrl, 58, 173)).toEqual([0xda, 0x29, 0x1c]);

  const saved = await admin.api.post('/api/admin/customization', {
    primaryColour: BLUE_AND_WHITE.primary,
    secondaryColour: BLUE_AND_WHITE.secondary,
  });
  expect(saved.status).toBe(200);
  const listed = await admin.api.get<Player[]>('/api/players');
  const blue = listed.body.find((p) => p.id === player.id)?.portraitUrl;
  expect(blue).toMatch(PORTRAIT_URL);
  expect(blue).not.toBe(player.portraitUrl);
  expect(await pixel(blue ?? '', 4, 4)).toEqual([0xff, 0xff, 0xff]);
  expect(await pixel(blue ?? '', 58, 173)).toEqual([0x0b, 0x3d, 0x91]);
  // The old address draws the current colours too, revalidated rather than kept.
  expect(await pixel(player.portraitUrl, 58, 173)).toEqual([0x0b, 0x3d, 0x91]);
  expect((await fetchImage(player.portraitUrl)).headers['cache-control']).toBe('no-cache');

  const reset = await admin.api.post('/api/admin/customization', {
    primaryColour: null,
    secondaryColour: null,
  });
  expect(reset.body).toMatchObject({ primaryColour: '#da291c', secondaryColour: '#1a1a1a' });
});

it('answers 404 for an unknown player or a file that is no portrait, 400 for a bad id', async () => {
  const anyone = client(t);
  expect((await anyone.get('/portraits/999999/0123456789abcdef.webp')).status).toBe(404);
  const known = squad[0];
  if (!known) throw new Error('no player');
  expect((await anyone.get(`/portraits/${known.id}/portrait.svg`)).status).toBe(404);
  expect((await anyone.get('/portraits/abc/0123456789abcdef.webp')).status).toBe(400);
});
