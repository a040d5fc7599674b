// In-memory cache for the public supporter reads (the hot path). Entries live a
// short time, so several instances behind a load balancer converge within the TTL;
// writes on this instance invalidate at once.

const TTL_MS = 5000;
const entries = new Map<number, { value: unknown; expires: number }>();

export function getCachedCampaign<T>(campaignId: number): T | undefined {
  const hit = entries.get(campaignId);
  if (!hit) return undefined;
  if (hit.expires < Date.now()) {
    entries.delete(campaignId);
    return undefined;
  }
  return hit.value as T;
}

export function setCachedCampaign(campaignId: number, value: unknown): void {
  entries.set(campaignId, { value, expires: Date.now() + TTL_MS });
}

/** Call after any write that changes what a supporter sees of this campaign. */
export function invalidateCampaign(campaignId: number): void {
  entries.delete(campaignId);
}
