/**
 * A bounded map whose entries expire: the oldest entry goes first when full (insertion order). Expiry is
 * a safety net; caches built on it are kept right by the change feed.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly options: {
      ttlMs: number;
      max: number;
      /** Told of every entry that leaves other than by delete() or clear(): expired or pushed out. */
      onDrop?: (key: K, value: V) => void;
    },
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      this.options.onDrop?.(key, entry.value);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, ttlMs = this.options.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.max) {
      const oldest = this.entries.entries().next();
      if (!oldest.done) {
        const [key, entry] = oldest.value;
        this.entries.delete(key);
        this.options.onDrop?.(key, entry.value);
      }
    }
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
