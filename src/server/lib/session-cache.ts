import type { UserRow } from '../db/schema';
import type { ChangeFeed } from './change-feed';
import { TtlCache } from './ttl-cache';

interface CachedSession {
  user: UserRow;
  expiresAt: number;
}

/**
 * Signed-in users by session token hash, so a request costs no database round trip to know its user.
 * Any change to a user or the end of any of their sessions (database triggers, every instance) drops
 * that user's entries; when the feed restarts, all of them.
 */
export class SessionCache {
  private readonly sessions: TtlCache<string, CachedSession>;
  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every forget: a lookup that began before one may have read the old row, so it is not kept. */
  private epoch = 0;

  constructor(feed: ChangeFeed, options: { ttlMs?: number; max?: number } = {}) {
    this.sessions = new TtlCache({
      ttlMs: options.ttlMs ?? 60_000,
      max: options.max ?? 50_000,
      onDrop: (tokenHash, session) => this.unindex(session.user.id, tokenHash),
    });
    feed.subscribe((change) => {
      if (change.kind === 'user') this.forgetUser(change.userId);
      else if (change.kind === 'reset') this.clear();
    });
  }

  /** The user of a session, from memory or else from `load` (the database). */
  async lookup(
    tokenHash: string,
    load: (tokenHash: string) => Promise<{ user: UserRow; expiresAt: Date } | null>,
  ): Promise<UserRow | null> {
    const cached = this.get(tokenHash);
    if (cached) return cached;
    const epoch = this.epoch;
    const found = await load(tokenHash);
    if (!found) return null;
    if (epoch === this.epoch) this.set(tokenHash, found.user, found.expiresAt);
    return found.user;
  }

  get(tokenHash: string): UserRow | undefined {
    const session = this.sessions.get(tokenHash);
    if (!session) return undefined;
    if (session.expiresAt <= Date.now()) {
      this.sessions.delete(tokenHash);
      this.unindex(session.user.id, tokenHash);
      return undefined;
    }
    return session.user;
  }

  set(tokenHash: string, user: UserRow, expiresAt: Date): void {
    this.sessions.set(tokenHash, { user, expiresAt: expiresAt.getTime() });
    let hashes = this.byUser.get(user.id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(user.id, hashes);
    }
    hashes.add(tokenHash);
  }

  forgetUser(userId: string): void {
    this.epoch += 1;
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    this.byUser.delete(userId);
    for (const tokenHash of hashes) this.sessions.delete(tokenHash);
  }

  clear(): void {
    this.epoch += 1;
    this.sessions.clear();
    this.byUser.clear();
  }

  private unindex(userId: string, tokenHash: string): void {
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    hashes.delete(tokenHash);
    if (hashes.size === 0) this.byUser.delete(userId);
  }
}
