/** Truncate to `max` characters, appending '...' (share text must fit each platform). Counts code points, so emoji stay whole. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
