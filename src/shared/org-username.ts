import { MAX_USERNAME, MIN_USERNAME } from './constants.ts';

/**
 * An organisation username suggested from its name: lower case, accents dropped,
 * every run of other characters a single hyphen ("Friends of the Río Verde!" ->
 * "friends-of-the-rio-verde"), cut to the username limit. Empty when the name
 * gives fewer than 3 usable characters, so the form asks instead of guessing.
 */
export function suggestOrgUsername(name: string): string {
  const slug = slugify(name, MAX_USERNAME);
  return slug.length >= MIN_USERNAME ? slug : '';
}

/** `text` as a slug of at most `max` characters: lower case, accents dropped, other runs one hyphen. */
export function slugify(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
