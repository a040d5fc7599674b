import { checkDestination, type AddressPolicy } from '../../lib/safe-fetch.ts';
import { FETCH_FAILED_MESSAGE } from '../uploads/index.ts';

/** Host lookups a dry run makes at once. */
const LOOKUPS_AT_ONCE = 8;

/**
 * The media URLs the safe fetcher would refuse, each with the one answer
 * upload-from-url gives (no detail: hosts cannot be probed through the server).
 * Nothing is downloaded; each host is looked up once.
 */
export async function unreachableMedia(urls: string[], policy: AddressPolicy): Promise<Map<string, string>> {
  const byOrigin = new Map<string, string[]>();
  for (const url of new Set(urls)) {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = url;
    }
    byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), url]);
  }
  const refused = new Map<string, string>();
  const queue = [...byOrigin.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      try {
        await checkDestination(group[0], { protocols: ['http:', 'https:'], policy });
      } catch {
        for (const url of group) refused.set(url, FETCH_FAILED_MESSAGE);
      }
    }
  };
  await Promise.all(Array.from({ length: LOOKUPS_AT_ONCE }, worker));
  return refused;
}
