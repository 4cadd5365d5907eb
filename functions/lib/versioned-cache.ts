/**
 * The one per-process cache of values computed from versioned data (cached lists, a tenant's
 * money records, finished answers). Its rules:
 * - a value is held under a key for the version it was loaded at; asking with another version
 *   misses and loads again (a write moves the version, so the next reader sees it);
 * - callers missing the same key and version while it loads share that one load;
 * - a load that fails is not kept: the next call loads again;
 * - least recently used keys go first once there are more than `entries` of them, or their values
 *   weigh more than `weight` in all (the key just loaded always stays, whatever it weighs);
 * - a value older than `maxAgeMs` is loaded again even if its version held (a writer that died
 *   between its write and moving the version is not believed forever).
 * Values are shared between callers: read them, never change them.
 */
export type VersionedCacheLimits<T> = {
  entries: number;
  /** The most the held values may weigh in all, by `weigh` (default: no bound). */
  weight?: number;
  /** The oldest a held value may be, in milliseconds (default: no bound). */
  maxAgeMs?: number;
  /** What a value weighs (default 1). */
  weigh?: (value: T) => number;
  /** Told of every key dropped to stay within the limits (a caller's own per-key state follows it). */
  onEvict?: (key: string) => void;
};

type Entry<T> = { version: string; value: T; weight: number; loadedAt: number };

/** Loads in flight by key: callers asking for a key while it loads share the one load. */
export class SharedLoads<T> {
  private readonly pending = new Map<string, Promise<T>>();

  run(key: string, load: () => Promise<T>): Promise<T> {
    let loading = this.pending.get(key);
    if (!loading) {
      loading = load().finally(() => this.pending.delete(key));
      this.pending.set(key, loading);
    }
    return loading;
  }
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loads = new SharedLoads<T>();
  private totalWeight = 0;
  private readonly weigh: (value: T) => number;

  constructor(private readonly limits: VersionedCacheLimits<T>) {
    this.weigh = limits.weigh ?? (() => 1);
  }

  /** The value of `key` at `version`, loaded once however many calls miss it at the same time. */
  get(key: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.held(key, version);
    if (hit) return Promise.resolve(hit.value);
    return this.loads.run(`${key}\u0000${version}`, async () => {
      const value = await load();
      this.keep(key, { version, value, weight: this.weigh(value), loadedAt: Date.now() });
      return value;
    });
  }

  /** The value held for `key` and the version it was loaded at, whatever that version (no load, no LRU move). */
  peek(key: string): { version: string; value: T } | undefined {
    const entry = this.entries.get(key);
    return entry && { version: entry.version, value: entry.value };
  }

  /** How many keys and how much weight are held. */
  size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.totalWeight };
  }

  private held(key: string, version: string): Entry<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    if (Date.now() - entry.loadedAt >= (this.limits.maxAgeMs ?? Number.POSITIVE_INFINITY)) return undefined;
    // Map order is the LRU order: the key read last moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private keep(key: string, entry: Entry<T>) {
    this.drop(key);
    this.entries.set(key, entry);
    this.totalWeight += entry.weight;
    const maxWeight = this.limits.weight ?? Number.POSITIVE_INFINITY;
    for (const oldest of this.entries.keys()) {
      if (oldest === key) break;
      if (this.entries.size <= this.limits.entries && this.totalWeight <= maxWeight) break;
      this.drop(oldest);
      this.limits.onEvict?.(oldest);
    }
  }

  private drop(key: string) {
    const held = this.entries.get(key);
    if (!held) return;
    this.totalWeight -= held.weight;
    this.entries.delete(key);
  }
}
