// UTM tags on a campaign's tracked links (docs/api.md "UTM tags"): per campaign, on by
// default, `utm_source=<platform>&utm_medium=social&utm_campaign=<slug>`, where staff may
// set their own medium and campaign value. The supporter page adds them to every link a
// supporter shares, so the organisation's analytics tell the visits of each platform apart.

import { slugify } from './org-username.ts';

export const UTM_DEFAULT_MEDIUM = 'social';
/** What a UTM value may hold: it is put in links as it is (letters, digits, - _ . ~). */
export const UTM_VALUE = /^[A-Za-z0-9._~-]+$/;
export const UTM_VALUE_MAX = 100;
export const UTM_VALUE_MESSAGE = "UTM values may use letters, digits, '-', '_', '.' and '~' only";

/** The tags a campaign's links carry, or null when its UTM tags are off. */
export interface UtmTags {
  medium: string;
  campaign: string;
}

/** The campaign name as a UTM value: lower case, accents dropped, other runs one hyphen. */
export function utmSlug(name: string): string {
  return slugify(name, UTM_VALUE_MAX) || 'campaign';
}

/** A campaign's tags from its stored setting (null values are the defaults). */
export function campaignUtm(c: {
  name: string;
  utmEnabled: boolean | number;
  utmMedium: string | null;
  utmCampaign: string | null;
}): UtmTags | null {
  if (!c.utmEnabled) return null;
  return { medium: c.utmMedium || UTM_DEFAULT_MEDIUM, campaign: c.utmCampaign || utmSlug(c.name) };
}

/** `url` with the tags for a share to `source` (a platform id); unchanged when there are none. */
export function withUtm(url: string, utm: UtmTags | null | undefined, source: string): string {
  if (!utm) return url;
  const tags = new URLSearchParams({
    utm_source: source,
    utm_medium: utm.medium,
    utm_campaign: utm.campaign,
  });
  return `${url}${url.includes('?') ? '&' : '?'}${tags}`;
}
