import { sql } from 'drizzle-orm';
import type { Database } from './client';
import type {
  announcement,
  customization,
  embedSettings,
  feedSettings,
  shieldSettings,
  socialMedia,
} from './schema';

type SingletonTable =
  | typeof announcement
  | typeof customization
  | typeof socialMedia
  | typeof shieldSettings
  | typeof feedSettings
  | typeof embedSettings;

/** Writes the one row (id 1) of a settings table, creating it if a database was never seeded. */
export async function upsertSingleton<T extends SingletonTable>(
  db: Database,
  table: T,
  values: Omit<T['$inferInsert'], 'id' | 'updatedAt'>,
): Promise<void> {
  // The union of tables defeats drizzle's per-table inference; each call site is typed by `values`.
  const target = table as typeof customization;
  await db
    .insert(target)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: target.id, set: { ...values, updatedAt: sql`now()` } });
}
