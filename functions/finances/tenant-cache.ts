/**
 * Per-process copies of a tenant's records, each held for the version of its list the request's
 * auth check read (functions/data/list-cache.ts): while the version holds, a call reads nothing;
 * a write moves the version and the next call loads again. Bounded in memory: least recently
 * used tenants go first once there are more than `tenants` of them or their records weigh more
 * than `weight` in all (the tenant just loaded always stays). A copy older than `maxAgeMs` is
 * loaded again even if its version held, in case a writer died between its write and its mark.
 */
type Entry<T> = { version: string; value: T; weight: number; loadedAt: number };

export type TenantCacheLimits = { tenants: number; weight: number; maxAgeMs: number };

export class TenantCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<T>>();
  private totalWeight = 0;

  constructor(
    private readonly limits: TenantCacheLimits,
    private readonly weigh: (value: T) => number,
  ) {}

  /** The tenant's copy at `version`, loaded once however many calls miss it at the same time. */
  async get(tenantId: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(tenantId);
    if (hit && hit.version === version && Date.now() - hit.loadedAt < this.limits.maxAgeMs) {
      // Map order is the LRU order: the tenant read last moves to the end.
      this.entries.delete(tenantId);
      this.entries.set(tenantId, hit);
      return hit.value;
    }
    const key = `${tenantId}\u0000${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          this.keep(tenantId, { version, value, weight: this.weigh(value), loadedAt: Date.now() });
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** How many tenants and how much weight are held (for tests). */
  size(): { tenants: number; weight: number } {
    return { tenants: this.entries.size, weight: this.totalWeight };
  }

  private keep(tenantId: string, entry: Entry<T>) {
    this.drop(tenantId);
    this.entries.set(tenantId, entry);
    this.totalWeight += entry.weight;
    for (const oldest of this.entries.keys()) {
      if (oldest === tenantId) break;
      if (this.entries.size <= this.limits.tenants && this.totalWeight <= this.limits.weight) break;
      this.drop(oldest);
    }
  }

  private drop(tenantId: string) {
    const held = this.entries.get(tenantId);
    if (!held) return;
    this.totalWeight -= held.weight;
    this.entries.delete(tenantId);
  }
}
