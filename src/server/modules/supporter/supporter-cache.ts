// In-memory cache for the public supporter reads (the hot path). Entries live a
// short time, so several instances behind a load balancer converge within the TTL;
// writes on this instance invalidate at once. Concurrent misses for one campaign
// share a single load, and a load that an invalidation overtook is not stored.
// One instance per app, built in app.ts and handed to every write path in AppDeps.

const TTL_MS = 5000;
/** Size bound: ids are public input, so a scan of random ids cannot grow memory without limit. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expires: number;
}

export class CampaignCache<T> {
  private readonly entries = new Map<number, Entry<T>>();
  private readonly inflight = new Map<number, { promise: Promise<T> }>();

  get(campaignId: number): T | undefined {
    const hit = this.entries.get(campaignId);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(campaignId);
      return undefined;
    }
    return hit.value;
  }

  set(campaignId: number, value: T, ttlMs = TTL_MS): void {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(campaignId)) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(campaignId, { value, expires: Date.now() + ttlMs });
  }

  /**
   * The cached value, or the loader's result (stored for `ttlFor(value)` ms, default
   * the standard TTL). Concurrent callers during a miss await the same load.
   */
  load(
    campaignId: number,
    loader: () => Promise<T>,
    ttlFor: (value: T) => number = () => TTL_MS,
  ): T | Promise<T> {
    const hit = this.get(campaignId);
    if (hit !== undefined) return hit;
    const pending = this.inflight.get(campaignId);
    if (pending) return pending.promise;
    const slot = { promise: undefined as unknown as Promise<T> };
    slot.promise = loader().then(
      (value) => {
        // Only store when no invalidation happened while loading.
        if (this.inflight.get(campaignId) === slot) {
          this.inflight.delete(campaignId);
          this.set(campaignId, value, ttlFor(value));
        }
        return value;
      },
      (err) => {
        if (this.inflight.get(campaignId) === slot) this.inflight.delete(campaignId);
        throw err;
      },
    );
    this.inflight.set(campaignId, slot);
    return slot.promise;
  }

  /** Call after any write that changes what a supporter sees of this campaign. */
  invalidate(campaignId: number): void {
    this.entries.delete(campaignId);
    this.inflight.delete(campaignId);
  }

  /** Empties the cache (tests, and operators who change data behind the app's back). */
  clear(): void {
    this.entries.clear();
    this.inflight.clear();
  }
}

/** What a write path needs of the supporter cache: only the right to invalidate. */
export interface SupporterCacheInvalidator {
  invalidate(campaignId: number): void;
}
