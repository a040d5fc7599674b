import {
  CLICK_CONFIRM_DELAY_MS,
  REF_CODE_PATTERN,
  SOURCE_PATTERN,
  VISIT_TOKEN_META,
} from '#shared/constants.ts';
import { LANGUAGE_QUERY } from '#shared/locales.ts';
import { arrivalSource, rememberArrivalRef, rememberArrivalSource } from '#client/features/shares/index.ts';

// Every load of the page confirms a visit to the server (with the `src` tag of the
// link it was opened from, e.g. `qr`), and a visit through a tracked share link
// (`?ref=`) also confirms that click-through; both go with the visitor cookie the
// page's response set. The click-through also carries the visit token the page's HTML
// got for that link, and goes a moment after the page starts (the server counts it
// only then). The shares this visitor then makes name that link's share as their
// referral parent and carry the source tag.

const confirmed = new Set<number>();

const post = (url: string, body: object) =>
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
    body: JSON.stringify(body),
  }).catch(() => undefined);

/** Called once when the supporter page loads. */
export function confirmArrival(campaignId: number): void {
  if (confirmed.has(campaignId)) return;
  confirmed.add(campaignId);
  const params = new URLSearchParams(location.search);
  const ref = params.get('ref');
  // A reminder's one-tap link (`?share=`) carries the supporter's own scheduled share's
  // code: their own link, not a visit through someone else's share.
  const tracked = ref && REF_CODE_PATTERN.test(ref) && !params.has('share') ? ref : undefined;
  if (tracked) rememberArrivalRef(campaignId, tracked);
  const src = params.get('src');
  if (src && SOURCE_PATTERN.test(src)) rememberArrivalSource(campaignId, src);
  // The link's `?lang=`, so the server negotiates the language the page was served in
  // (a variant view counts only when that is the campaign's default).
  const lang = params.get(LANGUAGE_QUERY)?.slice(0, 64) || undefined;
  const send = () => {
    post(`/api/supporter/campaigns/${campaignId}/visits`, { src: arrivalSource(campaignId), lang });
    const token = document.querySelector<HTMLMetaElement>(`meta[name="${VISIT_TOKEN_META}"]`)?.content;
    if (tracked) setTimeout(post, CLICK_CONFIRM_DELAY_MS, '/api/clicks', { campaignId, ref: tracked, token });
  };
  // A prerendered page is not a visit until the person actually opens it.
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener('prerenderingchange', send, { once: true });
  else send();
}
