import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { usageDay } from './api-keys.service';

/** How often this instance adds what it counted to the database. */
const FLUSH_EVERY_MS = 5_000;

/**
 * Each key's requests per UTC day. A keyed request adds one here, in memory; every few seconds the counts
 * go to the database as increments (`requests = requests + n`, one upsert for every key and day), so
 * instances each add their own share and none overwrites another's. A failed write keeps its counts for
 * the next.
 */
export class ApiKeyUsage {
  /** `keyId day` → requests not yet written. */
  private pending = new Map<string, { keyId: number; day: string; requests: number }>();
  /** keyId → its latest request here. */
  private lastUsed = new Map<number, Date>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  count(keyId: number): void {
    const at = this.now();
    const day = usageDay(at);
    const slot = `${keyId} ${day}`;
    const entry = this.pending.get(slot);
    if (entry) entry.requests += 1;
    else this.pending.set(slot, { keyId, day, requests: 1 });
    this.lastUsed.set(keyId, at);
  }

  /** Writes what was counted so far; one write at a time, each after the one before. */
  flush(): Promise<void> {
    const next = this.writing.catch(() => {}).then(() => this.write());
    this.writing = next;
    return next;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const [pending, lastUsed] = [this.pending, this.lastUsed];
    this.pending = new Map();
    this.lastUsed = new Map();
    const counts = [...pending.values()].map(
      (c) => sql`(${c.keyId}::int, ${c.day}::date, ${c.requests}::int)`,
    );
    const used = [...lastUsed].map(([id, at]) => sql`(${id}::int, ${at.toISOString()}::timestamptz)`);
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into api_key_usage (key_id, day, requests)
          select v.key_id, v.day, v.requests
          from (values ${sql.join(counts, sql`, `)}) as v (key_id, day, requests)
          join api_keys k on k.id = v.key_id -- a key gone meanwhile would fail the whole batch
          on conflict (key_id, day) do update set requests = api_key_usage.requests + excluded.requests`);
        await tx.execute(sql`
          update api_keys k set last_used_at = greatest(k.last_used_at, u.at)
          from (values ${sql.join(used, sql`, `)}) as u (id, at)
          where k.id = u.id`);
      });
    } catch (error) {
      // Counted again with whatever came since, at the next flush.
      for (const [slot, c] of pending) {
        const now = this.pending.get(slot);
        if (now) now.requests += c.requests;
        else this.pending.set(slot, c);
      }
      for (const [id, at] of lastUsed) if (!this.lastUsed.has(id)) this.lastUsed.set(id, at);
      this.log.warn({ err: error }, 'API key usage not written; kept for the next try');
      throw error;
    }
  }
}
