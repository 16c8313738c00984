import { API_KEY_PATTERN } from '@shared/api-keys';
import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { hashToken } from '../../lib/tokens';
import { TtlCache } from '../../lib/ttl-cache';
import { type ActiveKey, findActiveKey } from './api-keys.service';

/** A found key is kept this long at most: a safety net, the change feed drops it on every write. */
const FOUND_TTL_MS = 60_000;
/** An unknown key is remembered briefly, so a partner's misconfigured client costs one query a while. */
const UNKNOWN_TTL_MS = 10_000;

/**
 * The keys presented to the public reads, by SHA-256, as found in the database: a keyed request costs a
 * hash and a map look-up. Any key created or revoked on any instance empties it (`apiKeys` on the change
 * feed: the writer's transaction notifies every instance, and its own route declares it).
 */
export class ApiKeyCache {
  private readonly keys = new TtlCache<string, ActiveKey | null>({ ttlMs: FOUND_TTL_MS, max: 10_000 });
  /** Bumped by every clear: a look-up begun before it must not keep what it read. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    feed: ChangeFeed,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'apiKeys' || change.kind === 'reset') this.clear();
    });
  }

  /** The key presented, or null: unknown, revoked, or a string that cannot be a key (no query then). */
  async resolve(presented: string): Promise<ActiveKey | null> {
    if (!API_KEY_PATTERN.test(presented)) return null;
    const hash = hashToken(presented);
    const cached = this.keys.get(hash);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const found = await findActiveKey(this.db, hash);
    if (generation === this.generation) this.keys.set(hash, found, found ? FOUND_TTL_MS : UNKNOWN_TTL_MS);
    return found;
  }

  clear(): void {
    this.generation += 1;
    this.keys.clear();
  }
}
