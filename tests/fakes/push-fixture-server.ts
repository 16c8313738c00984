import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What `PushSubscription.toJSON()` gives in a browser: keys in base64url without padding. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** One request to a push endpoint, as the fixture saw and answered it. */
export interface PushDelivery {
  /** The subscription id: the last segment of the endpoint path. */
  id: string;
  endpoint: string;
  /** The status answered: 201 when accepted. */
  status: number;
  accepted: boolean;
  /** True when the status came from `answerWith` rather than from the checks. */
  scripted: boolean;
  /** Why the checks refused the request (also set when a scripted answer hid the refusal). */
  problem: string | undefined;
  ttl: number | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID public key (`k`, base64url) and JWT `sub`, when the JWT verified. */
  vapidKey: string | undefined;
  subject: string | undefined;
  /** Size of the encrypted body. */
  bytes: number;
  /** The decrypted payload (undefined with `keepPayloads: false` or an empty push). */
  text: string | undefined;
  /** `text` parsed, when it is JSON. */
  json: unknown;
  /** Date.now() when the request arrived. */
  receivedAt: number;
}

export interface PushFixtureOptions {
  /** Refuse (403) a VAPID key other than this one (base64url, 65-byte point), as a subscription made with an applicationServerKey does. */
  expectedKey?: string;
  /** Largest body accepted (413 beyond). Default 4096, the size RFC 8291 has push services accept. */
  maxBodyBytes?: number;
  /** Keep the decrypted text and JSON of each delivery. Default true; false for benchmarks. */
  keepPayloads?: boolean;
  /** Record accepted deliveries in `deliveries`. Default true; refused ones are always recorded. */
  recordAccepted?: boolean;
}

export interface AnswerOptions {
  /** Only this many requests (default: every request until `clearAnswers()`). */
  times?: number;
  /** Only requests to this endpoint (or subscription, or id). */
  endpoint?: string | { endpoint: string };
  /** The Retry-After header; 429 and 503 get '1' unless told otherwise, null sends none. */
  retryAfter?: number | string | null;
}

export interface PushFixtureStats {
  /** Requests to /push/<id> answered (any status). */
  requests: number;
  accepted: number;
  refused: number;
  /** Endpoints with at least one accepted delivery. */
  distinct: number;
  /** Endpoints with more than one accepted delivery. */
  doubles: number;
  byStatus: Record<number, number>;
}

/** Per subscription: private key (32) || public key (65) || auth secret (16), in one small buffer. */
interface Subscription {
  key: Buffer | null;
  accepted: number;
}

interface Script {
  status: number;
  times: number | undefined;
  id: string | undefined;
  retryAfter: string | undefined;
}

