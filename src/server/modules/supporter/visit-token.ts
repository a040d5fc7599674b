import { createHmac, timingSafeEqual } from 'node:crypto';
import { VISIT_TOKEN_MAX_AGE_MS, VISIT_TOKEN_MIN_AGE_MS } from '#shared/constants.ts';

// The visit token of a tracked-link page view (API.md "Honest click-throughs"): the
// supporter page served for `?ref=` carries it, and the page's script sends it back
// with its click-through confirmation. It binds the visitor id of the page's cookie,
// the campaign, the share code and the time the page was served, signed with the
// visitor cookie key (the one secret every instance shares, in the database), under
// its own label so that no other tag made with that key can pass for it.
// Format: `{issued ms, base 36}.{tag}`.

const LABEL = 'click-visit-v1';
const TAG_LENGTH = 22;
const TOKEN_PATTERN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

export interface VisitBinding {
  visitorId: string;
  campaignId: number;
  ref: string;
}

const tagOf = (key: Buffer, v: VisitBinding, issued: number) =>
  createHmac('sha256', key)
    .update(`${LABEL}\n${v.visitorId}\n${v.campaignId}\n${v.ref}\n${issued}`)
    .digest('base64url')
    .slice(0, TAG_LENGTH);

export function issueVisitToken(key: Buffer, v: VisitBinding, now = Date.now()): string {
  return `${now.toString(36)}.${tagOf(key, v, now)}`;
}

/**
 * What a confirmation's token proves. `valid`: this visitor's page view of this share
 * link in this campaign, between VISIT_TOKEN_MIN_AGE_MS and VISIT_TOKEN_MAX_AGE_MS ago.
 * `early`/`expired`: a true token outside that window. `invalid`: absent, malformed,
 * forged, or made for another visitor, campaign or share.
 */
export type VisitVerdict = 'valid' | 'early' | 'expired' | 'invalid';

export function checkVisitToken(
  key: Buffer,
  token: string | undefined,
  v: VisitBinding,
  now = Date.now(),
): VisitVerdict {
  const m = token ? TOKEN_PATTERN.exec(token) : null;
  if (!m) return 'invalid';
  const issued = Number.parseInt(m[1], 36);
  const given = Buffer.from(m[2]);
  const expected = Buffer.from(tagOf(key, v, issued));
  if (!timingSafeEqual(given, expected)) return 'invalid';
  const age = now - issued;
  if (age < VISIT_TOKEN_MIN_AGE_MS) return 'early';
  if (age > VISIT_TOKEN_MAX_AGE_MS) return 'expired';
  return 'valid';
}
