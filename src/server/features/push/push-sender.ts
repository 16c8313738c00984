import { isLocale, type Locale } from '@shared/i18n/locales';
import type { PushEvent, PushPayload } from '@shared/push';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { type Database, rows } from '../../db/client';
import type { VapidDetails } from '../../env';
import type { ChangeFeed } from '../../lib/change-feed';
import { translator } from '../../lib/i18n';
import { pushServiceAllowed } from './push.policy';

export interface PushSenderOptions {
  vapid: VapidDetails;
  /** PUSH_SERVICES: a subscription elsewhere is removed rather than called. */
  services: readonly string[];
  /** How often an idle worker looks for due jobs (it also wakes on any match change). Default 5 s. */
  pollMs?: number;
  /** Jobs taken per claim. Default 128. */
  batchSize?: number;
  /** Answers recorded per database round trip. Default 200. */
  settleEvery?: number;
  /** Requests in flight at once from this instance. Default 64. */
  concurrency?: number;
  /** Tries before a job is given up. Default 5. */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each further one (or the service's Retry-After). Default 10 s. */
  backoffMs?: number;
  /** Longest wait between tries. Default 10 min. */
  maxBackoffMs?: number;
  /** A push service taking longer than this counts as failed and is retried. Default 10 s. */
  timeoutMs?: number;
  /** How long a claimed job is kept from other instances while this one sends it. Default 60 s. */
  leaseMs?: number;
  log?: { warn(details: object, message: string): void };
}

export interface PushPass {
  sent: number;
  failed: number;
  removed: number;
  retried: number;
}

/** How long a push service keeps a notification for a device that is offline, by event. */
const TTL_SECONDS: Record<PushEvent, number> = { live: 2 * 3600, half_time: 15 * 60, ended: 24 * 3600 };
/** Voting opening is worth waking a phone for; the rest is not. */
const URGENCY: Record<PushEvent, 'high' | 'normal'> = { live: 'high', half_time: 'normal', ended: 'normal' };
/** The match state each event is still true in: a send made stale by a later change is dropped. */
const STILL_TRUE: Record<PushEvent, ReturnType<typeof sql>> = {
  live: sql`m.is_live`,
  half_time: sql`m.is_live and m.is_half_time`,
  ended: sql`not m.is_live and m.started_at is not null`,
};
/** VAPID tokens are signed for 12 h (the most is 24 h) and made again with an hour to spare. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_RENEW_S = 3600;
/** Subscriptions made into jobs per statement. */
const EXPAND_CHUNK = 2000;
/** How long a pass waits for jobs still being made before it claims again. */
const EXPANSION_WAIT_MS = 100;

interface Job {
  id: number;
  sendId: number;
  subscriptionId: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string | null;
}

interface SendFacts {
  matchId: number;
  event: PushEvent;
  title: string;
  score: string;
}

type Outcome =
  | { job: Job; kind: 'sent' | 'gone' | 'failed'; error?: string }
  | { job: Job; kind: 'retry'; error: string; delayMs: number };

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/**
 * Sends match notifications through the fans' push services (Web Push: VAPID, aes128gcm) from a queue in
 * the database that every instance drains. A send is expanded into one job per subscription once (in one
 * chunks, each guarded by its row lock and the jobs' unique key); a job is claimed with SKIP LOCKED and
 * leased while in flight, so an instance that dies mid-send leaves its jobs to the others once the lease
 * ends. 429 and 5xx are retried with backoff; 404 and 410 remove the subscription.
 */
/**
 * For the queue-depth gauges, across instances: notifications still to send or retry, and the
 * subscriptions of match events not yet made into notifications (an upper bound: a send made stale by a
 * later change is dropped rather than made).
 */
export async function pushQueueDepth(db: Database): Promise<{ jobs: number; subscriptions: number }> {
  const [row] = await rows<{ jobs: number; subscriptions: number }>(
    db,
    sql`select (select count(*) from push_jobs)::int as jobs,
          (select count(*) from push_sends s join push_subscriptions p on (case s.event
              when 'live' then p.voting_opens when 'half_time' then p.half_time else p.results end)
            and (s.expanded_after is null or p.id > s.expanded_after)
          where not s.expanded)::int as subscriptions`,
  );
  return { jobs: row?.jobs ?? 0, subscriptions: row?.subscriptions ?? 0 };
}

export function createPushSender(db: Database, options: PushSenderOptions) {
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 128;
  const concurrency = options.concurrency ?? 64;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 10 * 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const settleEvery = options.settleEvery ?? 200;
  const vapidHeaders = new Map<string, { authorization: string; renewAt: number }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PushPass> | undefined;
  let again = false;
  let stopped = false;

  function authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const kept = vapidHeaders.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const headers = webpush.getVapidHeaders(
      audience,
      options.vapid.subject,
      options.vapid.publicKey,
      options.vapid.privateKey,
      'aes128gcm',
      now + VAPID_LIFETIME_S,
    );
    vapidHeaders.set(audience, {
      authorization: headers.Authorization,
      renewAt: now + VAPID_LIFETIME_S - VAPID_RENEW_S,
    });
    return headers.Authorization;
  }