interface Waiter {
  count: number;
  of: 'accepted' | 'requests';
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Verdict {
  status: number;
  problem?: string;
  ttl?: number;
  urgency?: string;
  topic?: string;
  vapidKey?: string;
  subject?: string;
  text?: string;
}

const KEY_BYTES = 32 + 65 + 16;
const PATH = /^\/push\/([A-Za-z0-9_-]+)$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
// Past this the socket is dropped rather than drained to answer 413.
const DRAIN_LIMIT = 1 << 20;
// One ECDH object serves every key pair and every decryption: all of it runs synchronously.
const ecdh = createECDH('prime256v1');

/**
 * A stand-in for a Web Push service (FCM, Mozilla autopush) on 127.0.0.1, speaking the real protocol:
 *
 * - `subscribe()` / `subscribeMany(n)` make subscriptions as a browser does (P-256 key pair, 16-byte
 *   auth secret, endpoint `${origin}/push/<id>`) and return `PushSubscription.toJSON()`'s shape.
 * - `POST /push/<id>` checks VAPID (RFC 8292: `Authorization: vapid t=<ES256 JWT>, k=<key>`, `aud` the
 *   origin, `exp` within 24 h, `sub` mailto: or https:; 401, or 403 for a key other than `expectedKey`),
 *   the `TTL`, `Urgency` and `Topic` headers (400), decrypts the aes128gcm body (RFC 8188 + 8291; 400
 *   when it does not) and answers 201 with a Location. Unknown ids answer 404, `expire()`d ones 410,
 *   bodies over `maxBodyBytes` 413.
 * - `answerWith(status, { times, endpoint, retryAfter })` overrides the answer (429, 500, 410...), for
 *   every request, the next `times`, or one endpoint's. Scripts apply in the order given and win over
 *   every check but 413; the checks still run, so `problem` and `text` say what the request held.
 * - `deliveries` records every request; `received(endpoint)` the accepted ones of one subscription;
 *   `stats()` counts (accepted, distinct endpoints, doubles); `waitFor(n)` waits for n accepted.
 */
export async function startPushFixture(options: PushFixtureOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? 4096;
  const keepPayloads = options.keepPayloads ?? true;
  const recordAccepted = options.recordAccepted ?? true;
  const subscriptions = new Map<string, Subscription>();
  const deliveries: PushDelivery[] = [];
  const byStatus: Record<number, number> = {};
  const counts = { requests: 0, accepted: 0, distinct: 0, doubles: 0 };
  let scripts: Script[] = [];
  let waiters: Waiter[] = [];
  // Parsing a point is dearer than a lookup: senders use one or two keys.
  const keyObjects = new Map<string, KeyObject>();
  let origin = '';

  function newSubscription(id: string, auth: Buffer): PushSubscriptionJson {
    const publicKey = ecdh.generateKeys();
    const key = Buffer.allocUnsafe(KEY_BYTES);
    const privateKey = ecdh.getPrivateKey();
    // The private key loses its leading zero bytes: pad it back to 32.
    key.fill(0, 0, 32 - privateKey.length);
    privateKey.copy(key, 32 - privateKey.length);
    publicKey.copy(key, 32);
    auth.copy(key, 97);
    subscriptions.set(id, { key, accepted: 0 });
    return {
      endpoint: `${origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  function idOf(target: string | { endpoint: string }): string {
    const text = typeof target === 'string' ? target : target.endpoint;
    return text.slice(text.lastIndexOf('/') + 1);
  }

  function publicKeyObject(k: string): KeyObject | undefined {
    const cached = keyObjects.get(k);
    if (cached) return cached;
    const point = Buffer.from(k, 'base64url');
    if (point.length !== 65 || point[0] !== 4) return undefined;
    try {
      const key = createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        format: 'jwk',
      });
      if (keyObjects.size < 64) keyObjects.set(k, key);
      return key;
    } catch {
      // Not a point on the curve.
      return undefined;
    }
  }

  function checkVapid(header: string | undefined): Verdict {
    if (!header) return { status: 401, problem: 'missing Authorization' };
    const match = /^vapid\s+(.*)$/i.exec(header.trim());
    if (!match) return { status: 401, problem: 'Authorization is not the vapid scheme' };
    const params = new Map<string, string>();
    for (const part of (match[1] ?? '').split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
    }
    const token = params.get('t');
    const k = params.get('k');
    if (!token || !k) return { status: 401, problem: 'vapid needs t= and k=' };
    if (!BASE64URL.test(k)) return { status: 401, problem: 'k is not base64url' };
    const key = publicKeyObject(k);
    if (!key) return { status: 401, problem: 'k is not an uncompressed P-256 point' };
    if (options.expectedKey !== undefined && k !== options.expectedKey)
      return { status: 403, problem: 'k is not the expected application server key' };

    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
      return { status: 401, problem: 'JWT is malformed' };
    const [head = '', body = '', signature = ''] = parts;
    let jwtHeader: unknown;
    let claims: unknown;
    try {
      jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { status: 401, problem: 'JWT is malformed' };
    }
    if (!isRecord(jwtHeader) || jwtHeader.alg !== 'ES256')
      return { status: 401, problem: 'JWT alg is not ES256' };
    const raw = Buffer.from(signature, 'base64url');
    if (
      raw.length !== 64 ||
      !verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, raw)
    )
      return { status: 401, problem: 'JWT signature does not verify with k' };
    if (!isRecord(claims)) return { status: 401, problem: 'JWT claims are not an object' };
    if (claims.aud !== origin)
      return { status: 401, problem: `JWT aud ${String(claims.aud)} is not ${origin}` };
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
      return { status: 401, problem: 'JWT exp is missing' };
    if (claims.exp <= now) return { status: 401, problem: 'JWT has expired' };
    if (claims.exp > now + 24 * 60 * 60) return { status: 401, problem: 'JWT exp is more than 24 h ahead' };
    if (!isSubject(claims.sub)) return { status: 401, problem: 'JWT sub is not a mailto: or https: URL' };
    return { status: 201, vapidKey: k, subject: claims.sub };
  }

  /** RFC 8030, 8291, 8292: what a real push service would answer this request with. */
  function check(req: IncomingMessage, id: string, body: Buffer): Verdict {
    const subscription = subscriptions.get(id);
    if (!subscription) return { status: 404, problem: 'no such subscription' };
    if (!subscription.key) return { status: 410, problem: 'subscription expired' };
    const vapid = checkVapid(req.headers.authorization);
    if (vapid.status !== 201) return vapid;

    const ttlHeader = req.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader.trim()))
      return { ...vapid, status: 400, problem: 'TTL header missing or not a non-negative integer' };
    const heard: Verdict = { ...vapid, ttl: Number(ttlHeader.trim()) };
    const urgency = req.headers.urgency;
    if (typeof urgency === 'string') {
      heard.urgency = urgency;
      if (!URGENCIES.has(urgency)) return { ...heard, status: 400, problem: `bad Urgency ${urgency}` };
    }
    const topic = req.headers.topic;
    if (typeof topic === 'string') {
      heard.topic = topic;
      if (topic.length > 32 || !BASE64URL.test(topic))
        return { ...heard, status: 400, problem: 'Topic is not up to 32 base64url characters' };
    }
    // A push without a payload is allowed (RFC 8030 5): nothing to decrypt.
    if (body.length === 0) return heard;
    const encoding = req.headers['content-encoding'];
    if (encoding?.toLowerCase() !== 'aes128gcm')
      return { ...heard, status: 400, problem: `Content-Encoding ${String(encoding)} is not aes128gcm` };
    const plain = decrypt(body, subscription.key);
    if (typeof plain === 'string') return { ...heard, status: 400, problem: `cannot decrypt: ${plain}` };
    return { ...heard, text: plain.toString('utf8') };
  }

  function scripted(id: string): Script | undefined {
    const index = scripts.findIndex((script) => script.id === undefined || script.id === id);
    const script = scripts[index];
    if (!script) return undefined;
    if (script.times !== undefined) {
      script.times -= 1;
      if (script.times <= 0) scripts.splice(index, 1);
    }
    return script;
  }

  function settle() {
    if (waiters.length === 0) return;
    waiters = waiters.filter((waiter) => {
      const have = waiter.of === 'accepted' ? counts.accepted : counts.requests;
      if (have < waiter.count) return true;
      clearTimeout(waiter.timer);
      waiter.resolve();
      return false;
    });
  }

  function record(
    id: string,
    verdict: Verdict,
    script: Script | undefined,
    bytes: number,
    receivedAt: number,
  ) {
    const status = script?.status ?? verdict.status;
    const accepted = status === 201;
    counts.requests += 1;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (accepted) {
      counts.accepted += 1;
      const subscription = subscriptions.get(id);
      if (subscription) {
        subscription.accepted += 1;
        if (subscription.accepted === 1) counts.distinct += 1;
        if (subscription.accepted === 2) counts.doubles += 1;
      }
    }
    if (!accepted || recordAccepted) {
      const text = keepPayloads ? verdict.text : undefined;
      deliveries.push({
        id,
        endpoint: `${origin}/push/${id}`,
        status,
        accepted,
        scripted: script !== undefined,
        problem: verdict.problem,
        ttl: verdict.ttl,
        urgency: verdict.urgency,
        topic: verdict.topic,
        vapidKey: verdict.vapidKey,
        subject: verdict.subject,
        bytes,
        text,
        json: text === undefined ? undefined : parseJson(text),
        receivedAt,
      });
    }
    settle();
    return status;
  }

  function reply(res: ServerResponse, status: number, headers: Record<string, string>, message?: string) {
    if (status === 201 || status === 204 || message === undefined) {
      res.writeHead(status, { ...headers, 'content-length': '0' });
      res.end();
      return;
    }
    // Autopush's error shape: enough for a sender to log.
    const body = JSON.stringify({ code: status, error: STATUS_CODES[status] ?? 'Error', message });
    res.writeHead(status, {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const receivedAt = Date.now();
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = PATH.exec(path);
    if (!match) {
      req.resume();
      reply(res, 404, {}, 'not a push endpoint');
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      reply(res, 405, { allow: 'POST' }, 'push with POST');
      return;
    }
    const id = match[1] ?? '';
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
      else if (size > DRAIN_LIMIT || declared > DRAIN_LIMIT) req.destroy();
    });
    req.on('end', () => {
      if (size > maxBodyBytes) {
        const verdict = { status: 413, problem: `body of ${size} bytes is over ${maxBodyBytes}` };
        reply(res, record(id, verdict, undefined, size, receivedAt), {}, verdict.problem);
        return;
      }
      const body = Buffer.concat(chunks, size);
      const verdict = check(req, id, body);
      const script = scripted(id);
      const status = record(id, verdict, script, size, receivedAt);
      const headers: Record<string, string> = {};
      if (status === 201) {
        headers.location = `${origin}/message/${randomBytes(12).toString('base64url')}`;
        if (verdict.ttl !== undefined) headers.ttl = String(verdict.ttl);
      }
      if (script?.retryAfter !== undefined) headers['retry-after'] = script.retryAfter;
      reply(res, status, headers, script ? 'scripted answer' : verdict.problem);
    });
  }

  const server = createServer(handle);
  // Senders keep connections open between pushes, as they do with a real service.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  function wait(of: Waiter['of'], count: number, timeoutMs: number) {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters = waiters.filter((waiter) => waiter.timer !== timer);
        reject(
          new Error(
            `push fixture: ${count} ${of} not reached in ${timeoutMs} ms ` +
              `(${counts.accepted} accepted of ${counts.requests} requests)`,
          ),
        );
      }, timeoutMs);
      waiters.push({ count, of, resolve, reject, timer });
      settle();
    });
  }

  return {
    /** Where the endpoints live: `${origin}/push`. */
    url: `${origin}/push`,
    /** The push service's origin: the `aud` a VAPID JWT must carry. */
    origin,
    /** Every request to an endpoint (accepted ones only with `recordAccepted`), oldest first. */
    deliveries,
    /** A new browser-side subscription. */
    subscribe(): PushSubscriptionJson {
      const random = randomBytes(32);
      return newSubscription(random.subarray(0, 16).toString('base64url'), random.subarray(16));
    },
    /** `count` new subscriptions, with one draw of randomness. */
    subscribeMany(count: number): PushSubscriptionJson[] {
      const random = randomBytes(32 * count);
      const made: PushSubscriptionJson[] = [];
      for (let i = 0; i < count; i += 1) {
        const at = 32 * i;
        made.push(
          newSubscription(
            random.subarray(at, at + 16).toString('base64url'),
            random.subarray(at + 16, at + 32),
          ),
        );
      }
      return made;
    },
    /** The subscription is gone (the user unsubscribed): its endpoint answers 410 from now on. */
    expire(target: string | { endpoint: string }) {
      const subscription = subscriptions.get(idOf(target));
      if (subscription) subscription.key = null;
    },
    /** Accepted deliveries to one subscription (by endpoint, subscription or id), oldest first. */
    received(target: string | { endpoint: string }): PushDelivery[] {
      const id = idOf(target);
      return deliveries.filter((delivery) => delivery.accepted && delivery.id === id);
    },
    /** How many deliveries one subscription accepted (counted even without `recordAccepted`). */
    acceptedCount(target: string | { endpoint: string }): number {
      return subscriptions.get(idOf(target))?.accepted ?? 0;
    },
    /** Answer with `status` instead of the checks' answer: see AnswerOptions. */
    answerWith(status: number, answer: AnswerOptions = {}) {
      if (answer.times !== undefined && answer.times <= 0) return;
      const retryDefault = status === 429 || status === 503 ? '1' : undefined;
      const retryAfter = answer.retryAfter === undefined ? retryDefault : (answer.retryAfter ?? undefined);
      scripts.push({
        status,
        times: answer.times,
        id: answer.endpoint === undefined ? undefined : idOf(answer.endpoint),
        retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
      });
    },
    /** Back to answering by the checks. */
    clearAnswers() {
      scripts = [];
    },
    stats(): PushFixtureStats {
      return {
        ...counts,
        refused: counts.requests - counts.accepted,
        byStatus: { ...byStatus },
      };
    },
    /** Resolves once `count` deliveries in all have been accepted; rejects after `timeoutMs`. */
    waitFor: (count: number, timeoutMs = 10_000) => wait('accepted', count, timeoutMs),
    /** Resolves once `count` requests in all have been answered, whatever the status. */
    waitForRequests: (count: number, timeoutMs = 10_000) => wait('requests', count, timeoutMs),
    /** Forgets deliveries, counts and scripted answers; subscriptions stay. */
    reset() {
      deliveries.length = 0;
      scripts = [];
      counts.requests = 0;
      counts.accepted = 0;
      counts.distinct = 0;
      counts.doubles = 0;
      for (const status of Object.keys(byStatus)) delete byStatus[Number(status)];
      for (const subscription of subscriptions.values()) subscription.accepted = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const waiter of waiters) {
          clearTimeout(waiter.timer);
          waiter.reject(new Error('push fixture closed'));
        }
        waiters = [];
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
export type PushFixture = Awaited<ReturnType<typeof startPushFixture>>;

/**
 * RFC 8188 aes128gcm with the RFC 8291 key: the plaintext, or why it could not be had.
 * `key` is private key (32) || public key (65) || auth secret (16).
 */
function decrypt(body: Buffer, key: Buffer): Buffer | string {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  if (body.length < 21) return 'shorter than the aes128gcm header';
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  if (recordSize < 18) return `record size ${recordSize} is under 18`;
  if (idLength !== 65) return `key id of ${idLength} bytes is not a P-256 public key`;
  const start = 21 + idLength;
  if (body.length <= start) return 'no records';
  const senderKey = body.subarray(21, start);
  const uaPublic = key.subarray(32, 97);
  let secret: Buffer;
  try {
    ecdh.setPrivateKey(key.subarray(0, 32));
    secret = ecdh.computeSecret(senderKey);
  } catch {
    return 'key id is not a point on P-256';
  }
  // RFC 8291 3.4: IKM from the ECDH secret, salted with the auth secret, bound to both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, key.subarray(97), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const plain: Buffer[] = [];
  let sequence = 0;
  for (let at = start; at < body.length; at += recordSize, sequence += 1) {
    const record = body.subarray(at, Math.min(at + recordSize, body.length));
    const last = at + recordSize >= body.length;
    if (record.length < 17) return `record ${sequence} is too short`;
    // The record sequence number is XORed into the low bytes of the nonce (RFC 8188 2.3).
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    let data: Buffer;
    try {
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      return `record ${sequence} does not authenticate`;
    }
    // Padding: the delimiter (2 on the last record, 1 before) and then zeros.
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end -= 1;
    if (end < 0) return `record ${sequence} has no padding delimiter`;
    if (data[end] !== (last ? 2 : 1)) return `record ${sequence} has delimiter ${data[end]}`;
    plain.push(data.subarray(0, end));
  }
  return Buffer.concat(plain);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSubject(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'mailto:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the text alone is recorded.
    return undefined;
  }
}
