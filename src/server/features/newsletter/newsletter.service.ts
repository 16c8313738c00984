import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { getNewsletterConfig } from '../settings/settings-admin.service';

export interface NewsletterOptions {
  /** beehiiv API v2 base URL (NEWSLETTER_API_URL). */
  apiUrl: string;
  /** How often the worker looks for due sign-ups. Default 30 s. */
  pollMs?: number;
  /** Sign-ups taken per claim. Default 25. */
  batchSize?: number;
  /** After this many failed attempts a sign-up is given up ('failed'). Default 8. */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each further one. Default 1 min. */
  backoffMs?: number;
  /** Longest wait between attempts. Default 6 h. */
  maxBackoffMs?: number;
  /** A provider call taking longer than this counts as failed. Default 10 s. */
  timeoutMs?: number;
  /** Where failures are reported (the app's logger); silent without one. */
  log?: { warn(details: object, message: string): void };
}

export interface NewsletterPass {
  sent: number;
  failed: number;
  /** False when the key or publication is not set: nothing was tried, sign-ups stay pending. */
  configured: boolean;
}

/** How long a claimed sign-up is kept from other instances while its call is in flight. */
const CLAIM_LEASE_MS = 5 * 60_000;

interface Claimed {
  id: number;
  email: string;
  attempts: number;
}

/** 'fetch failed (ECONNREFUSED)' rather than just 'fetch failed'. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/** The wait after a sign-up's nth failure: backoff, doubling, capped. */
export function retryDelayMs(failures: number, backoffMs = 60_000, maxBackoffMs = 6 * 60 * 60_000): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Subscribes opted-in fans through the provider's API from a queue in the database, retrying failures
 * later; a failure never fails a sign-up. start() runs the worker, stop() ends it.
 *
 * A sign-up is sent once its account's e-mail is verified (and the fan still opts in), so no one can
 * subscribe someone else's address. Instances share the queue: a claim takes rows with SKIP LOCKED and
 * leases them, so two workers never send the same sign-up at once.
 */
export function createNewsletter(db: Database, options: NewsletterOptions) {
  const pollMs = options.pollMs ?? 30_000;
  const batchSize = options.batchSize ?? 25;
  const maxAttempts = options.maxAttempts ?? 8;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<NewsletterPass> | undefined;

  async function claim(): Promise<Claimed[]> {
    return rows<Claimed>(
      db,
      sql`update newsletter_queue q
          set next_attempt_at = now() + ${CLAIM_LEASE_MS}::double precision * interval '1 millisecond'
          where q.id in (
            select d.id from newsletter_queue d join users u on u.id = d.user_id
            where d.status = 'pending' and d.next_attempt_at <= now()
              and u.email_verified and u.newsletter_opt_in
            order by d.next_attempt_at, d.id
            limit ${batchSize}
            for update of d skip locked)
          returning q.id, q.email, q.attempts`,
    );
  }

  async function subscribe(config: { apiKey: string; publicationId: string }, email: string): Promise<void> {
    const url = `${apiUrl}/publications/${encodeURIComponent(config.publicationId)}/subscriptions`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, reactivate_existing: false, send_welcome_email: true }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`HTTP ${response.status}${text ? `: ${text}` : ''}`);
    }
    await response.body?.cancel().catch(() => undefined);
  }

  async function settle(entry: Claimed, error: unknown): Promise<void> {
    if (error === null) {
      await db.execute(
        sql`update newsletter_queue set status = 'done', last_error = null where id = ${entry.id}`,
      );
      return;
    }
    const attempts = entry.attempts + 1;
    const message = describe(error).slice(0, 500);
    const delayMs = retryDelayMs(attempts, options.backoffMs, options.maxBackoffMs);
    const status = attempts >= maxAttempts ? 'failed' : 'pending';
    await db.execute(
      sql`update newsletter_queue
          set attempts = ${attempts}, status = ${status}, last_error = ${message},
              next_attempt_at = now() + ${delayMs}::double precision * interval '1 millisecond'
          where id = ${entry.id}`,
    );
    options.log?.warn(
      { queueId: entry.id, attempts, status, error: message },
      'newsletter subscription failed',
    );
  }

  /** One pass: every due sign-up is tried once. */
  async function pass(): Promise<NewsletterPass> {
    const result: NewsletterPass = { sent: 0, failed: 0, configured: false };
    const config = await getNewsletterConfig(db);
    if (!config) return result;
    result.configured = true;
    for (;;) {
      const batch = await claim();
      for (const entry of batch) {
        let error: unknown = null;
        try {
          await subscribe(config, entry.email);
          result.sent += 1;
        } catch (e) {
          error = e ?? new Error('unknown error');
          result.failed += 1;
        }
        await settle(entry, error);
      }
      if (batch.length < batchSize) return result;
    }
  }

  /** Runs a pass unless one is already running here, in which case it waits for that one. */
  function runOnce(): Promise<NewsletterPass> {
    if (!running) {
      running = pass().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  return {
    /** Queues a sign-up; never throws (a sign-up must not fail for the newsletter's sake). */
    enqueue: async (subscriber: { userId: string; email: string }): Promise<void> => {
      try {
        // 'Sign Up Again' on an unverified account calls this again: one queued sign-up per address.
        await db.execute(
          sql`insert into newsletter_queue (user_id, email)
              select ${subscriber.userId}::uuid, ${subscriber.email}::text
              where not exists (
                select 1 from newsletter_queue
                where lower(email) = lower(${subscriber.email}) and status in ('pending', 'done'))`,
        );
      } catch (error) {
        options.log?.warn({ err: error }, 'newsletter sign-up could not be queued');
      }
    },
    start: (): void => {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => options.log?.warn({ err: error }, 'newsletter pass failed'));
      }, pollMs);
      timer.unref();
    },
    stop: async (): Promise<void> => {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
export type Newsletter = ReturnType<typeof createNewsletter>;
