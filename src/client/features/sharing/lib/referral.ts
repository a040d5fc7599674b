// The referral parent of a supporter's shares: the tracked link (`?ref=`) they arrived
// through on this campaign's page, kept for the browser tab (sessionStorage).

const storageKey = (campaignId: number) => `rally:arrival-ref:${campaignId}`;

/** Remembers the ref this visitor arrived with on the campaign's page. */
export function rememberArrivalRef(campaignId: number, ref: string): void {
  try {
    sessionStorage.setItem(storageKey(campaignId), ref);
  } catch {
    // Storage blocked: the share is simply logged without a parent.
  }
}

/** The ref this visitor arrived with on this campaign's page, if any: the parent of their shares. */
export function arrivalRef(campaignId: number | undefined): string | undefined {
  if (!campaignId) return undefined;
  try {
    return sessionStorage.getItem(storageKey(campaignId)) ?? undefined;
  } catch {
    return undefined;
  }
}
