// In-memory cache for the public supporter reads (the hot path). Entries live a
// short time, so several instances behind a load balancer converge within the TTL;
// writes on this instance invalidate at once. Concurrent misses for one campaign
// share a single load, and a load that an invalidation overtook is not stored.

const TTL_MS = 5000;
/** Size bound: ids are public input, so a scan of random ids cannot grow memory without limit. */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: unknown;
  expires: number;
}

const entries = new Map<number, Entry>();
const inflight = new Map<number, { promise: Promise<unknown> }>();

export function getCachedCampaign<T>(campaignId: number): T | undefined {
  const hit = entries.get(campaignId);
  if (!hit) return undefined;
  if (hit.expires < Date.now()) {
    entries.delete(campaignId);
    return undefined;
  }
  return hit.value as T;
}

export function setCachedCampaign(campaignId: number, value: unknown, ttlMs = TTL_MS): void {
  if (entries.size >= MAX_ENTRIES && !entries.has(campaignId)) {
    // Maps iterate in insertion order: drop the oldest entry.
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(campaignId, { value, expires: Date.now() + ttlMs });
}

/**
 * The cached value, or the loader's result (stored for `ttlFor(value)` ms, default
 * the standard TTL). Concurrent callers during a miss await the same load.
 */
export function loadCachedCampaign<T>(
  campaignId: number,
  loader: () => Promise<T>,
  ttlFor: (value: T) => number = () => TTL_MS,
): T | Promise<T> {
  const hit = getCachedCampaign<T>(campaignId);
  if (hit !== undefined) return hit;
  const pending = inflight.get(campaignId);
  if (pending) return pending.promise as Promise<T>;
  const slot = { promise: undefined as unknown as Promise<T> };
  slot.promise = loader().then(
    (value) => {
      // Only store when no invalidation happened while loading.
      if (inflight.get(campaignId) === slot) {
        inflight.delete(campaignId);
        setCachedCampaign(campaignId, value, ttlFor(value));
      }
      return value;
    },
    (err) => {
      if (inflight.get(campaignId) === slot) inflight.delete(campaignId);
      throw err;
    },
  );
  inflight.set(campaignId, slot);
  return slot.promise;
}

/** Call after any write that changes what a supporter sees of this campaign. */
export function invalidateCampaign(campaignId: number): void {
  entries.delete(campaignId);
  inflight.delete(campaignId);
}

/** Empties the cache (tests, and operators who change data behind the app's back). */
export function clearSupporterCache(): void {
  entries.clear();
  inflight.clear();
}
