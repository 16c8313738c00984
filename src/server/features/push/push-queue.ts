import type { PushEvent } from '@shared/push';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';

/** One notification to one subscription, as claimed. */
export interface Job {
  id: number;
  sendId: number;
  subscriptionId: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string | null;
}

/** What a send tells: the match, the event and the words it is written from. */
export interface SendFacts {
  matchId: number;
  event: PushEvent;
  title: string;
  score: string;
}

/** What became of one job's try. */
export type Outcome =
  | { job: Job; kind: 'sent' | 'gone' | 'failed'; error?: string }
  | { job: Job; kind: 'retry'; error: string; delayMs: number };

export interface PushPass {
  sent: number;
  failed: number;
  removed: number;
  retried: number;
}

/** The match state each event is still true in: a send made stale by a later change is dropped. */
const STILL_TRUE: Record<PushEvent, ReturnType<typeof sql>> = {
  live: sql`m.is_live`,
  half_time: sql`m.is_live and m.is_half_time`,
  ended: sql`not m.is_live and m.started_at is not null`,
};
/** Subscriptions made into jobs per statement. */
const EXPAND_CHUNK = 2000;

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

/**
 * Makes the next chunk of jobs of a send not fully made yet: one per subscription that wants its event,
 * in id order after the last chunk's. A chunk at a time, so the database (PGlite's one connection
 * above all) answers other requests between chunks, and deliveries start with the first one. False
 * when there was nothing left to make.
 */
export async function expandChunk(db: Database): Promise<boolean> {
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

/** Whether a send is still being made into jobs (here or by another instance). */
export async function sendsBeingMade(db: Database): Promise<boolean> {
  const [row] = await rows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from push_sends where not expanded) as any`,
  );
  return row?.any ?? false;
}

/** Takes up to `batchSize` due jobs, leased for `leaseMs` from other instances. */
export async function claimJobs(db: Database, batchSize: number, leaseMs: number): Promise<Job[]> {
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

export async function sendFacts(db: Database, ids: number[]): Promise<Map<number, SendFacts>> {
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

/** A round of answers sorted into what the queue does with each, counted into `pass`. */
interface Sorted {
  finished: number[];
  gone: string[];
  retry: { id: number; delayMs: number; error: string }[];
  counts: Map<number, { sent: number; failed: number; removed: number }>;
}

function sortOutcomes(
  outcomes: Outcome[],
  pass: PushPass,
  maxAttempts: number,
  log: { warn(details: object, message: string): void } | undefined,
): Sorted {
  const sorted: Sorted = { finished: [], gone: [], retry: [], counts: new Map() };
  const count = (sendId: number, key: 'sent' | 'failed' | 'removed') => {
    const c = sorted.counts.get(sendId) ?? { sent: 0, failed: 0, removed: 0 };
    c[key] += 1;
    sorted.counts.set(sendId, c);
    pass[key] += 1;
  };
  for (const outcome of outcomes) {
    const { job } = outcome;
    if (outcome.kind === 'retry' && job.attempts + 1 < maxAttempts) {
      sorted.retry.push({ id: job.id, delayMs: Math.round(outcome.delayMs), error: outcome.error });
      pass.retried += 1;
      continue;
    }
    if (outcome.kind === 'gone') {
      sorted.gone.push(job.subscriptionId);
      count(job.sendId, 'removed');
    } else {
      sorted.finished.push(job.id);
      count(job.sendId, outcome.kind === 'sent' ? 'sent' : 'failed');
      if (outcome.kind !== 'sent')
        log?.warn(
          { pushJob: job.id, attempts: job.attempts + 1, error: outcome.error },
          'push notification failed',
        );
    }
  }
  return sorted;
}

/** Records a round of answers in one transaction: done and failed jobs go, and their send counts them. */
export async function recordOutcomes(
  db: Database,
  outcomes: Outcome[],
  pass: PushPass,
  options: { maxAttempts: number; log?: { warn(details: object, message: string): void } | undefined },
): Promise<void> {
  if (outcomes.length === 0) return;
  const { finished, gone, retry, counts } = sortOutcomes(outcomes, pass, options.maxAttempts, options.log);
  const intArray = (values: number[]) => `{${values.join(',')}}`;
  await db.transaction(async (tx) => {
    if (finished.length)
      await tx.execute(sql`delete from push_jobs where id = any(${intArray(finished)}::int[])`);
    // Its other pending jobs go with it (cascade).
    if (gone.length)
      await tx.execute(sql`delete from push_subscriptions where id = any(${`{${gone.join(',')}}`}::uuid[])`);
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
