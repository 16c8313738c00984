import type { MatchChange } from '@shared/live';
import {
  type AdminPushSummary,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushEvent,
  type PushSubscriptionBody,
  type PushTopics,
  pushSubscriptionBody,
} from '@shared/push';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';

/** The notification a match change sends, if any. */
export function pushEventOf(change: MatchChange): PushEvent | null {
  if (change.kind === 'kick-off' || change.kind === 'reopened') return 'live';
  if (change.kind === 'half-time') return 'half_time';
  if (change.kind === 'full-time') return 'ended';
  return null;
}

/**
 * Records that a match event is to be notified, inside the transaction that changed the match: once per
 * match and event, however often it is pressed (a reopened match does not tell fans again). The workers
 * make its jobs and send them.
 */
export async function queueMatchPush(tx: Database, matchId: number, event: PushEvent): Promise<void> {
  await tx.execute(
    sql`insert into push_sends (match_id, event) values (${matchId}, ${event})
        on conflict (match_id, event) do nothing`,
  );
}

/**
 * Keeps this browser's subscription for the fan: the endpoint is the browser's, so one signed in there
 * later takes it over. A fan keeps at most PUSH_SUBSCRIPTIONS_PER_USER, the least recently saved go.
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  input: PushSubscriptionBody,
): Promise<PushTopics> {
  const body = pushSubscriptionBody.parse(input);
  const { votingOpens, halfTime, results } = body.topics;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, voting_opens, half_time, results)
          values (${userId}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth},
                  ${votingOpens}, ${halfTime}, ${results})
          on conflict (endpoint) do update set
            user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
            voting_opens = excluded.voting_opens, half_time = excluded.half_time,
            results = excluded.results, updated_at = now()`,
    );
    await tx.execute(
      sql`delete from push_subscriptions
          where user_id = ${userId} and id not in (
            select id from push_subscriptions where user_id = ${userId}
            order by updated_at desc, created_at desc limit ${PUSH_SUBSCRIPTIONS_PER_USER})`,
    );
  });
  return body.topics;
}

/** Forgets the fan's subscription at this endpoint; false when there was none of theirs. */
export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const gone = await rows<{ id: string }>(
    db,
    sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId} returning id`,
  );
  return gone.length > 0;
}

export interface ExportedPushSubscription {
  /** The push service's origin: the full endpoint is a capability, so it stays out of a file. */
  pushService: string;
  topics: PushTopics;
  createdAt: string;
  updatedAt: string;
}

/** The fan's subscriptions, for their data export. */
export async function subscriptionsOf(db: Database, userId: string): Promise<ExportedPushSubscription[]> {
  const found = await rows<{
    endpoint: string;
    voting_opens: boolean;
    half_time: boolean;
    results: boolean;
    created_at: Date | string;
    updated_at: Date | string;
  }>(
    db,
    sql`select endpoint, voting_opens, half_time, results, created_at, updated_at
        from push_subscriptions where user_id = ${userId} order by created_at`,
  );
  return found.map((s) => ({
    pushService: new URL(s.endpoint).origin,
    topics: { votingOpens: s.voting_opens, halfTime: s.half_time, results: s.results },
    createdAt: new Date(s.created_at).toISOString(),
    updatedAt: new Date(s.updated_at).toISOString(),
  }));
}

/** Subscribers now, and the figures of the latest send that had anyone to notify. */
export async function pushSummary(db: Database): Promise<AdminPushSummary> {
  const [counts] = await rows<{
    subscribers: number;
    devices: number;
    voting_opens: number;
    half_time: number;
    results: number;
  }>(
    db,
    sql`select count(distinct user_id)::int as subscribers, count(*)::int as devices,
               count(*) filter (where voting_opens)::int as voting_opens,
               count(*) filter (where half_time)::int as half_time,
               count(*) filter (where results)::int as results
        from push_subscriptions`,
  );
  const [last] = await rows<{
    event: PushEvent;
    match_id: number;
    title: string;
    created_at: Date | string;
    total: number;
    sent: number;
    failed: number;
    removed: number;
    pending: number;
    last_answer_at: Date | string | null;
  }>(
    db,
    sql`select s.event, s.match_id, m.title, s.created_at, s.total, s.sent, s.failed, s.removed,
               s.last_answer_at,
               (select count(*)::int from push_jobs j where j.send_id = s.id) as pending
        from push_sends s join matches m on m.id = s.match_id
        where s.expanded and s.total > 0
        order by s.created_at desc, s.id desc limit 1`,
  );
  return {
    subscribers: counts?.subscribers ?? 0,
    devices: counts?.devices ?? 0,
    byTopic: {
      votingOpens: counts?.voting_opens ?? 0,
      halfTime: counts?.half_time ?? 0,
      results: counts?.results ?? 0,
    },
    lastSend: last
      ? {
          event: last.event,
          matchId: last.match_id,
          matchTitle: last.title,
          createdAt: new Date(last.created_at).toISOString(),
          total: last.total,
          sent: last.sent,
          failed: last.failed,
          removed: last.removed,
          pending: last.pending,
          durationMs:
            last.pending === 0 && last.last_answer_at
              ? Math.max(0, new Date(last.last_answer_at).getTime() - new Date(last.created_at).getTime())
              : null,
        }
      : null,
  };
}
