import { callEndpoint } from '@client/lib/api-client';
import { browserStorage } from '@client/lib/storage';
import { DEFAULT_PUSH_TOPICS, PUSH_TOPICS, type PushTopics, pushApi, pushTopics } from '@shared/push';
import { z } from 'zod';
import { pushOfferKey } from '../push-offer-check';

/**
 * This browser's Web Push subscription for the signed-in fan: the browser's push service gives the
 * subscription, the server keeps it with the fan's topics (src/shared/push.ts). The fan's choice (on or
 * off, and the topics) is also kept on the device, per fan, to show it; the browser says whether it is
 * still subscribed.
 */

/** Where the fan's choice is kept on this device (`:<user id>` follows). */
export const PUSH_TOPICS_KEY = 'matchday_push_topics';
/** How long to wait for the service worker to be active before giving up. */
const WORKER_WAIT_MS = 10_000;

/**
 * - unsupported: no service worker, no PushManager (an iPhone outside the Home Screen), none registered.
 * - denied: the fan blocked notifications for the site (only the browser's settings undo it).
 * - default: not asked yet. granted: allowed.
 */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export interface PushState {
  support: PushSupport;
  /** This browser is subscribed and the server has this fan's topics for it. */
  subscribed: boolean;
  /** The topics on (or, when off, those to start with). */
  topics: PushTopics;
}

/** A refusal by the fan (or the browser) of the permission prompt: nothing was sent to the server. */
export class PushPermissionError extends Error {
  readonly permission: NotificationPermission;

  constructor(permission: NotificationPermission) {
    super(`Notification permission is ${permission}`);
    this.name = 'PushPermissionError';
    this.permission = permission;
  }
}

export class PushUnavailableError extends Error {
  constructor(message = 'Push notifications are not available in this browser') {
    super(message);
    this.name = 'PushUnavailableError';
  }
}

const choiceSchema = z.object({ on: z.boolean(), topics: pushTopics });
/** The fan's last choice on this device: whether they turned notifications on, and for what. */
export type PushChoice = z.infer<typeof choiceSchema>;

/** The choice kept on this device for the fan, or null (never chosen here, or a shape of the past). */
export function readChoice(userId: string): PushChoice | null {
  try {
    const raw = browserStorage()?.getItem(`${PUSH_TOPICS_KEY}:${userId}`);
    if (!raw) return null;
    const parsed = choiceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeChoice(userId: string, choice: PushChoice): void {
  try {
    browserStorage()?.setItem(`${PUSH_TOPICS_KEY}:${userId}`, JSON.stringify(choice));
  } catch {
    // A full or disabled store: the state is read from the browser again next time.
  }
}

/** The offer after a vote is answered on this device (turned on, "Not now", or turned off later). */
export function answerOffer(userId: string, answer: 'dismissed' | 'subscribed'): void {
  try {
    browserStorage()?.setItem(pushOfferKey(userId), answer);
  } catch {
    // The offer may come back once more: nothing worse.
  }
}

/** Whether this browser has what Web Push needs (the permission aside). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof Notification !== 'undefined'
  );
}

/** base64url (the VAPID public key) to the bytes `applicationServerKey` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer, b: Uint8Array): boolean {
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((byte, i) => byte === b[i]);
}

/** The topics, filled in and with at least one on (the server refuses none). */
export function normaliseTopics(topics: Partial<PushTopics>): PushTopics {
  const full = Object.fromEntries(PUSH_TOPICS.map((topic) => [topic, topics[topic] === true])) as PushTopics;
  return PUSH_TOPICS.some((topic) => full[topic]) ? full : { ...DEFAULT_PUSH_TOPICS };
}

/** The registration of the page's service worker, or null (none: the development server, a blocked one). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The registration once its worker is active (a first visit may still be installing it). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await registration())) throw new PushUnavailableError('No service worker is registered');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new PushUnavailableError('The service worker did not start')),
      WORKER_WAIT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the fan's notifications are on this browser. */
export async function getPushState(userId: string): Promise<PushState> {
  const kept = readChoice(userId);
  const topics = kept?.topics ?? { ...DEFAULT_PUSH_TOPICS };
  if (!pushSupported()) return { support: 'unsupported', subscribed: false, topics };
  const permission = Notification.permission;
  if (permission === 'denied') return { support: 'denied', subscribed: false, topics };
  const found = await registration().catch(() => null);
  if (!found) return { support: 'unsupported', subscribed: false, topics };
  const subscription = await found.pushManager.getSubscription().catch(() => null);
  return {
    support: permission,
    subscribed: permission === 'granted' && subscription !== null && kept?.on === true,
    topics,
  };
}

/**
 * Asks the fan for the permission, when it is not granted yet. Call it in the tap itself (Safari allows
 * the prompt only there), before anything else is awaited.
 */
export function askPermission(): Promise<NotificationPermission> {
  const answer = !pushSupported()
    ? Promise.reject(new PushUnavailableError())
    : Notification.permission === 'default'
      ? Notification.requestPermission()
      : Promise.resolve(Notification.permission);
  // Awaited later (by subscribePush): a refusal is not an unhandled one meanwhile.
  answer.catch(() => undefined);
  return answer;
}

/**
 * Turns notifications on for these topics, or changes them: the permission (asked by `askPermission` in
 * the tap), the browser's subscription with the server's key (a new one if the key changed), then the
 * server keeps it with the topics. Answers the topics the server kept.
 */
export async function subscribePush(
  userId: string,
  topics: PushTopics,
  permission: Promise<NotificationPermission> = askPermission(),
): Promise<PushTopics> {
  const allowed = await permission;
  if (allowed !== 'granted') throw new PushPermissionError(allowed);
  const ready = await activeRegistration();
  const { publicKey } = await callEndpoint(pushApi.key, {});
  const key = base64UrlToBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  const subscribedKey = subscription?.options.applicationServerKey;
  // A subscription made with another key (the server's keys were replaced) cannot be sent to.
  if (subscription && subscribedKey && !sameBytes(subscribedKey, key)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth)
    throw new PushUnavailableError('The browser gave a subscription without keys');
  const answer = await callEndpoint(pushApi.subscribe, {
    body: {
      endpoint: json.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh, auth },
      topics: normaliseTopics(topics),
    },
  });
  writeChoice(userId, { on: true, topics: answer.topics });
  answerOffer(userId, 'subscribed');
  return answer.topics;
}

/**
 * Turns notifications off on this browser: the server forgets the subscription first (so nothing more is
 * sent should the browser fail to drop it), then the browser drops it. The topics stay on the device,
 * to start with next time.
 */
export async function unsubscribePush(userId: string): Promise<void> {
  const found = pushSupported() ? await registration() : null;
  const subscription = await found?.pushManager.getSubscription();
  if (subscription) {
    await callEndpoint(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe().catch(() => false);
  }
  writeChoice(userId, { on: false, topics: readChoice(userId)?.topics ?? { ...DEFAULT_PUSH_TOPICS } });
  answerOffer(userId, 'dismissed');
}
