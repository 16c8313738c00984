import {
  API_KEY_ERRORS,
  API_KEY_PREFIX,
  API_KEY_RATE,
  API_KEY_SHOWN_CHARS,
  API_KEY_USAGE_DAYS,
  type ApiKeySummary,
  type CreatedApiKey,
} from '@shared/api-keys';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys, apiKeyUsage } from '../../db/schema';
import { CHANGES_CHANNEL } from '../../lib/change-feed';
import { notFound } from '../../lib/http-error';
import { hashToken, randomToken } from '../../lib/tokens';

/** A key the public reads accept: all the gate needs to limit and count it. */
export interface ActiveKey {
  readonly id: number;
  readonly ratePerMinute: number;
}

/** The UTC day of `at`, as the usage table keeps it. */
export const usageDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Every instance drops its cached keys when the transaction commits (the change feed's `apiKeys`), so a
 * revoked key is refused everywhere from then on; the writer's own instance drops them before answering
 * (the route's declared change).
 */
const notifyInstances = (tx: Pick<Database, 'execute'>) =>
  tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'apiKeys:')`);

/** The list's rows: each key with its requests today and over the week, newest key first. */
export async function listApiKeys(db: Database, now = new Date()): Promise<ApiKeySummary[]> {
  const today = usageDay(now);
  const weekStart = usageDay(new Date(now.getTime() - (API_KEY_USAGE_DAYS - 1) * 86_400_000));
  const usage = db
    .select({
      keyId: apiKeyUsage.keyId,
      today:
        sql<number>`coalesce(sum(${apiKeyUsage.requests}) filter (where ${apiKeyUsage.day} = ${today}), 0)::int`.as(
          'today',
        ),
      week: sql<number>`sum(${apiKeyUsage.requests})::int`.as('week'),
    })
    .from(apiKeyUsage)
    .where(sql`${apiKeyUsage.day} between ${weekStart} and ${today}`)
    .groupBy(apiKeyUsage.keyId)
    .as('usage');
  const rows = await db
    .select({ key: apiKeys, today: usage.today, week: usage.week })
    .from(apiKeys)
    .leftJoin(usage, eq(usage.keyId, apiKeys.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toSummary(r.key, Number(r.today ?? 0), Number(r.week ?? 0)));
}

/** A new key: only its SHA-256 is stored; the key itself is in the answer this once. */
export async function createApiKey(
  db: Database,
  input: { name: string; ratePerMinute?: number | undefined },
): Promise<CreatedApiKey> {
  const apiKey = `${API_KEY_PREFIX}${randomToken()}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        keyHash: hashToken(apiKey),
        prefix: apiKey.slice(0, API_KEY_SHOWN_CHARS),
        ratePerMinute: input.ratePerMinute ?? API_KEY_RATE.default,
      })
      .returning();
    await notifyInstances(tx);
    return created;
  });
  if (!row) throw new Error('api key not created');
  return { key: toSummary(row, 0, 0), apiKey };
}

/** Revoked from the next request on; revoking again keeps the first time. */
export async function revokeApiKey(db: Database, id: number, now = new Date()): Promise<ApiKeySummary> {
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(apiKeys.id, id))
      .returning({ id: apiKeys.id });
    if (row) await notifyInstances(tx);
    return row;
  });
  if (!found) throw notFound(API_KEY_ERRORS.notFound);
  const summary = (await listApiKeys(db, now)).find((k) => k.id === id);
  if (!summary) throw notFound(API_KEY_ERRORS.notFound);
  return summary;
}

/** The key with this SHA-256, if we issued it and have not revoked it. */
export async function findActiveKey(db: Database, keyHash: string): Promise<ActiveKey | null> {
  const [row] = await db
    .select({ id: apiKeys.id, ratePerMinute: apiKeys.ratePerMinute, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row && row.revokedAt === null ? { id: row.id, ratePerMinute: row.ratePerMinute } : null;
}

function toSummary(row: typeof apiKeys.$inferSelect, today: number, week: number): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    ratePerMinute: row.ratePerMinute,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    requestsToday: today,
    requestsLast7Days: week,
  };
}
