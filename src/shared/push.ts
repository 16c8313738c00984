import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors } from './errors';

/**
 * Web Push: a fan's device asks to be told when voting opens, at half time and when the results are in.
 * The page subscribes through the browser's push service and hands the server the subscription; the
 * server sends each event once per subscription.
 */

/** What a fan can be told, in the order the page lists them. */
export const PUSH_TOPICS = ['votingOpens', 'halfTime', 'results'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** The match events that send a notification, and the topic each one needs. */
export const PUSH_EVENTS = { live: 'votingOpens', half_time: 'halfTime', ended: 'results' } as const;
export type PushEvent = keyof typeof PUSH_EVENTS;

export const pushTopics = z
  .object({ votingOpens: z.boolean(), halfTime: z.boolean(), results: z.boolean() })
  .strict()
  .refine((t) => t.votingOpens || t.halfTime || t.results, 'Choose at least one notification');
export type PushTopics = z.infer<typeof pushTopics>;

/** Before a fan chooses: voting opens and the results, not the half-time score. */
export const DEFAULT_PUSH_TOPICS: PushTopics = { votingOpens: true, halfTime: false, results: true };

/** A push service URL, as browsers give it: https, and never longer than this. */
export const PUSH_ENDPOINT_MAX = 1024;
/** Subscriptions one fan may keep (one per browser and device); the oldest goes beyond it. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export const PUSH_ERRORS = defineErrors('push', {
  unknownService: 'This browser’s push service is not one we send to',
  badKey: 'This browser’s notification key is not valid',
});

// base64url without padding (PushSubscription.toJSON()): a P-256 public key is 65 bytes, an auth secret 16.
const base64url = (bytes: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `${label} is not valid`);

export const pushEndpoint = z
  .url({ protocol: /^https?$/, error: 'The push endpoint must be a URL' })
  .max(PUSH_ENDPOINT_MAX, 'The push endpoint is too long');

export const pushSubscriptionBody = z
  .object({
    endpoint: pushEndpoint,
    // PushSubscription.toJSON() carries it; push services rarely set it, and the server does not use it.
    expirationTime: z.number().min(0).max(8.64e15).nullable().optional(),
    keys: z
      .object({ p256dh: base64url(65, 'The p256dh key'), auth: base64url(16, 'The auth secret') })
      .strict(),
    topics: pushTopics,
  })
  .strict();
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushEndpointBody = z.object({ endpoint: pushEndpoint }).strict();

export const pushSubscriptionAnswer = z.object({ topics: pushTopics });

export const pushKey = z.object({
  /** The server's VAPID public key (base64url): the applicationServerKey the page subscribes with. */
  publicKey: z.string(),
});

/** The notification a push carries, as the service worker reads it. */
export const pushPayload = z.object({
  title: z.string().max(200),
  body: z.string().max(400),
  /** Same-origin path opened when the notification is tapped. */
  url: z.string().startsWith('/').max(200),
  /** Later notifications of a match replace earlier ones. */
  tag: z.string().max(64),
});
export type PushPayload = z.infer<typeof pushPayload>;

export const pushSendSummary = z.object({
  event: z.enum(['live', 'half_time', 'ended']),
  matchId: z.number().int(),
  matchTitle: z.string(),
  createdAt: z.string(),
  /** Subscriptions the send was for. */
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Subscriptions the push service said were gone (404/410), deleted. */
  removed: z.number().int(),
  /** Still to deliver or to retry. */
  pending: z.number().int(),
  /** From the match event to the last answer, once nothing is pending. */
  durationMs: z.number().int().nullable(),
});
export type PushSendSummary = z.infer<typeof pushSendSummary>;

export const adminPushSummary = z.object({
  /** Fans with at least one subscription. */
  subscribers: z.number().int(),
  /** Subscriptions: one per fan's browser. */
  devices: z.number().int(),
  byTopic: z.object({ votingOpens: z.number().int(), halfTime: z.number().int(), results: z.number().int() }),
  lastSend: pushSendSummary.nullable(),
});
export type AdminPushSummary = z.infer<typeof adminPushSummary>;

export const pushApi = {
  key: endpoint({ method: 'GET', path: '/api/push/key', response: pushKey }),
  /** Stores (or updates) this browser's subscription for the signed-in fan. */
  subscribe: endpoint({
    method: 'PUT',
    path: '/api/push/subscription',
    body: pushSubscriptionBody,
    response: pushSubscriptionAnswer,
  }),
  /** Forgets this browser's subscription (opting out). */
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/push/unsubscribe',
    body: pushEndpointBody,
    response: z.object({ removed: z.boolean() }),
  }),
  adminSummary: endpoint({ method: 'GET', path: '/api/admin/push', response: adminPushSummary }),
};
