import type { Banners } from '@shared/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { banners } from '../../db/schema';
import { seedDatabase } from '../../db/seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDatabase(t.db, 'Manchester United');
});
afterAll(() => t.close());

it('serves the announcement publicly; only admins set it, and empty text clears it to null', async () => {
  const anon = client(t);
  const admin = await createFan(t, { isAdmin: true });
  const fan = await createFan(t);
  expect((await anon.get('/api/announcement')).body).toEqual({ announcement: null });
  expect((await fan.api.post('/api/admin/announcement', { announcement: 'x' })).status).toBe(403);
  expect((await anon.post('/api/admin/announcement', { announcement: 'x' })).status).toBe(401);
  const text =
    'Manchester United Vs Arsenal Player Ratings!\nVoting will open after approximately 75 minutes of play.';
  expect((await admin.api.post('/api/admin/announcement', { announcement: text })).body).toEqual({
    announcement: text,
  });
  expect((await anon.get('/api/announcement')).body).toEqual({ announcement: text });
  await admin.api.post('/api/admin/announcement', { announcement: '   ' });
  expect((await anon.get('/api/announcement')).body).toEqual({ announcement: null });
});

it('serves both banners publicly with every field', async () => {
  await t.db
    .update(banners)
    .set({ enabled: true, type: 'embed', embedCode: '<b>Hi</b>' })
    .where(eq(banners.slot, 'banner2'));
  const res = await client(t).get<Banners>('/api/banners');
  expect(res.status).toBe(200);
  expect(res.body.banner1).toEqual({
    enabled: false,
    type: 'manual',
    title: null,
    subtitle: null,
    discount: null,
    description: null,
    backgroundImage: null,
    embedCode: null,
  });
  expect(res.body.banner2).toMatchObject({ enabled: true, type: 'embed', embedCode: '<b>Hi</b>' });
});

it('serves customization and social media publicly', async () => {
  expect((await client(t).get('/api/customization')).body).toMatchObject({
    companyName: 'Manchester United',
  });
  expect((await client(t).get('/api/social-media')).body).toEqual({
    youtube: null,
    youtubeVideo: null,
    instagram: null,
    facebook: null,
    tiktok: null,
  });
});

it('lets only admins save banners, validating type and image addresses, and keeps a slot left out', async () => {
  const admin = await createFan(t, { isAdmin: true });
  const fan = await createFan(t);
  const banner1 = {
    enabled: true,
    type: 'manual',
    title: '  Matchday Offer  ',
    subtitle: 'Club shop',
    discount: '20% off',
    description: 'Shirts and scarves',
    backgroundImage: 'https://cdn.example/banner.jpg',
  };
  expect((await fan.api.post('/api/admin/banners', { banner1 })).status).toBe(403);
  expect((await client(t).post('/api/admin/banners', { banner1 })).status).toBe(401);
  const saved = await admin.api.post<Banners>('/api/admin/banners', { banner1 });
  expect(saved.status).toBe(200);
  expect(saved.body.banner1).toMatchObject({
    enabled: true,
    type: 'manual',
    title: 'Matchday Offer',
    embedCode: null,
  });
  expect(saved.body.banner2).toMatchObject({ type: 'embed', embedCode: '<b>Hi</b>' });
  expect(
    (await admin.api.post('/api/admin/banners', { banner1: { ...banner1, type: 'popup' } })).status,
  ).toBe(400);
  const js = await admin.api.post('/api/admin/banners', {
    banner1: { ...banner1, backgroundImage: 'javascript:alert(1)' },
  });
  expect(js).toEqual({
    status: 400,
    body: { message: 'Image must be an uploaded file or an http(s) address', code: expect.any(String) },
  });
  expect((await client(t).get<Banners>('/api/banners')).body.banner1.title).toBe('Matchday Offer');
});
