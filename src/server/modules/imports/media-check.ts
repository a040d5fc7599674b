import type { Db } from '../../db/client.ts';
import { countInWindow } from '../../lib/attempt-window.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { checkDestination, type AddressPolicy } from '../../lib/safe-fetch.ts';
import { LOGIN_WINDOW_MS } from '../auth/index.ts';
import { FETCH_FAILED_MESSAGE } from '../uploads/index.ts';

/** Host lookups a dry run makes at once. */
const LOOKUPS_AT_ONCE = 8;

/**
 * The sites (scheme, host and port) one import may take media from: each is looked
 * up, and a file of 1,000 rows must not make a thousand lookups. The rows past it
 * are refused without one.
 */
export const MAX_MEDIA_SITES = 50;

export const TOO_MANY_SITES_MESSAGE = `An import takes media from at most ${MAX_MEDIA_SITES} different sites: import the rest in another file`;

/** Why a media URL is refused: the English, and the import rule the client words. */
export interface MediaRefusal {
  message: string;
  rule: 'media_unreachable' | 'too_many_media_sites';
  params?: { maximum: number };
}
const TOO_MANY_SITES: MediaRefusal = {
  message: TOO_MANY_SITES_MESSAGE,
  rule: 'too_many_media_sites',
  params: { maximum: MAX_MEDIA_SITES },
};
const UNREACHABLE: MediaRefusal = { message: FETCH_FAILED_MESSAGE, rule: 'media_unreachable' };

/**
 * The media URLs the safe fetcher would refuse, each with the one answer
 * upload-from-url gives (no detail: hosts cannot be probed through the server), and
 * those past the first MAX_MEDIA_SITES sites. Nothing is downloaded; each site is
 * looked up once, LOOKUPS_AT_ONCE at a time, after `spend` has accepted the number of
 * lookups (the organisation's budget: it throws when that is used up).
 */
export async function unreachableMedia(
  urls: string[],
  policy: AddressPolicy,
  spend: (lookups: number) => Promise<void> = async () => {},
): Promise<Map<string, MediaRefusal>> {
  const bySite = new Map<string, string[]>();
  for (const url of new Set(urls)) {
    let site: string;
    try {
      site = new URL(url).origin;
    } catch {
      site = url;
    }
    bySite.set(site, [...(bySite.get(site) ?? []), url]);
  }
  const refused = new Map<string, MediaRefusal>();
  const groups = [...bySite.values()];
  for (const group of groups.slice(MAX_MEDIA_SITES))
    for (const url of group) refused.set(url, TOO_MANY_SITES);
  const queue = groups.slice(0, MAX_MEDIA_SITES);
  if (queue.length === 0) return refused;
  await spend(queue.length);
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      try {
        await checkDestination(group[0], { protocols: ['http:', 'https:'], policy });
      } catch {
        for (const url of group) refused.set(url, UNREACHABLE);
      }
    }
  };
  await Promise.all(Array.from({ length: LOOKUPS_AT_ONCE }, worker));
  return refused;
}

/**
 * Media sites an organisation's imports may look up in MEDIA_LOOKUP_WINDOW_MS, dry runs
 * and real runs together: four files at the most sites each, so that repeating dry
 * runs cannot turn the server into a resolver for someone else's names.
 */
export const MEDIA_LOOKUPS_PER_WINDOW = 4 * MAX_MEDIA_SITES;
/** The window of that budget: the login throttle's, whose table keeps the count (and prunes it). */
export const MEDIA_LOOKUP_WINDOW_MS = LOGIN_WINDOW_MS;

/** Counts `lookups` against the organisation's budget; 429 with Retry-After past it. */
export const spendLookupBudget = (db: Db, orgId: number) => async (lookups: number) => {
  const row = await countInWindow(db, `import-lookups:${orgId}`, {
    windowMs: MEDIA_LOOKUP_WINDOW_MS,
    sliding: false,
    add: lookups,
  });
  if (row.count <= MEDIA_LOOKUPS_PER_WINDOW) return;
  throw tooManyRequests(
    `Too many media addresses checked for this organization's imports: at most ${MEDIA_LOOKUPS_PER_WINDOW} sites every ${MEDIA_LOOKUP_WINDOW_MS / 60_000} minutes. Please try again later.`,
    Date.parse(row.windowStart) + MEDIA_LOOKUP_WINDOW_MS - Date.now(),
    'organization',
  );
};
