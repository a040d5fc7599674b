import { REF_CODE_PATTERN } from '#shared/constants.ts';
import { rememberArrivalRef } from '#client/features/sharing/index.ts';

// A visit through a tracked share link (`?ref=`): the page confirms it to the server
// (POST /api/clicks, with the visitor cookie the page's response set), and the shares
// this visitor then makes name that link's share as their referral parent.

const confirmed = new Set<number>();

/** Called once when the supporter page loads. */
export function confirmArrival(campaignId: number): void {
  const params = new URLSearchParams(location.search);
  const ref = params.get('ref');
  // A reminder's one-tap link (`?share=`) carries the supporter's own scheduled share's
  // code: their own link, not a visit through someone else's share.
  if (params.has('share')) return;
  if (!ref || !REF_CODE_PATTERN.test(ref) || confirmed.has(campaignId)) return;
  confirmed.add(campaignId);
  rememberArrivalRef(campaignId, ref);
  const send = () =>
    void fetch('/api/clicks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
      body: JSON.stringify({ campaignId, ref }),
    }).catch(() => undefined);
  // A prerendered page is not a visit until the person actually opens it.
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener('prerenderingchange', send, { once: true });
  else send();
}