  /**
   * Makes the next chunk of jobs of a send not fully made yet: one per subscription that wants its event,
   * in id order after the last chunk's. A chunk at a time, so the database (PGlite's one connection
   * above all) answers other requests between chunks, and deliveries start with the first one. False
   * when there was nothing left to make.
   */
  async function expandChunk(): Promise<boolean> {
    const made = await rows<{ id: number }>(
      db,
      sql`with s as (
            select s.id, s.event, s.expanded_after, (case s.event
                when 'live' then ${STILL_TRUE.live}
                when 'half_time' then ${STILL_TRUE.half_time}
                else ${STILL_TRUE.ended} end) as current
            from push_sends s join matches m on m.id = s.match_id
            where not s.expanded
            order by s.id limit 1
            for update of s skip locked),
          chunk as (
            select p.id from s join push_subscriptions p on s.current and (case s.event
                when 'live' then p.voting_opens when 'half_time' then p.half_time else p.results end)
              and (s.expanded_after is null or p.id > s.expanded_after)
            order by p.id limit ${EXPAND_CHUNK}),
          j as (
            insert into push_jobs (send_id, subscription_id)
            select s.id, c.id from s cross join chunk c
            on conflict do nothing
            returning 1)
          update push_sends set total = total + (select count(*) from j),
            expanded_after = coalesce((select id from chunk order by id desc limit 1), expanded_after),
            expanded = (select count(*) from chunk) < ${EXPAND_CHUNK}
          where id in (select id from s)
          returning id`,
    );
    return made.length > 0;
  }

  /**
   * Makes every send's jobs. A send's row may be locked a moment by a round of answers being recorded,
   * or by another instance making its next chunk: then this one waits and tries again until none is left.
   */
  async function expand(): Promise<void> {
    while (!stopped) {
      if (await expandChunk()) continue;
      if (!(await sendsBeingMade())) return;
      await sleep(EXPANSION_WAIT_MS);
    }
  }

