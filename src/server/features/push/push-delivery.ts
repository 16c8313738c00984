import { isLocale, type Locale } from '@shared/i18n/locales';
import type { PushEvent, PushPayload } from '@shared/push';
import webpush from 'web-push';
import type { VapidDetails } from '../../env';
import { translator } from '../../lib/i18n';
import { pushServiceAllowed } from './push.policy';
import type { Job, Outcome, SendFacts } from './push-queue';

/** How long a push service keeps a notification for a device that is offline, by event. */
const TTL_SECONDS: Record<PushEvent, number> = { live: 2 * 3600, half_time: 15 * 60, ended: 24 * 3600 };
/** Voting opening is worth waking a phone for; the rest is not. */
const URGENCY: Record<PushEvent, 'high' | 'normal'> = { live: 'high', half_time: 'normal', ended: 'normal' };
/** VAPID tokens are signed for 12 h (the most is 24 h) and made again with an hour to spare. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_RENEW_S = 3600;

/** Each event's words, in the catalogue (literal keys, so the catalogue test sees them used). */
const PAYLOAD_TEXT: Record<PushEvent, { title: string; body: string }> = {
  live: { title: 'mail.push.live.title', body: 'mail.push.live.body' },
  half_time: { title: 'mail.push.halfTime.title', body: 'mail.push.halfTime.body' },
  ended: { title: 'mail.push.ended.title', body: 'mail.push.ended.body' },
};

/** The notification a fan reads, in their language. */
export function pushPayload(send: SendFacts, locale: Locale): PushPayload {
  const t = translator(locale);
  const values = { match: send.title, score: send.score };
  const text = PAYLOAD_TEXT[send.event];
  return {
    title: t._(text.title, values),
    body: t._(text.body, values),
    // Once ended, the match has its own page: still right when a later match is on the home screen.
    url: send.event === 'ended' ? `/matches/${send.matchId}` : '/',
    tag: `match-${send.matchId}`,
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The VAPID Authorization header per push service, signed once and kept until it is nearly due. */
export class VapidAuthorizations {
  readonly #kept = new Map<string, { authorization: string; renewAt: number }>();

  constructor(private readonly vapid: VapidDetails) {}

  for(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const kept = this.#kept.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const headers = webpush.getVapidHeaders(
      audience,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      now + VAPID_LIFETIME_S,
    );
    this.#kept.set(audience, {
      authorization: headers.Authorization,
      renewAt: now + VAPID_LIFETIME_S - VAPID_RENEW_S,
    });
    return headers.Authorization;
  }
}

export interface DeliveryOptions {
  /** PUSH_SERVICES: a subscription elsewhere is removed rather than called. */
  services: readonly string[];
  authorizations: VapidAuthorizations;
  timeoutMs: number;
  backoffMs: number;
  maxBackoffMs: number;
}

/** The notification, encrypted for the subscription's keys, or why it cannot be (a bad key). */
function encryptFor(job: Job, send: SendFacts): ReturnType<typeof webpush.encrypt> | { error: string } {
  try {
    const locale = isLocale(job.locale) ? job.locale : 'en';
    return webpush.encrypt(job.p256dh, job.auth, JSON.stringify(pushPayload(send, locale)), 'aes128gcm');
  } catch (error) {
    return { error: describe(error) };
  }
}

/**
 * One try of one job: sent, gone (404, 410, a key no payload can be encrypted for, a service no longer
 * allowed), retried with backoff (429, 5xx, no answer) or failed.
 */
export async function deliver(
  job: Job,
  send: SendFacts | undefined,
  options: DeliveryOptions,
): Promise<Outcome> {
  if (!send) return { job, kind: 'failed', error: 'send not found' };
  if (!pushServiceAllowed(job.endpoint, options.services))
    return { job, kind: 'gone', error: 'push service no longer allowed' };
  const encrypted = encryptFor(job, send);
  // A key no payload can be encrypted for will not get better by retrying.
  if ('error' in encrypted) return { job, kind: 'gone', error: encrypted.error };
  const backoff = () => Math.min(options.maxBackoffMs, options.backoffMs * 2 ** job.attempts);
  try {
    const response = await fetch(job.endpoint, {
      method: 'POST',
      headers: {
        authorization: options.authorizations.for(job.endpoint),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(TTL_SECONDS[send.event]),
        urgency: URGENCY[send.event],
        // A newer notice of the match replaces one the device has not fetched yet.
        topic: `match-${send.matchId}`,
      },
      body: new Uint8Array(
        encrypted.cipherText.buffer,
        encrypted.cipherText.byteOffset,
        encrypted.cipherText.byteLength,
      ) as Uint8Array<ArrayBuffer>,
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return { job, kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { job, kind: 'gone' };
    const error = `HTTP ${response.status}`;
    if (response.status === 429 || response.status >= 500) {
      const asked = retryAfterMs(response.headers.get('retry-after'));
      return { job, kind: 'retry', error, delayMs: Math.min(options.maxBackoffMs, asked ?? backoff()) };
    }
    return { job, kind: 'failed', error };
  } catch (error) {
    return { job, kind: 'retry', error: describe(error).slice(0, 300), delayMs: backoff() };
  }
}
