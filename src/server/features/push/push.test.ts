import type { AccountExport } from '@shared/account';
import type { Match } from '@shared/matches';
import type { AdminPushSummary, PushPayload, PushTopics } from '@shared/push';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  type PushFixture,
  type PushSubscriptionJson,
  startPushFixture,
} from '../../../../tests/fakes/push-fixture-server';
import { client, createFan, type LiveMatch, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { rows } from '../../db/client';
import { createPushSender } from './push-sender';

const ALL: PushTopics = { votingOpens: true, halfTime: true, results: true };
const OPENS_ONLY: PushTopics = { votingOpens: true, halfTime: false, results: false };

let fixture: PushFixture;
let t: TestContext;
let live: LiveMatch;
let vapidKey: string;
/** Set through the environment, as several instances share them. */
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:club@example.com' };

beforeAll(async () => {
  fixture = await startPushFixture({ expectedKey: VAPID.publicKey });
  // The worker is driven pass by pass here (one test starts it to show it wakes by itself).
  t = await createTestContext({
    env: {
      PUSH_SERVICES: fixture.origin,
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: VAPID.subject,
    },
    push: { autoStart: false, backoffMs: 50, maxBackoffMs: 200 },
  });
  live = await setupLiveMatch(t, { live: false, opponent: 'Chelsea' });
  vapidKey = (await live.admin.api.get<{ publicKey: string }>('/api/push/key')).body.publicKey;
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});
beforeEach(async () => {
  fixture.reset();
  // Each test starts from no match events and no subscriptions of earlier tests.
  await t.db.execute(sql`delete from push_sends`);
  await t.db.execute(sql`delete from push_subscriptions`);
  await t.db.execute(sql`update matches set is_live = false, is_half_time = false, started_at = null`);
});

async function subscribedFan(topics: PushTopics, options: { locale?: string } = {}) {
  const fan = await createFan(t);
  if (options.locale)
    expect((await fan.api.put('/api/account/locale', { locale: options.locale })).status).toBe(200);
  const subscription = fixture.subscribe();
  const res = await fan.api.put('/api/push/subscription', {
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    topics,
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ topics });
  const [row] = await rows<{ id: string }>(
    t.db,
    sql`select id from push_subscriptions where endpoint = ${subscription.endpoint}`,
  );
  return { ...fan, subscription, subscriptionId: row?.id ?? '' };
}

async function newMatch(opponent: string): Promise<Match> {
  const res = await live.admin.api.post<Match>('/api/matches', { opponent });
  expect(res.status).toBe(201);
  return res.body;
}

const patch = (id: number, body: object) => live.admin.api.patch<Match>(`/api/matches/${id}`, body);
const payloadOf = (s: PushSubscriptionJson) => fixture.received(s).map((d) => d.json as PushPayload);
const summary = async () => (await live.admin.api.get<AdminPushSummary>('/api/admin/push')).body;

describe('subscribing', () => {
  it('gives signed-in fans the VAPID key, and keeps one row per browser with its topics', async () => {
    expect((await client(t).get('/api/push/key')).status).toBe(401);
    expect(vapidKey).toBe(VAPID.publicKey);

    const fan = await subscribedFan(OPENS_ONLY);
    // Saving the same browser again changes its topics, not the count.
    const again = await fan.api.put('/api/push/subscription', {
      endpoint: fan.subscription.endpoint,
      keys: fan.subscription.keys,
      topics: ALL,
    });
    expect(again.body).toEqual({ topics: ALL });
    const [row] = await rows<{ n: number; half_time: boolean }>(
      t.db,
      sql`select count(*)::int as n, bool_and(half_time) as half_time from push_subscriptions`,
    );
    expect(row).toEqual({ n: 1, half_time: true });

    // Another fan signed in on that browser takes it over.
    const other = await createFan(t);
    await other.api.put('/api/push/subscription', {
      endpoint: fan.subscription.endpoint,
      keys: fan.subscription.keys,
      topics: OPENS_ONLY,
    });
    const owners = await rows<{ user_id: string }>(t.db, sql`select user_id from push_subscriptions`);
    expect(owners).toEqual([{ user_id: other.user.id }]);
  });

  it('refuses endpoints outside the allowed push services, bad keys, no topic, and signed-out callers', async () => {
    const fan = await createFan(t);
    const good = fixture.subscribe();
    const put = (body: object) => fan.api.put<{ code: string }>('/api/push/subscription', body);

    const elsewhere = await put({
      ...good,
      endpoint: 'https://169.254.169.254/latest/meta-data',
      topics: ALL,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('push.unknownService');
    const internal = await put({ ...good, endpoint: 'http://127.0.0.1:1/push/x', topics: ALL });
    expect(internal.body.code).toBe('push.unknownService');

    expect((await put({ ...good, keys: { ...good.keys, p256dh: 'short' }, topics: ALL })).status).toBe(400);
    expect(
      (await put({ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` }, topics: ALL })).status,
    ).toBe(400);
    const offCurve = `BA${'A'.repeat(85)}`;
    const notAPoint = await put({ ...good, keys: { ...good.keys, p256dh: offCurve }, topics: ALL });
    expect(notAPoint.body.code).toBe('push.badKey');
    const none = { votingOpens: false, halfTime: false, results: false };
    expect((await put({ ...good, topics: none })).status).toBe(400);
    expect(
      (await put({ ...good, endpoint: `${fixture.origin}/push/${'x'.repeat(1100)}`, topics: ALL })).status,
    ).toBe(400);
    expect((await client(t).put('/api/push/subscription', { ...good, topics: ALL })).status).toBe(401);
    expect(await rows(t.db, sql`select 1 from push_subscriptions`)).toEqual([]);
  });

  it('keeps a fan’s ten most recent browsers', async () => {
    const fan = await createFan(t);
    const browsers = Array.from({ length: 12 }, () => fixture.subscribe());
    for (const b of browsers)
      expect(
        (await fan.api.put('/api/push/subscription', { endpoint: b.endpoint, keys: b.keys, topics: ALL }))
          .status,
      ).toBe(200);
    const kept = await rows<{ endpoint: string }>(t.db, sql`select endpoint from push_subscriptions`);
    expect(kept.map((k) => k.endpoint).sort()).toEqual(
      browsers
        .slice(2)
        .map((b) => b.endpoint)
        .sort(),
    );
  });

  it('opting out, deleting the account: the subscriptions go; the data export lists them without the address', async () => {
    const leaving = await subscribedFan(ALL);
    const exported = await leaving.api.get<AccountExport>(`/api/user/${leaving.user.id}/export`);
    expect(exported.body.pushSubscriptions).toEqual([
      {
        pushService: fixture.origin,
        topics: ALL,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(exported.body)).not.toContain(leaving.subscription.endpoint);

    const optOut = await subscribedFan(ALL);
    const res = await optOut.api.post('/api/push/unsubscribe', { endpoint: optOut.subscription.endpoint });
    expect(res.body).toEqual({ removed: true });
    // Someone else's endpoint is not theirs to remove.
    const stranger = await createFan(t);
    expect(
      (await stranger.api.post('/api/push/unsubscribe', { endpoint: leaving.subscription.endpoint })).body,
    ).toEqual({ removed: false });

    expect((await leaving.api.delete(`/api/user/${leaving.user.id}`)).status).toBe(200);
    expect(await rows(t.db, sql`select 1 from push_subscriptions`)).toEqual([]);
  });
});

describe('sending', () => {
  it('a match going live notifies each fan who asked, once, in their language, signed and encrypted for them', async () => {
    const english = await subscribedFan(OPENS_ONLY);
    const arabic = await subscribedFan(ALL, { locale: 'ar' });
    const resultsOnly = await subscribedFan({ votingOpens: false, halfTime: false, results: true });
    const match = await newMatch('Everton');

    // Two admins press start at once; then the match ends and is reopened.
    const [a, b] = await Promise.all([patch(match.id, { isLive: true }), patch(match.id, { isLive: true })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await t.app.push.runOnce();
    await patch(match.id, { isLive: false });
    await t.app.push.runOnce();
    await patch(match.id, { isLive: true });
    await t.app.push.runOnce();

    expect(payloadOf(english.subscription)).toEqual([
      expect.objectContaining({
        title: `Voting is open: ${match.title}`,
        url: '/',
        tag: `match-${match.id}`,
      }),
    ]);
    expect(payloadOf(arabic.subscription)).toEqual([
      expect.objectContaining({ title: `التصويت مفتوح: ${match.title}` }),
      // The end (results) was sent between; reopening sends nothing.
      expect.objectContaining({ title: `النتائج متاحة: ${match.title}`, url: `/matches/${match.id}` }),
    ]);
    expect(payloadOf(resultsOnly.subscription)).toEqual([
      expect.objectContaining({ title: `Results are in: ${match.title}` }),
    ]);
    const [delivery] = fixture.received(english.subscription);
    expect(delivery).toMatchObject({ vapidKey, ttl: 7200, urgency: 'high', topic: `match-${match.id}` });
    expect(delivery?.subject).toBe(VAPID.subject);
    expect(fixture.stats()).toMatchObject({ requests: 4, accepted: 4, refused: 0 });
    const sends = await rows<{ event: string }>(t.db, sql`select event from push_sends order by id`);
    expect(sends.map((s) => s.event)).toEqual(['live', 'ended']);
  });

  it('half time tells only those who asked for it, with the score', async () => {
    const wantsIt = await subscribedFan(ALL);
    const doesNot = await subscribedFan(OPENS_ONLY);
    const match = await newMatch('Leeds');
    await patch(match.id, { isLive: true });
    await t.app.push.runOnce();
    await patch(match.id, { score: '2-1' });
    await patch(match.id, { isHalfTime: true });
    await t.app.push.runOnce();
    expect(payloadOf(wantsIt.subscription).map((p) => p.body)).toEqual([
      expect.any(String),
      'It is 2-1 at the break. Your ratings can still change until you submit.',
    ]);
    expect(payloadOf(doesNot.subscription)).toHaveLength(1);
  });

  it('two instances draining one queue deliver every notification once', async () => {
    const fans = await Promise.all(Array.from({ length: 30 }, () => subscribedFan(OPENS_ONLY)));
    const match = await newMatch('Wolves');
    await patch(match.id, { isLive: true });
    const second = createPushSender(t.db, {
      vapid: VAPID,
      services: [fixture.origin],
      batchSize: 4,
      concurrency: 3,
    });
    await Promise.all([t.app.push.runOnce(), second.runOnce(), t.app.push.runOnce()]);
    expect(fixture.stats()).toMatchObject({ accepted: 30, distinct: 30, doubles: 0 });
    for (const fan of fans) expect(fixture.acceptedCount(fan.subscription)).toBe(1);
    expect(await rows(t.db, sql`select 1 from push_jobs`)).toEqual([]);
  });

  it('every answer is recorded when rounds are settled while other deliveries are in flight', async () => {
    const fans = await Promise.all(Array.from({ length: 60 }, () => subscribedFan(OPENS_ONLY)));
    const match = await newMatch('Villa');
    await patch(match.id, { isLive: true });
    const small = createPushSender(t.db, {
      vapid: VAPID,
      services: [fixture.origin],
      batchSize: 7,
      concurrency: 5,
    });
    const pass = await small.runOnce();
    expect(pass).toMatchObject({ sent: 60, failed: 0 });
    expect(await rows(t.db, sql`select 1 from push_jobs`)).toEqual([]);
    const [send] = await rows<{ sent: number; total: number }>(t.db, sql`select sent, total from push_sends`);
    expect(send).toEqual({ sent: 60, total: 60 });
    for (const fan of fans) expect(fixture.acceptedCount(fan.subscription)).toBe(1);
  });

  it('jobs an instance claimed and never finished are sent by another once the lease ends', async () => {
    const fans = await Promise.all(Array.from({ length: 3 }, () => subscribedFan(OPENS_ONLY)));
    const match = await newMatch('Fulham');
    await patch(match.id, { isLive: true });
    // What an instance leaves when it claimed the jobs and died before sending: the send made, its jobs leased.
    await t.db.execute(
      sql`with s as (update push_sends set expanded = true, total = 3 returning id)
          insert into push_jobs (send_id, subscription_id, next_attempt_at)
          select s.id, p.id, now() + interval '400 milliseconds' from s cross join push_subscriptions p`,
    );
    await t.app.push.runOnce();
    expect(fixture.stats().requests).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 450));
    await t.app.push.runOnce();
    expect(fixture.stats()).toMatchObject({ accepted: 3, doubles: 0 });
    for (const fan of fans) expect(fixture.acceptedCount(fan.subscription)).toBe(1);
  });

  it('retries 429 (after its Retry-After) and 5xx with backoff, removes 404 and 410, gives up after the last try', async () => {
    const throttled = await subscribedFan(OPENS_ONLY);
    const flaky = await subscribedFan(OPENS_ONLY);
    const gone = await subscribedFan(OPENS_ONLY);
    const unknown = await subscribedFan(OPENS_ONLY);
    const broken = await subscribedFan(OPENS_ONLY);
    fixture.answerWith(429, { endpoint: throttled.subscription, times: 1, retryAfter: 0 });
    fixture.answerWith(500, { endpoint: flaky.subscription, times: 2 });
    fixture.expire(gone.subscription);
    fixture.answerWith(404, { endpoint: unknown.subscription });
    fixture.answerWith(503, { endpoint: broken.subscription, retryAfter: null });
    const match = await newMatch('Brentford');
    await patch(match.id, { isLive: true });

    const first = await t.app.push.runOnce();
    expect(first).toEqual({ sent: 0, failed: 0, removed: 2, retried: 3 });
    const gone404410 = await rows(
      t.db,
      sql`select 1 from push_subscriptions where id in (${gone.subscriptionId}, ${unknown.subscriptionId})`,
    );
    expect(gone404410).toEqual([]);
    // Tries go on until each answers for good (the backoff here is 50 ms, at most 200 ms).
    const totals = { sent: 0, failed: 0 };
    for (let i = 0; i < 20 && (await rows(t.db, sql`select 1 from push_jobs`)).length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      const pass = await t.app.push.runOnce();
      totals.sent += pass.sent;
      totals.failed += pass.failed;
    }
    expect(totals).toEqual({ sent: 2, failed: 1 });
    expect(fixture.acceptedCount(throttled.subscription)).toBe(1);
    expect(fixture.acceptedCount(flaky.subscription)).toBe(1);
    // Five tries in all for the one that never recovers.
    expect(fixture.deliveries.filter((d) => d.endpoint === broken.subscription.endpoint)).toHaveLength(5);

    const figures = await summary();
    expect(figures).toMatchObject({
      subscribers: 3,
      devices: 3,
      byTopic: { votingOpens: 3, halfTime: 0, results: 0 },
      lastSend: { event: 'live', matchId: match.id, total: 5, sent: 2, failed: 1, removed: 2, pending: 0 },
    });
    expect(figures.lastSend?.durationMs).toBeGreaterThan(0);
    expect((await client(t).get('/api/admin/push')).status).toBe(401);
    expect((await throttled.api.get('/api/admin/push')).status).toBe(403);
  });

  it('a send made stale before it went out is dropped: no "voting is open" for a match already ended', async () => {
    const fan = await subscribedFan(ALL);
    const match = await newMatch('Burnley');
    await patch(match.id, { isLive: true });
    await patch(match.id, { isLive: false });
    await t.app.push.runOnce();
    expect(payloadOf(fan.subscription).map((p) => p.title)).toEqual([`Results are in: ${match.title}`]);
  });

  it('the running worker sends on its own as soon as the match goes live', async () => {
    const fan = await subscribedFan(OPENS_ONLY);
    const match = await newMatch('Spurs');
    t.app.push.start(t.app.changeFeed);
    try {
      await patch(match.id, { isLive: true });
      await fixture.waitFor(1, 5000);
      expect(payloadOf(fan.subscription)).toHaveLength(1);
    } finally {
      await t.app.push.stop();
    }
  });
});
