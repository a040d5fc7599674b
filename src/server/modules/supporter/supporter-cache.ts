// In-memory cache for the public supporter reads (the hot path). Writes on this
// instance invalidate at once, and every invalidation is also published to the
// other instances (cache-invalidation.ts: PostgreSQL NOTIFY); the TTL is a safety
// net. Concurrent misses for one campaign share a single load, and a load that an
// invalidation overtook is not stored. One instance per app, built in app.ts and
// handed to every write path in AppDeps.

import type { SupporterCacheInvalidator } from '../../lib/supporter-cache-invalidator.ts';

const TTL_MS = 5000;
/** Size bound: ids are public input, so a scan of random ids cannot grow memory without limit. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expires: number;
}

export class CampaignCache<T> implements SupporterCacheInvalidator {
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

  /** Tells the other instances; set by the cross-instance invalidation when there is one. */
  publish?: (key: number | 'all') => void;

  /** Call after any write that changes what a supporter sees of this campaign. */
  invalidate(campaignId: number): void {
    this.invalidateLocal(campaignId);
    this.publish?.(campaignId);
  }

  /** Drops this instance's entry only (a notification from another instance). */
  invalidateLocal(campaignId: number): void {
    this.entries.delete(campaignId);
    this.inflight.delete(campaignId);
  }

  /** Empties the cache here and on every other instance (data changed behind the app's back). */
  invalidateAll(): void {
    this.clear();
    this.publish?.('all');
  }

  private readonly clearListeners: (() => void)[] = [];

  /**
   * Calls `listener` whenever this instance's cache is emptied (an invalidation of
   * everything, here or from another instance): caches of organisation-wide facts kept
   * elsewhere (an organisation's suspension, for its uploads) follow the same signal.
   */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /** Empties this instance's cache (tests; a listener that may have missed notifications). */
  clear(): void {
    this.entries.clear();
    this.inflight.clear();
    for (const listener of this.clearListeners) listener();
  }
}
