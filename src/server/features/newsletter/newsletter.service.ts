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
  /** Deleted accounts taken off the provider's list (or found not on it). */
  removed: number;
  failed: number;
  /** False when the key or publication is not set: nothing was tried, sign-ups stay pending. */
  configured: boolean;
}

/** How long a claimed sign-up is kept from other instances while its call is in flight. */
const CLAIM_LEASE_MS = 5 * 60_000;

type Kind = 'subscribe' | 'unsubscribe';

interface Claimed {
  id: number;
  kind: Kind;
  email: string;
  attempts: number;
}

interface ProviderConfig {
  apiKey: string;
  publicationId: string;
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
 * Called inside the account deletion's transaction, before the row goes (its sign-ups cascade away):
 * queues the provider's removal of each address the account's sign-ups sent, or may have sent (a
 * failure may have been a timeout the provider acted on, and a claimed one may be in flight). A sign-up
 * never tried needs nothing: the cascade removes it before it is sent.
 */
export async function queueProviderRemoval(tx: Database, userId: string): Promise<void> {
  // Locked, so no worker claims one of them (SKIP LOCKED) between this check and the cascade.
  const sent = await rows<{ email: string; pending: boolean }>(
    tx,
    sql`select email, status = 'pending' as pending
        from newsletter_queue
        where user_id = ${userId} and kind = 'subscribe'
          and (status <> 'pending' or attempts > 0 or next_attempt_at > now())
        for update`,
  );
  const byEmail = new Map<string, { email: string; inFlight: boolean }>();
  for (const row of sent) {
    const key = row.email.toLowerCase();
    const inFlight = (byEmail.get(key)?.inFlight ?? false) || row.pending;
    byEmail.set(key, { email: row.email, inFlight });
  }
  for (const { email, inFlight } of byEmail.values()) {
    // A pending sign-up waiting in the future is either leased (its call may still land at the provider
    // until the lease ends) or waiting for a retry: the removal waits out the lease, never longer.
    await tx.execute(
      sql`insert into newsletter_queue (kind, user_id, email, next_attempt_at)
          values ('unsubscribe', null, ${email},
                  ${inFlight ? sql`now() + ${CLAIM_LEASE_MS}::double precision * interval '1 millisecond'` : sql`now()`})`,
    );
  }
}

/**
 * Subscribes opted-in fans through the provider's API from a queue in the database, retrying failures
 * later; a failure never fails a sign-up. start() runs the worker, stop() ends it.
 *
 * A sign-up is sent once its account's e-mail is verified (and the fan still opts in), so no one can
 * subscribe someone else's address. Instances share the queue: a claim takes rows with SKIP LOCKED and
 * leases them, so two workers never send the same sign-up at once.
 *
 * A deleted account's queued removal ('unsubscribe') is looked up by e-mail at the provider and deleted
 * there; once done its row goes at once (it holds only the e-mail). A sign-up for an address whose
 * removal is still pending waits for it, so the removal never takes away a newer subscription.
 */
/** Sign-ups and removals still to reach the provider (every instance's), for the queue-depth gauge. */
export async function newsletterQueueDepth(db: Database): Promise<number> {
  const [row] = await rows<{ pending: number }>(
    db,
    sql`select count(*)::int as pending from newsletter_queue where status = 'pending'`,
  );
  return row?.pending ?? 0;
}

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
            select d.id from newsletter_queue d
            where d.status = 'pending' and d.next_attempt_at <= now()
              and (d.kind = 'unsubscribe'
                or (d.kind = 'subscribe'
                  and exists (
                    select 1 from users u
                    where u.id = d.user_id and u.email_verified and u.newsletter_opt_in)
                  and not exists (
                    select 1 from newsletter_queue r
                    where r.kind = 'unsubscribe' and r.status = 'pending'
                      and lower(r.email) = lower(d.email))))
            order by d.next_attempt_at, d.id
            limit ${batchSize}
            for update of d skip locked)
          returning q.id, q.kind, q.email, q.attempts`,
    );
  }

  const subscriptionsUrl = (config: ProviderConfig) =>
    `${apiUrl}/publications/${encodeURIComponent(config.publicationId)}/subscriptions`;

  function call(config: ProviderConfig, url: string, init: { method: string; body?: string }) {
    return fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  }

  async function fail(response: Response): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`HTTP ${response.status}${text ? `: ${text}` : ''}`);
  }

  async function subscribe(config: ProviderConfig, email: string): Promise<void> {
    const response = await call(config, subscriptionsUrl(config), {
      method: 'POST',
      body: JSON.stringify({ email, reactivate_existing: false, send_welcome_email: true }),
    });
    if (!response.ok) await fail(response);
    await response.body?.cancel().catch(() => undefined);
  }

  /** Looks the address up and deletes its subscription; an address the provider does not hold is done. */
  async function unsubscribe(config: ProviderConfig, email: string): Promise<void> {
    const found = await call(config, `${subscriptionsUrl(config)}/by_email/${encodeURIComponent(email)}`, {
      method: 'GET',
    });
    if (found.status === 404) {
      await found.body?.cancel().catch(() => undefined);
      return;
    }
    if (!found.ok) await fail(found);
    const body = (await found.json()) as { data?: { id?: unknown } } | null;
    const id = body?.data?.id;
    if (typeof id !== 'string' || id === '') throw new Error('lookup answered without a subscription id');
    const removed = await call(config, `${subscriptionsUrl(config)}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    });
    if (!removed.ok && removed.status !== 404) await fail(removed);
    await removed.body?.cancel().catch(() => undefined);
  }

  async function settle(entry: Claimed, error: unknown): Promise<void> {
    if (error === null) {
      // A removal holds nothing but the e-mail of someone who left: it goes once done.
      await db.execute(
        entry.kind === 'unsubscribe'
          ? sql`delete from newsletter_queue where id = ${entry.id}`
          : sql`update newsletter_queue set status = 'done', last_error = null where id = ${entry.id}`,
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
      { queueId: entry.id, kind: entry.kind, attempts, status, error: message },
      entry.kind === 'unsubscribe' ? 'newsletter removal failed' : 'newsletter subscription failed',
    );
  }

  /** One pass: every due sign-up is tried once. */
  async function pass(): Promise<NewsletterPass> {
    const result: NewsletterPass = { sent: 0, removed: 0, failed: 0, configured: false };
    const config = await getNewsletterConfig(db);
    if (!config) return result;
    result.configured = true;
    for (;;) {
      const batch = await claim();
      for (const entry of batch) {
        let error: unknown = null;
        try {
          if (entry.kind === 'unsubscribe') {
            await unsubscribe(config, entry.email);
            result.removed += 1;
          } else {
            await subscribe(config, entry.email);
            result.sent += 1;
          }
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
                where kind = 'subscribe' and lower(email) = lower(${subscriber.email})
                  and status in ('pending', 'done'))`,
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
