import { createPrivateKey, sign } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import webpush, { type RequestOptions, type VapidKeys } from 'web-push';
import { type PushFixture, type PushSubscriptionJson, startPushFixture } from './push-fixture-server';

const SUBJECT = 'mailto:push@matchday.example';
const vapid = webpush.generateVAPIDKeys();

function options(extra: RequestOptions = {}): RequestOptions {
  return {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 60,
    contentEncoding: 'aes128gcm',
    ...extra,
  };
}

/**
 * web-push's sendNotification only speaks https (it fails with EPROTO on http://), so the request it
 * would make is sent with fetch. `override` replaces headers; null drops one.
 */
async function send(
  subscription: PushSubscriptionJson,
  payload: string | null,
  extra: RequestOptions = {},
  override: Record<string, string | null> = {},
) {
  const details = webpush.generateRequestDetails(subscription, payload ?? undefined, options(extra));
  return post(details.endpoint, details.headers, details.body, override);
}

async function post(
  endpoint: string,
  sent: Record<string, unknown>,
  body: Buffer | null,
  override: Record<string, string | null> = {},
) {
  const headers = new Map<string, string>();
  // web-push gives TTL and Content-Length as numbers; fetch sets the length itself.
  for (const [name, value] of Object.entries(sent))
    if (name.toLowerCase() !== 'content-length') headers.set(name.toLowerCase(), String(value));
  for (const [name, value] of Object.entries(override))
    if (value === null) headers.delete(name.toLowerCase());
    else headers.set(name.toLowerCase(), value);
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: Object.fromEntries(headers),
    body: body ? new Uint8Array(body) : null,
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** A VAPID header signed here, for claims web-push refuses to make. */
function handSigned(keys: VapidKeys, claims: Record<string, unknown>, alg = 'ES256') {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ typ: 'JWT', alg })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${signed}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('push fixture', () => {
  let push: PushFixture;
  beforeEach(async () => {
    push = await startPushFixture();
  });
  afterEach(async () => {
    await push.close();
  });

  it('makes subscriptions shaped like PushSubscription.toJSON()', () => {
    const [a, b] = push.subscribeMany(2);
    const one = push.subscribe();
    for (const subscription of [a, b, one]) {
      expect(subscription?.endpoint).toMatch(new RegExp(`^${push.url}/[A-Za-z0-9_-]+$`));
      expect(subscription?.expirationTime).toBeNull();
      const p256dh = Buffer.from(subscription?.keys.p256dh ?? '', 'base64url');
      expect(p256dh).toHaveLength(65);
      expect(p256dh[0]).toBe(4);
      expect(Buffer.from(subscription?.keys.auth ?? '', 'base64url')).toHaveLength(16);
      expect(subscription?.keys.p256dh).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(subscription?.keys.auth).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(new Set([a?.endpoint, b?.endpoint, one.endpoint]).size).toBe(3);
    expect(new Set([a?.keys.p256dh, b?.keys.p256dh, one.keys.p256dh]).size).toBe(3);
  });

  it('decrypts what web-push sent and answers 201 with a Location', async () => {
    const subscription = push.subscribe();
    const payload = JSON.stringify({ title: 'Goal! 1-0', body: 'Müller 23′', url: '/matches/7' });

    const res = await send(subscription, payload, { TTL: 120, urgency: 'high', topic: 'match-7' });

    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${push.origin}/message/`));
    const [delivery] = push.received(subscription);
    expect(delivery).toMatchObject({
      endpoint: subscription.endpoint,
      status: 201,
      accepted: true,
      scripted: false,
      problem: undefined,
      text: payload,
      json: { title: 'Goal! 1-0', body: 'Müller 23′', url: '/matches/7' },
      ttl: 120,
      urgency: 'high',
      topic: 'match-7',
      vapidKey: vapid.publicKey,
      subject: SUBJECT,
    });
    expect(delivery?.receivedAt).toBeGreaterThan(Date.now() - 10_000);
    expect(push.stats()).toMatchObject({ requests: 1, accepted: 1, refused: 0, distinct: 1, doubles: 0 });
  });

  it('keeps a payload that is not JSON as text, and accepts a push without payload', async () => {
    const subscription = push.subscribe();
    expect((await send(subscription, 'plain words')).status).toBe(201);
    expect((await send(subscription, null)).status).toBe(201);

    const [words, empty] = push.received(subscription.endpoint);
    expect(words).toMatchObject({ text: 'plain words', json: undefined });
    expect(empty).toMatchObject({ bytes: 0, text: undefined, accepted: true });
  });

  it('refuses a body that does not decrypt with 400', async () => {
    const [mine, other] = push.subscribeMany(2);
    if (!mine || !other) throw new Error('two subscriptions expected');
    const details = webpush.generateRequestDetails(mine, 'secret', options());
    const tampered = Buffer.from(details.body);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;

    expect((await post(details.endpoint, details.headers, tampered)).status).toBe(400);
    // Encrypted for another subscription's keys.
    expect((await post(other.endpoint, details.headers, details.body)).status).toBe(400);

    expect(push.deliveries.map((d) => [d.status, d.problem])).toEqual([
      [400, 'cannot decrypt: record 0 does not authenticate'],
      [400, 'cannot decrypt: record 0 does not authenticate'],
    ]);
    expect(push.stats()).toMatchObject({ accepted: 0, refused: 2 });
  });

  it('refuses a missing TTL, a wrong Content-Encoding and a bad Urgency or Topic with 400', async () => {
    const subscription = push.subscribe();
    const answers = [
      await send(subscription, 'x', {}, { ttl: null }),
      await send(subscription, 'x', {}, { ttl: '-5' }),
      await send(subscription, 'x', {}, { 'content-encoding': 'aesgcm' }),
      await send(subscription, 'x', {}, { urgency: 'urgent' }),
      await send(subscription, 'x', {}, { topic: 'not a topic!' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(push.deliveries.map((d) => d.problem)).toEqual([
      'TTL header missing or not a non-negative integer',
      'TTL header missing or not a non-negative integer',
      'Content-Encoding aesgcm is not aes128gcm',
      'bad Urgency urgent',
      'Topic is not up to 32 base64url characters',
    ]);
    expect(JSON.parse(answers[0]?.body ?? '')).toMatchObject({ code: 400, error: 'Bad Request' });
  });

  describe('VAPID', () => {
    it('accepts a JWT signed here with good claims (the hand signer is sound)', async () => {
      const subscription = push.subscribe();
      const authorization = handSigned(vapid, {
        aud: push.origin,
        exp: inAnHour(),
        sub: 'https://matchday.example/',
      });
      expect((await send(subscription, 'hi', {}, { authorization })).status).toBe(201);
    });

    it('refuses a signature made with another key', async () => {
      const subscription = push.subscribe();
      const other = webpush.generateVAPIDKeys();
      // Signed with another private key, but claiming our public key.
      const { Authorization } = webpush.getVapidHeaders(
        push.origin,
        SUBJECT,
        vapid.publicKey,
        other.privateKey,
        'aes128gcm',
      );
      expect((await send(subscription, 'hi', {}, { authorization: Authorization })).status).toBe(401);
      expect(push.deliveries[0]?.problem).toBe('JWT signature does not verify with k');
    });

    it('refuses the wrong audience', async () => {
      const subscription = push.subscribe();
      const { Authorization } = webpush.getVapidHeaders(
        'https://fcm.googleapis.com',
        SUBJECT,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
      );
      expect((await send(subscription, 'hi', {}, { authorization: Authorization })).status).toBe(401);
      expect(push.deliveries[0]?.problem).toBe(`JWT aud https://fcm.googleapis.com is not ${push.origin}`);
    });

    it('refuses an expired JWT, and one valid for more than 24 h', async () => {
      const subscription = push.subscribe();
      const expired = webpush.getVapidHeaders(
        push.origin,
        SUBJECT,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
        Math.floor(Date.now() / 1000) - 60,
      );
      const tooLong = handSigned(vapid, {
        aud: push.origin,
        exp: Math.floor(Date.now() / 1000) + 25 * 3600,
        sub: SUBJECT,
      });
      expect((await send(subscription, 'hi', {}, { authorization: expired.Authorization })).status).toBe(401);
      expect((await send(subscription, 'hi', {}, { authorization: tooLong })).status).toBe(401);
      expect(push.deliveries.map((d) => d.problem)).toEqual([
        'JWT has expired',
        'JWT exp is more than 24 h ahead',
      ]);
    });

    it('refuses no Authorization, another scheme, a bad subject or another algorithm', async () => {
      const subscription = push.subscribe();
      const aesgcm = webpush.getVapidHeaders(
        push.origin,
        SUBJECT,
        vapid.publicKey,
        vapid.privateKey,
        'aesgcm',
      );
      const claims = { aud: push.origin, exp: inAnHour() };
      const answers = [
        await send(subscription, 'hi', {}, { authorization: null }),
        await send(subscription, 'hi', {}, { authorization: aesgcm.Authorization }),
        await send(subscription, 'hi', {}, { authorization: handSigned(vapid, claims) }),
        await send(
          subscription,
          'hi',
          {},
          { authorization: handSigned(vapid, { ...claims, sub: 'http://x.example' }) },
        ),
        await send(
          subscription,
          'hi',
          {},
          { authorization: handSigned(vapid, { ...claims, sub: SUBJECT }, 'ES384') },
        ),
        await send(subscription, 'hi', {}, { authorization: `vapid t=a.b.c, k=${'A'.repeat(87)}` }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(push.deliveries.map((d) => d.problem)).toEqual([
        'missing Authorization',
        'Authorization is not the vapid scheme',
        'JWT sub is not a mailto: or https: URL',
        'JWT sub is not a mailto: or https: URL',
        'JWT alg is not ES256',
        'k is not an uncompressed P-256 point',
      ]);
    });

    it('refuses another application server key with 403 when told the expected one', async () => {
      const strict = await startPushFixture({ expectedKey: webpush.generateVAPIDKeys().publicKey });
      try {
        const subscription = strict.subscribe();
        expect((await send(subscription, 'hi')).status).toBe(403);
        expect(strict.deliveries[0]?.problem).toBe('k is not the expected application server key');
      } finally {
        await strict.close();
      }
    });
  });

  it('answers 404 for an unknown subscription and 410 once it expired', async () => {
    const subscription = push.subscribe();
    const unknown = { ...subscription, endpoint: `${push.url}/nobody-here` };
    expect((await send(unknown, 'hi')).status).toBe(404);

    push.expire(subscription.endpoint);
    const gone = await send(subscription, 'hi');

    expect(gone.status).toBe(410);
    expect(push.deliveries.map((d) => [d.id, d.status, d.problem])).toEqual([
      ['nobody-here', 404, 'no such subscription'],
      [subscription.endpoint.split('/').at(-1), 410, 'subscription expired'],
    ]);
    expect(push.received(subscription)).toEqual([]);
  });

  it('answers 404 off the push paths and 405 to other methods', async () => {
    const subscription = push.subscribe();
    expect((await fetch(`${push.origin}/elsewhere`, { method: 'POST' })).status).toBe(404);
    const get = await fetch(subscription.endpoint);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(push.deliveries).toEqual([]);
  });

  it('answers scripted statuses: the next requests, one endpoint, or all', async () => {
    const [a, b] = push.subscribeMany(2);
    if (!a || !b) throw new Error('two subscriptions expected');

    push.answerWith(429, { times: 1, retryAfter: 30 });
    push.answerWith(500, { times: 1 });
    const limited = await send(a, 'one');
    const failed = await send(a, 'one');
    const passed = await send(a, 'one');
    expect([limited.status, failed.status, passed.status]).toEqual([429, 500, 201]);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(failed.headers.get('retry-after')).toBeNull();

    push.answerWith(410, { endpoint: b });
    expect((await send(b, 'two')).status).toBe(410);
    expect((await send(b, 'two')).status).toBe(410);
    expect((await send(a, 'three')).status).toBe(201);

    push.clearAnswers();
    push.answerWith(429);
    const all = await Promise.all([send(a, 'four'), send(b, 'four')]);
    expect(all.map((answer) => [answer.status, answer.headers.get('retry-after')])).toEqual([
      [429, '1'],
      [429, '1'],
    ]);
    push.clearAnswers();
    expect((await send(b, 'five')).status).toBe(201);

    // A scripted answer still records what was sent, and whether it would have passed.
    expect(push.deliveries[0]).toMatchObject({ status: 429, scripted: true, accepted: false, text: 'one' });
    expect(push.stats()).toMatchObject({
      requests: 9,
      accepted: 3,
      byStatus: { 201: 3, 410: 2, 429: 3, 500: 1 },
    });
  });

  it('counts distinct endpoints and doubles, and waits for deliveries', async () => {
    const [a, b, c] = push.subscribeMany(3);
    if (!a || !b || !c) throw new Error('three subscriptions expected');
    const arrived = push.waitFor(4, 5_000);

    await Promise.all([send(a, 'x'), send(a, 'x'), send(b, 'x'), send(c, 'x'), send(c, 'x'), send(c, 'x')]);

    await expect(arrived).resolves.toBeUndefined();
    expect(push.stats()).toMatchObject({ accepted: 6, distinct: 3, doubles: 2 });
    expect(push.acceptedCount(a)).toBe(2);
    expect(push.acceptedCount(c.endpoint)).toBe(3);
    await expect(push.waitFor(7, 50)).rejects.toThrow(
      '7 accepted not reached in 50 ms (6 accepted of 6 requests)',
    );

    push.reset();
    expect(push.stats()).toMatchObject({ requests: 0, accepted: 0, distinct: 0, doubles: 0, byStatus: {} });
    expect(push.deliveries).toEqual([]);
    expect(push.acceptedCount(a)).toBe(0);
  });

  it('accepts a body of 4096 bytes and refuses a bigger one with 413', async () => {
    const subscription = push.subscribe();
    // aes128gcm adds 86 bytes of header, a delimiter byte and a 16-byte tag: 3993 + 103 = 4096.
    const fits = await send(subscription, 'a'.repeat(3993));
    const over = await send(subscription, 'a'.repeat(3994));

    expect([fits.status, over.status]).toEqual([201, 413]);
    expect(push.deliveries.map((d) => [d.bytes, d.status])).toEqual([
      [4096, 201],
      [4097, 413],
    ]);
    expect(push.deliveries[1]?.problem).toBe('body of 4097 bytes is over 4096');
    // The connection is still good for the next push.
    expect((await send(subscription, 'small')).status).toBe(201);
  });

  it('handles many concurrent pushes, counting without keeping payloads', async () => {
    const lean = await startPushFixture({ keepPayloads: false, recordAccepted: false });
    try {
      const subscriptions = lean.subscribeMany(300);
      const done = lean.waitFor(300);
      const answers = await Promise.all(subscriptions.map((s, i) => send(s, JSON.stringify({ i }))));
      await done;
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect(lean.stats()).toMatchObject({ requests: 300, accepted: 300, distinct: 300, doubles: 0 });
      expect(lean.deliveries).toEqual([]);

      // Refusals are still recorded, without their payload.
      const [first] = subscriptions;
      if (!first) throw new Error('a subscription expected');
      lean.expire(first);
      expect((await send(first, 'gone')).status).toBe(410);
      expect(lean.deliveries).toHaveLength(1);
      expect(lean.deliveries[0]?.text).toBeUndefined();
    } finally {
      await lean.close();
    }
  });

  it('rejects pending waits when closed', async () => {
    const other = await startPushFixture();
    const waiting = other.waitFor(1);
    await other.close();
    await expect(waiting).rejects.toThrow('push fixture closed');
  });

  it('cannot be reached by web-push sendNotification, which only speaks https', async () => {
    const subscription = push.subscribe();
    await expect(webpush.sendNotification(subscription, 'hi', options())).rejects.toMatchObject({
      code: 'EPROTO',
    });
    expect(push.deliveries).toEqual([]);
  });
});
