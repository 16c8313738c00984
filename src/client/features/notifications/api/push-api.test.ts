import { DEFAULT_PUSH_TOPICS } from '@shared/push';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mayOfferPush } from '../push-offer-check';
import {
  answerOffer,
  askPermission,
  base64UrlToBytes,
  getPushState,
  normaliseTopics,
  PushPermissionError,
  PushUnavailableError,
  readChoice,
  subscribePush,
  unsubscribePush,
} from './push-api';

const USER = 'user-1';
const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString('base64url');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const KEYS = {
  p256dh: Buffer.alloc(65, 4).toString('base64url'),
  auth: Buffer.alloc(16, 7).toString('base64url'),
};

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
}

function fakeSubscription(key: ArrayBuffer | null = null): FakeSubscription {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** A browser with a service worker, PushManager and Notification, and a server answering the push API. */
function browser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  registered = true,
  subscription = null as FakeSubscription | null,
  serverStatus = 200,
} = {}) {
  const state = { permission, subscription };
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      state.subscription = fakeSubscription();
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage, PushManager: class {} });
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: vi.fn(async () => (registered ? registration : undefined)),
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (serverStatus !== 200)
      return new Response(JSON.stringify({ message: 'This browser’s push service is not one we send to' }), {
        status: serverStatus,
      });
    if (url === '/api/push/key') return Response.json({ publicKey: SERVER_KEY });
    if (url === '/api/push/subscription')
      return Response.json({ topics: (JSON.parse(String(init.body)) as { topics: unknown }).topics });
    if (url === '/api/push/unsubscribe') return Response.json({ removed: true });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { state, pushManager, requestPermission, fetch, storage };
}

const bodyOf = (fetch: ReturnType<typeof vi.fn>, url: string) => {
  const call = fetch.mock.calls.find(([called]) => called === url) as [string, RequestInit] | undefined;
  return call ? (JSON.parse(String(call[1].body)) as unknown) : undefined;
};

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe('push helpers', () => {
  it('turns the base64url VAPID key into the bytes applicationServerKey takes', () => {
    expect([...base64UrlToBytes(SERVER_KEY)]).toEqual([...Buffer.from(SERVER_KEY, 'base64url')]);
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });

  it('fills in the topics, and falls back to the defaults when none is on', () => {
    expect(normaliseTopics({ halfTime: true })).toEqual({
      votingOpens: false,
      halfTime: true,
      results: false,
    });
    expect(normaliseTopics({})).toEqual(DEFAULT_PUSH_TOPICS);
  });
});

describe('the state of this browser', () => {
  it('is unsupported without PushManager, or without a registered service worker', async () => {
    browser();
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    expect((await getPushState(USER)).support).toBe('unsupported');
    expect(mayOfferPush(USER)).toBe(false);
    browser({ registered: false });
    expect(await getPushState(USER)).toEqual({
      support: 'unsupported',
      subscribed: false,
      topics: DEFAULT_PUSH_TOPICS,
    });
  });

  it('is denied when the fan blocked notifications (the offer card then stays away)', async () => {
    browser({ permission: 'denied' });
    expect(await getPushState(USER)).toEqual({
      support: 'denied',
      subscribed: false,
      topics: DEFAULT_PUSH_TOPICS,
    });
  });

  it('is subscribed only with the permission, a subscription and the choice kept here', async () => {
    const env = browser({ permission: 'granted', subscription: fakeSubscription() });
    expect(await getPushState(USER)).toMatchObject({ support: 'granted', subscribed: false });
    await subscribePush(USER, { votingOpens: true, halfTime: true, results: false });
    expect(await getPushState(USER)).toEqual({
      support: 'granted',
      subscribed: true,
      topics: { votingOpens: true, halfTime: true, results: false },
    });
    env.state.subscription = null;
    expect((await getPushState(USER)).subscribed).toBe(false);
  });
});

