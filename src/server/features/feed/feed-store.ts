import {
  DEFAULT_DAILY_BUDGET,
  DEFAULT_VOTING_WINDOW_MINUTES,
  type FeedSettings,
  type FeedStatus,
} from '@shared/feed';
import { eq, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { feedSettings, feedState } from '../../db/schema';
import { upsertSingleton } from '../../db/singleton';

/**
 * The feed's settings and its state shared by every instance: the day's requests counted atomically, one
 * instance claiming each poll, the last sync and error. Times are the feed's clock (tests run it fast).
 */

export async function readFeedSettings(db: Database, envTeamId: number | undefined): Promise<FeedSettings> {
  const [row] = await db.select().from(feedSettings).limit(1);
  return {
    teamId: row ? row.teamId : (envTeamId ?? null),
    dailyBudget: row?.dailyBudget ?? DEFAULT_DAILY_BUDGET,
    votingWindowMinutes: row?.votingWindowMinutes ?? DEFAULT_VOTING_WINDOW_MINUTES,
  };
}

export async function saveFeedSettings(db: Database, settings: FeedSettings): Promise<void> {
  await upsertSingleton(db, feedSettings, settings);
}

export type FeedStateRow = typeof feedState.$inferSelect;

export async function readFeedState(db: Database): Promise<FeedStateRow> {
  await db.insert(feedState).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(feedState).where(eq(feedState.id, 1));
  if (!row) throw new Error('feed state missing');
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A moment as a SQL parameter both drivers take (postgres.js refuses a Date in raw SQL). */
export const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export function statusOf(
  state: FeedStateRow,
  settings: FeedSettings,
  configured: boolean,
  now: number,
): FeedStatus {
  return {
    configured,
    running: configured && settings.teamId !== null,
    settings,
    lastSyncAt: iso(state.lastSyncAt),
    nextPollAt: iso(state.nextPollAt),
    fixturesSyncedAt: iso(state.fixturesSyncedAt),
    squadSyncedAt: iso(state.squadSyncedAt),
    // A count kept from an earlier day reads as none spent today.
    requestsToday: state.day === utcDay(now) ? state.requestsToday : 0,
    providerRemaining: state.providerRemaining,
    lastError: state.lastError,
    lastErrorAt: iso(state.lastErrorAt),
  };
}

/**
 * Takes the poll that is due, for this instance alone: the next poll moves to `leaseUntil` (so another
 * instance, or this one's next tick, waits while it runs) unless it is not due yet. False: not due.
 */
export async function claimPoll(db: Database, now: number, leaseUntil: number): Promise<boolean> {
  await db.insert(feedState).values({ id: 1 }).onConflictDoNothing();
  const claimed = await rows<{ id: number }>(
    db,
    sql`update feed_state set next_poll_at = ${instant(leaseUntil)}
        where id = 1 and (next_poll_at is null or next_poll_at <= ${instant(now)}) returning id`,
  );
  return claimed.length > 0;
}

/** Pulls the next poll nearer (a window closing, an admin's change): never later than it was. */
export async function pollBy(db: Database, at: number): Promise<void> {
  await db.insert(feedState).values({ id: 1 }).onConflictDoNothing();
  await db.execute(
    sql`update feed_state set next_poll_at = least(coalesce(next_poll_at, ${instant(at)}), ${instant(at)})
        where id = 1`,
  );
}

export async function setNextPoll(db: Database, at: number): Promise<void> {
  await db
    .update(feedState)
    .set({ nextPollAt: new Date(at) })
    .where(eq(feedState.id, 1));
}

/**
 * One request of the day's budget, counted before it is made, whatever the number of instances: false
 * when the day's budget is spent (a new UTC day starts a new count).
 */
export async function spendRequest(db: Database, now: number, budget: number): Promise<boolean> {
  const today = utcDay(now);
  const spent = await rows<{ n: number }>(
    db,
    sql`update feed_state
        set requests_today = (case when day = ${today}::date then requests_today else 0 end) + 1,
            day = ${today}::date
        where id = 1 and (case when day = ${today}::date then requests_today else 0 end) < ${budget}
        returning requests_today as n`,
  );
  return spent.length > 0;
}

export async function recordSuccess(db: Database, now: number, remaining: number | undefined): Promise<void> {
  await db
    .update(feedState)
    .set({
      lastSyncAt: new Date(now),
      failures: 0,
      ...(remaining === undefined ? {} : { providerRemaining: remaining }),
    })
    .where(eq(feedState.id, 1));
}

/** A failure in a row more; the answer is how many there now are. */
export async function recordFailure(
  db: Database,
  now: number,
  message: string,
  remaining: number | undefined,
): Promise<number> {
  const [row] = await db
    .update(feedState)
    .set({
      lastError: message.slice(0, 300),
      lastErrorAt: new Date(now),
      failures: sql`${feedState.failures} + 1`,
      ...(remaining === undefined ? {} : { providerRemaining: remaining }),
    })
    .where(eq(feedState.id, 1))
    .returning({ failures: feedState.failures });
  return row?.failures ?? 1;
}

export async function markSynced(db: Database, what: 'fixtures' | 'squad', now: number): Promise<void> {
  const at = new Date(now);
  await db
    .update(feedState)
    .set(what === 'fixtures' ? { fixturesSyncedAt: at } : { squadSyncedAt: at })
    .where(eq(feedState.id, 1));
}

/** An admin set the players for rating by hand: a lineup found after this does not replace them. */
export async function noteSquadByHand(db: Database, now: number): Promise<void> {
  await db.insert(feedState).values({ id: 1 }).onConflictDoNothing();
  await db
    .update(feedState)
    .set({ squadByHandAt: new Date(now) })
    .where(eq(feedState.id, 1));
}
