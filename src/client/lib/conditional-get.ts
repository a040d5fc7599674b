import { NetworkError, throwIfNotOk } from './api-client.ts';
import { getToken } from './token-storage.ts';

// A GET that names the copy it has (`If-None-Match`): a poll that costs the server and
// the network next to nothing while nothing changed (304, no body). Beside the API
// client rather than in it, so the supporter page's start does not carry it.

/** Not Modified: the validator sent is current. */
const NOT_MODIFIED = 304;

/** The answer and its validator, or null when the copy named by `etag` is current. */
export async function getIfChanged<T>(
  url: string,
  etag: string | null,
): Promise<{ data: T; etag: string | null } | null> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers['If-None-Match'] = etag;
  let res: Response;
  try {
    // The validator is ours to send: the browser's own cache stays out of the way.
    res = await fetch(url, { headers, credentials: 'include', cache: 'no-store' });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (res.status === NOT_MODIFIED) return null;
  await throwIfNotOk(res);
  return { data: (await res.json()) as T, etag: res.headers.get('etag') };
}