  /** Whether a send is still being made into jobs (here or by another instance). */
  async function sendsBeingMade(): Promise<boolean> {
    const [row] = await rows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from push_sends where not expanded) as any`,
    );
    return row?.any ?? false;
  }

  async function claim(): Promise<Job[]> {
    return rows<Job>(
      db,
      sql`with c as (
            update push_jobs q
            set next_attempt_at = now() + ${leaseMs}::double precision * interval '1 millisecond'
            where q.id in (
              select d.id from push_jobs d
              where d.next_attempt_at <= now()
              order by d.next_attempt_at, d.id
              limit ${batchSize}
              for update of d skip locked)
            returning q.id, q.send_id, q.subscription_id, q.attempts)
          select c.id, c.send_id as "sendId", c.subscription_id as "subscriptionId", c.attempts,
                 p.endpoint, p.p256dh, p.auth, u.locale
          from c join push_subscriptions p on p.id = c.subscription_id join users u on u.id = p.user_id`,
    );
  }

  async function sendFacts(ids: number[]): Promise<Map<number, SendFacts>> {
    const found = await rows<SendFacts & { id: number }>(
      db,
      sql`select s.id, s.match_id as "matchId", s.event, m.title, m.score
          from push_sends s join matches m on m.id = s.match_id
          where s.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    return new Map(found.map((f) => [f.id, f]));
  }

  async function deliver(job: Job, send: SendFacts | undefined): Promise<Outcome> {
    if (!send) return { job, kind: 'failed', error: 'send not found' };
    if (!pushServiceAllowed(job.endpoint, options.services))
      return { job, kind: 'gone', error: 'push service no longer allowed' };
    let encrypted: ReturnType<typeof webpush.encrypt>;
    try {
      const locale = isLocale(job.locale) ? job.locale : 'en';
      encrypted = webpush.encrypt(
        job.p256dh,
        job.auth,
        JSON.stringify(pushPayload(send, locale)),
        'aes128gcm',
      );
    } catch (error) {
      // A key no payload can be encrypted for will not get better by retrying.
      return { job, kind: 'gone', error: describe(error) };
    }
    try {
      const response = await fetch(job.endpoint, {
        method: 'POST',
        headers: {
          authorization: authorization(job.endpoint),
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
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return { job, kind: 'sent' };
      if (response.status === 404 || response.status === 410) return { job, kind: 'gone' };
      const error = `HTTP ${response.status}`;
      if (response.status === 429 || response.status >= 500) {
        const asked = retryAfterMs(response.headers.get('retry-after'));
        const delayMs = Math.min(maxBackoffMs, asked ?? backoffMs * 2 ** job.attempts);
        return { job, kind: 'retry', error, delayMs };
      }
      return { job, kind: 'failed', error };
    } catch (error) {
      const delayMs = Math.min(maxBackoffMs, backoffMs * 2 ** job.attempts);
      return { job, kind: 'retry', error: describe(error).slice(0, 300), delayMs };
    }
  }

  /** Records a round of answers in one transaction: done and failed jobs go, and their send counts them. */
  async function settle(outcomes: Outcome[], pass: PushPass): Promise<void> {
    if (outcomes.length === 0) return;
    const finished: number[] = [];
    const gone: string[] = [];
    const retry: { id: number; delayMs: number; error: string }[] = [];
    const counts = new Map<number, { sent: number; failed: number; removed: number }>();
    const count = (sendId: number, key: 'sent' | 'failed' | 'removed') => {
      const c = counts.get(sendId) ?? { sent: 0, failed: 0, removed: 0 };
      c[key] += 1;
      counts.set(sendId, c);
      pass[key] += 1;
    };
    for (const outcome of outcomes) {
      const { job } = outcome;
      if (outcome.kind === 'retry' && job.attempts + 1 < maxAttempts) {
        retry.push({ id: job.id, delayMs: Math.round(outcome.delayMs), error: outcome.error });
        pass.retried += 1;
        continue;
      }
      if (outcome.kind === 'gone') {
        gone.push(job.subscriptionId);
        count(job.sendId, 'removed');
      } else {
        finished.push(job.id);
        count(job.sendId, outcome.kind === 'sent' ? 'sent' : 'failed');
        if (outcome.kind !== 'sent')
          options.log?.warn(
            { pushJob: job.id, attempts: job.attempts + 1, error: outcome.error },
            'push notification failed',
          );
      }
    }
    const intArray = (values: number[]) => `{${values.join(',')}}`;
    await db.transaction(async (tx) => {
      if (finished.length)
        await tx.execute(sql`delete from push_jobs where id = any(${intArray(finished)}::int[])`);
      // Its other pending jobs go with it (cascade).
      if (gone.length)
        await tx.execute(
          sql`delete from push_subscriptions where id = any(${`{${gone.join(',')}}`}::uuid[])`,
        );
      if (retry.length)
        await tx.execute(
          sql`update push_jobs j
              set attempts = j.attempts + 1, last_error = r.error,
                  next_attempt_at = now() + r."delayMs" * interval '1 millisecond'
              from jsonb_to_recordset(${JSON.stringify(retry)}::jsonb) as r(id int, "delayMs" int, error text)
              where j.id = r.id`,
        );
      if (counts.size)
        await tx.execute(
          sql`update push_sends s
              set sent = s.sent + c.sent, failed = s.failed + c.failed, removed = s.removed + c.removed,
                  last_answer_at = now()
              from jsonb_to_recordset(${JSON.stringify([...counts].map(([id, c]) => ({ id, ...c })))}::jsonb)
                as c(id int, sent int, failed int, removed int)
              where s.id = c.id`,
        );
    });
  }

  /**
   * One pass: sends are made into jobs while the jobs already made go out; every due job is tried once,
   * `concurrency` at a time. At most about two rounds of jobs wait here, so each is sent well within its
   * lease; one that waited too long anyway is left for the next claim rather than sent late.
   */
  async function pass(): Promise<PushPass> {
    const result: PushPass = { sent: 0, failed: 0, removed: 0, retried: 0 };
    let expanding = false;
    let expansion: Promise<void> = Promise.resolve();
    // Also when a send appears mid-pass (another match event): its jobs are made and sent in this pass.
    const startExpansion = () => {
      expanding = true;
      expansion = expand().finally(() => {
        expanding = false;
      });
    };
    startExpansion();
    const facts = new Map<number, SendFacts>();
    const queue: (Job & { claimedAt: number })[] = [];
    let exhausted = false;
    let claiming: Promise<void> | undefined;
    let answers: Outcome[] = [];
    let settling: Promise<void> = Promise.resolve();

    const refill = async () => {
      const claimedAt = Date.now();
      const claimed = await claim();
      if (claimed.length < batchSize) {
        // Fewer than asked: done, unless jobs are still being made (by this pass or another instance).
        if (!expanding && (await sendsBeingMade())) startExpansion();
        if (expanding) await Promise.race([expansion, sleep(EXPANSION_WAIT_MS)]);
        else exhausted = true;
      }
      const unknown = [...new Set(claimed.map((j) => j.sendId))].filter((id) => !facts.has(id));
      if (unknown.length) for (const [id, f] of await sendFacts(unknown)) facts.set(id, f);
      for (const job of claimed) queue.push({ ...job, claimedAt });
    };
    const flush = () => {
      const round = answers;
      answers = [];
      // A round that cannot be recorded stays leased and goes again after the lease; later rounds still count.
      settling = settling
        .then(() => settle(round, result))
        .catch((error: unknown) => options.log?.warn({ err: error }, 'push answers not recorded'));
      return settling;
    };
    const worker = async () => {
      for (;;) {
        if (stopped) return;
        if (queue.length < concurrency && !exhausted && !claiming)
          claiming = refill().finally(() => {
            claiming = undefined;
          });
        const job = queue.shift();
        if (!job) {
          if (claiming) {
            await claiming;
            continue;
          }
          return;
        }
        if (Date.now() - job.claimedAt > leaseMs - timeoutMs) continue;
        const outcome = await deliver(job, facts.get(job.sendId));
        // Pushed after the await: a flush during the delivery has replaced `answers`.
        answers.push(outcome);
        if (answers.length >= settleEvery) await flush();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    await expansion;
    await flush();
    return result;
  }

  /** Runs a pass unless one is running here; a wake during a pass runs another right after it. */
  function runOnce(): Promise<PushPass> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void runOnce().catch((error: unknown) => options.log?.warn({ err: error }, 'push pass failed'));
      }
    });
    return running;
  }

  const wake = () => {
    runOnce().catch((error: unknown) => options.log?.warn({ err: error }, 'push pass failed'));
  };

  let unsubscribe: (() => void) | undefined;
  return {
    runOnce,
    wake,
    /** Polls, and wakes at once on a match change (this instance's or, through the database, another's). */
    start(changes?: ChangeFeed): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      unsubscribe = changes?.subscribe((change) => {
        if (change.kind === 'match') wake();
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      unsubscribe?.();
      await running?.catch(() => undefined);
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The push queue's worker on this instance (tests drive passes through it). */
    push: PushSender;
  }
}
