/**
 * The push benchmark's audience, written with the app's own database code into a database no server has
 * open yet (PGlite is one process's alone): migrations, the club's squad, the admin with a session, the
 * fans (`insert ... select from generate_series`, their languages mixed) and their browsers'
 * subscriptions to the local push service, in big batches, every one wanting the kick-off notification
 * (voting_opens, the default).
 */
import { sql } from 'drizzle-orm';
import { type DbTarget, openDatabase, rows, runMigrations } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { createSession, SESSION_COOKIE } from '../../src/server/lib/sessions';
import type { SubscriptionColumns } from './push-fixture-remote';

/** Fan f's user id, made from f, so a subscription names its fan without a lookup. */
const FAN_ID = sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(f), 12, '0'))::uuid`);
/** Subscriptions per insert statement (one jsonb parameter of about 1.5 MB). */
const BATCH = 5000;

export interface PushAudience {
  adminCookie: string;
  fans: number;
  subscriptions: number;
  /** Seconds: the fans, the subscriptions. */
  seconds: { fans: number; subscriptions: number };
}

export async function seedPushAudience(
  target: DbTarget,
  options: {
    club: string;
    adminEmail: string;
    /** Subscriptions per fan: 1 to 10 (PUSH_SUBSCRIPTIONS_PER_USER). */
    perFan: number;
    origin: string;
    subscriptions: SubscriptionColumns;
  },
): Promise<PushAudience> {
  const handle = await openDatabase(target);
  try {
    const { db } = handle;
    await runMigrations(handle, target);
    await seedDatabase(db, options.club);
    // The product's ensureAdmin finds this one at start (ADMIN_EMAIL) and sets its password.
    const [admin] = await db
      .insert(users)
      .values({ email: options.adminEmail, name: 'Admin', isAdmin: true, emailVerified: true })
      .returning({ id: users.id });
    if (!admin) throw new Error('the admin was not created');
    const adminCookie = `${SESSION_COOKIE}=${await createSession(db, admin.id, 'matchday-bench')}`;

    const count = options.subscriptions.ids.length;
    const fans = Math.ceil(count / options.perFan);
    const t0 = performance.now();
    await db.execute(sql`insert into users (id, email, name, email_verified, consent_given, consent_at, locale)
      select ${FAN_ID}, 'fan' || f || '@bench.invalid', 'Fan ' || f, true, true, now(),
             (array['en', 'fr', 'es', 'ar'])[1 + f % 4]
      from generate_series(1, ${fans}) f`);
    const t1 = performance.now();
    for (let first = 0; first < count; first += BATCH) {
      const batch = options.subscriptions.ids.slice(first, first + BATCH).map((id, i) => ({
        f: 1 + Math.floor((first + i) / options.perFan),
        endpoint: `${options.origin}/push/${id}`,
        p256dh: options.subscriptions.p256dh[first + i],
        auth: options.subscriptions.auth[first + i],
      }));
      await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        select ${FAN_ID}, r.endpoint, r.p256dh, r.auth
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(f int, endpoint text, p256dh text, auth text)`);
    }
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze push_subscriptions`);
    const t2 = performance.now();
    const [seeded] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from push_subscriptions where voting_opens`,
    );
    if (seeded?.n !== count) throw new Error(`seeded ${seeded?.n} subscriptions, not ${count}`);
    return {
      adminCookie,
      fans,
      subscriptions: count,
      seconds: { fans: (t1 - t0) / 1000, subscriptions: (t2 - t1) / 1000 },
    };
  } finally {
    await handle.close();
  }
}

/** What the queue holds at the end: jobs left, and the sends' counters. */
/** A send's row as the queue holds it. */
interface SendRow {
  event: string;
  expanded: boolean;
  total: number;
  sent: number;
  failed: number;
  removed: number;
}

export async function queueState(
  target: DbTarget,
): Promise<{ jobs: number; sends: SendRow[]; subscriptions: number }> {
  const handle = await openDatabase(target);
  try {
    const { db } = handle;
    const [jobs] = await rows<{ n: number }>(db, sql`select count(*)::int as n from push_jobs`);
    const [subscriptions] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from push_subscriptions`,
    );
    const sends = await rows<SendRow>(
      db,
      sql`select event, expanded, total, sent, failed, removed from push_sends order by id`,
    );
    return { jobs: jobs?.n ?? -1, sends, subscriptions: subscriptions?.n ?? -1 };
  } finally {
    await handle.close();
  }
}