describe('turning notifications on', () => {
  it('asks once, subscribes with the server key, and sends the subscription with the topics', async () => {
    const env = browser();
    expect(mayOfferPush(USER)).toBe(true);
    const permission = askPermission();
    expect(env.requestPermission).toHaveBeenCalledTimes(1);
    const topics = await subscribePush(
      USER,
      { votingOpens: true, halfTime: false, results: true },
      permission,
    );
    expect(topics).toEqual({ votingOpens: true, halfTime: false, results: true });
    expect(env.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = env.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect([...((options?.applicationServerKey ?? []) as Uint8Array)]).toEqual([
      ...Buffer.from(SERVER_KEY, 'base64url'),
    ]);
    const put = env.fetch.mock.calls.find(([url]) => url === '/api/push/subscription')?.[1] as RequestInit;
    expect(put.method).toBe('PUT');
    expect(bodyOf(env.fetch, '/api/push/subscription')).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: KEYS,
      topics: { votingOpens: true, halfTime: false, results: true },
    });
    expect(readChoice(USER)).toEqual({ on: true, topics });
    // Answered: the offer after a vote is not made again on this device.
    expect(mayOfferPush(USER)).toBe(false);
  });

  it('changes the topics on the same subscription, without asking again', async () => {
    const env = browser({ permission: 'granted', subscription: fakeSubscription() });
    await subscribePush(USER, { votingOpens: false, halfTime: true, results: false });
    expect(env.requestPermission).not.toHaveBeenCalled();
    expect(env.pushManager.subscribe).not.toHaveBeenCalled();
    expect(bodyOf(env.fetch, '/api/push/subscription')).toMatchObject({
      topics: { votingOpens: false, halfTime: true, results: false },
    });
  });

  it('replaces a subscription made with another server key', async () => {
    const old = fakeSubscription(new Uint8Array(65).fill(9).buffer);
    const env = browser({ permission: 'granted', subscription: old });
    await subscribePush(USER, DEFAULT_PUSH_TOPICS);
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(env.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the fan refuses the prompt', async () => {
    const env = browser({ answer: 'denied' });
    await expect(subscribePush(USER, DEFAULT_PUSH_TOPICS)).rejects.toBeInstanceOf(PushPermissionError);
    expect(env.fetch).not.toHaveBeenCalled();
    expect(env.pushManager.subscribe).not.toHaveBeenCalled();
    expect(readChoice(USER)).toBeNull();
  });

  it('keeps nothing on the device when the server refuses the subscription', async () => {
    browser({ permission: 'granted', serverStatus: 400 });
    await expect(subscribePush(USER, DEFAULT_PUSH_TOPICS)).rejects.toThrow(/^400: /);
    expect(readChoice(USER)).toBeNull();
  });

  it('fails plainly where the browser has no push at all', async () => {
    browser();
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    await expect(askPermission()).rejects.toBeInstanceOf(PushUnavailableError);
  });
});

describe('turning notifications off', () => {
  it('has the server forget the subscription, then drops it, keeping the topics for next time', async () => {
    const subscription = fakeSubscription();
    const env = browser({ permission: 'granted', subscription });
    await subscribePush(USER, { votingOpens: true, halfTime: true, results: true });
    await unsubscribePush(USER);
    expect(bodyOf(env.fetch, '/api/push/unsubscribe')).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(readChoice(USER)).toEqual({
      on: false,
      topics: { votingOpens: true, halfTime: true, results: true },
    });
    expect((await getPushState(USER)).subscribed).toBe(false);
  });

  it('keeps the subscription when the server could not forget it', async () => {
    const subscription = fakeSubscription();
    browser({ permission: 'granted', subscription, serverStatus: 500 });
    await expect(unsubscribePush(USER)).rejects.toThrow(/^500: /);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('answers the offer for good on "Not now"', () => {
    browser();
    expect(mayOfferPush(USER)).toBe(true);
    answerOffer(USER, 'dismissed');
    expect(mayOfferPush(USER)).toBe(false);
    expect(mayOfferPush('another-fan')).toBe(true);
  });
});
