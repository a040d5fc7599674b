/** Truncate to `max` characters, appending '...' (SPEC.md section 9). Counts code points, so emoji stay whole. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
