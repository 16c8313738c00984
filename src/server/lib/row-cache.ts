import { TtlCache } from './ttl-cache';

/**
 * Values read from the database, kept in memory until the change feed says they changed. Concurrent
 * misses of one key share one read, and a read that a change overtook is answered but not kept (it may
 * hold the old row). Undefined (not found) is never kept.
 */
export class RowCache<K, V> {
  private readonly values: TtlCache<K, V>;
  private readonly inflight = new Map<K, Promise<V | undefined>>();
  private epoch = 0;

  constructor(options: { ttlMs: number; max: number }) {
    this.values = new TtlCache(options);
  }

  get(key: K, load: (key: K) => Promise<V | undefined>, keep: (value: V) => boolean = () => true) {
    const cached = this.values.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.inflight.get(key);
    if (!pending) {
      const epoch = this.epoch;
      pending = load(key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
      void pending.then(
        (value) => {
          if (value !== undefined && epoch === this.epoch && keep(value)) this.values.set(key, value);
        },
        () => {},
      );
    }
    return pending;
  }

  /** The kept value, from memory only: never a read (the fast reads answer only from what is at hand). */
  peek(key: K): V | undefined {
    return this.values.get(key);
  }

  forget(key: K): void {
    this.epoch += 1;
    this.values.delete(key);
    // A read already under way for it must not be shared by later callers either.
    this.inflight.delete(key);
  }

  clear(): void {
    this.epoch += 1;
    this.values.clear();
    this.inflight.clear();
  }
}
