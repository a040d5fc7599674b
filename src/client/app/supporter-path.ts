/**
 * The campaign id segment of a supporter page address (`/supporter/:id` and
 * `/supporter/campaign/:id`, with or without a trailing slash, in any case, as the
 * router matched them), or null when the path is not one. main.tsx starts the page by
 * it, without the router; the page reads its id from it.
 */
export function supporterPathId(pathname: string): string | null {
  const match = /^\/supporter\/(?:campaign\/)?([^/]+)\/?$/i.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
