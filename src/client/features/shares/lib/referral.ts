// Where a supporter came from on this campaign's page, kept for the browser tab
// (sessionStorage): the tracked link (`?ref=`) they arrived through, the referral
// parent of their shares, and the link's source tag (`?src=`, e.g. `qr`), which their
// shares carry so the analytics count shares per source.

const storageKey = (what: 'ref' | 'src', campaignId: number) => `rally:arrival-${what}:${campaignId}`;

function remember(what: 'ref' | 'src', campaignId: number, value: string): void {
  try {
    sessionStorage.setItem(storageKey(what, campaignId), value);
  } catch {
    // Storage blocked: the share is simply logged without it.
  }
}

function recall(what: 'ref' | 'src', campaignId: number | undefined): string | undefined {
  if (!campaignId) return undefined;
  try {
    return sessionStorage.getItem(storageKey(what, campaignId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the ref this visitor arrived with on the campaign's page. */
export const rememberArrivalRef = (campaignId: number, ref: string) => remember('ref', campaignId, ref);

/** The ref this visitor arrived with on this campaign's page, if any: the parent of their shares. */
export const arrivalRef = (campaignId: number | undefined) => recall('ref', campaignId);

/** Remembers the source tag of the link this visitor opened the campaign's page with. */
export const rememberArrivalSource = (campaignId: number, src: string) => remember('src', campaignId, src);

/** The source tag this visitor arrived with on this campaign's page, if any. */
export const arrivalSource = (campaignId: number | undefined) => recall('src', campaignId);
