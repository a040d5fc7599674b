// Which language a request gets (docs/api.md "Languages"): the explicit choice (the
// `rally_lang` cookie, or a member's profile language), then `?lang=`, then the
// browser's Accept-Language against the languages offered, then the campaign's default,
// then the organisation's. Pure functions of the request's values: nothing here throws,
// whatever a client sends.
import {
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  type LANGUAGE_SOURCES,
  LOCALES,
  type Locale,
  matchLocale,
} from '#shared/locales.ts';

/** The rule that chose the language, in the order they are tried. */
export type LanguageSource = (typeof LANGUAGE_SOURCES)[number];

export interface LanguageInputs {
  /** The explicit choice: the `rally_lang` cookie, or a member's profile language. */
  explicit?: string | null;
  /** `?lang=` of the link (an array when the query repeats it: the first counts). */
  query?: string | readonly string[] | null;
  /** The Accept-Language header as received. */
  acceptLanguage?: string | null;
  /** The languages the campaign offers; all six when absent or empty. */
  offered?: readonly Locale[] | null;
  campaignDefault?: string | null;
  organizationDefault?: string | null;
}

export interface NegotiatedLanguage {
  locale: Locale;
  source: LanguageSource;
}

/** A header longer than this is ignored whole (browsers send well under 200 characters). */
export const MAX_ACCEPT_LANGUAGE_LENGTH = 2048;
/** Ranges past this many are not read. */
export const MAX_LANGUAGE_RANGES = 32;

export interface LanguageRange {
  /** The range as sent, trimmed (`es-MX`, `*`). */
  range: string;
  /** Its weight, 0 to 1. */
  q: number;
}

// RFC 9110 §12.5.4: language-range (RFC 4647 §2.1) with an optional weight (§12.4.2).
const RANGE = /^(\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const WEIGHT = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The ranges of an Accept-Language header, highest weight first and, at equal weight, in
 * the header's order. A malformed range is skipped; a header that is not a string, or
 * over MAX_ACCEPT_LANGUAGE_LENGTH, gives none.
 */
export function parseAcceptLanguage(header: unknown): LanguageRange[] {
  if (typeof header !== 'string' || header.length > MAX_ACCEPT_LANGUAGE_LENGTH) return [];
  const ranges: LanguageRange[] = [];
  for (const part of header.split(',').slice(0, MAX_LANGUAGE_RANGES)) {
    const [range, ...params] = part.split(';').map((s) => s.trim());
    if (!RANGE.test(range) || params.length > 1) continue;
    const weight = params.length ? WEIGHT.exec(params[0]) : null;
    if (params.length && !weight) continue;
    ranges.push({ range, q: weight ? Number(weight[1]) : 1 });
  }
  // Array.prototype.sort is stable: equal weights keep the header's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/**
 * The offered locale the header prefers, or null when it names none (or refuses them
 * all). `*` gives `preferred` (the campaign's default, when offered), else the first
 * offered locale the header does not refuse.
 */
export function matchAcceptLanguage(
  header: unknown,
  offered: readonly Locale[],
  preferred?: Locale | null,
): Locale | null {
  const ranges = parseAcceptLanguage(header);
  // `q=0` refuses what its range covers (RFC 4647 basic filtering: `pt` covers `pt-BR`):
  // neither a lower range nor `*` may give it.
  const refused = ranges.filter((r) => r.q === 0 && r.range !== '*').map((r) => r.range.toLowerCase());
  const allowed = (l: Locale) => {
    const tag = l.toLowerCase();
    return !refused.some((r) => tag === r || tag.startsWith(`${r}-`));
  };
  for (const { range, q } of ranges) {
    if (q === 0) break;
    if (range === '*') {
      const anyOf = preferred && offered.includes(preferred) ? [preferred, ...offered] : offered;
      return anyOf.find(allowed) ?? null;
    }
    const locale = matchLocale(range, offered);
    if (locale && allowed(locale)) return locale;
  }
  return null;
}

const offeredOrAll = (offered: readonly Locale[] | null | undefined): readonly Locale[] =>
  offered?.length ? offered : LOCALES;

/** What a client sent, matched as a tag to an offered locale, else null. */
function fromTag(value: unknown, offered: readonly Locale[]): Locale | null {
  return typeof value === 'string' ? matchLocale(value, offered) : null;
}

/** A stored default, when it is a locale and offered, else null. */
const fromStored = (value: unknown, offered: readonly Locale[]): Locale | null =>
  isLocale(value) && offered.includes(value) ? value : null;

/** The language to serve, and the rule that chose it (docs/api.md "Languages"). */
export function negotiateLanguage(inputs: LanguageInputs): NegotiatedLanguage {
  const offered = offeredOrAll(inputs.offered);
  const query = Array.isArray(inputs.query) ? inputs.query[0] : inputs.query;
  const campaignDefault = fromStored(inputs.campaignDefault, offered);
  const tries: [LanguageSource, () => Locale | null][] = [
    ['explicit', () => fromTag(inputs.explicit, offered)],
    ['query', () => fromTag(query, offered)],
    ['accept-language', () => matchAcceptLanguage(inputs.acceptLanguage, offered, campaignDefault)],
    ['campaign-default', () => campaignDefault],
    ['organization-default', () => fromStored(inputs.organizationDefault, offered)],
  ];
  for (const [source, pick] of tries) {
    const locale = pick();
    if (locale) return { locale, source };
  }
  return { locale: offered.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : offered[0], source: 'fallback' };
}

/** What a request carries that negotiation reads: the cookie, the query and the header. */
interface LanguageRequest {
  cookies?: Record<string, string | undefined>;
  query?: unknown;
  headers: { 'accept-language'?: string | string[] };
}

/**
 * The pseudo-locale (accented, longer English) of the translation checks is served only
 * where the server was started with PSEUDO_LOCALE=1 (the browser tests'): it is no language.
 */
const PSEUDO_LOCALE_ON = process.env.PSEUDO_LOCALE === '1';
export const PSEUDO_LOCALE = 'pseudo';

/** True when this request asks for the pseudo-locale and the server allows it. */
export function pseudoRequested(request: LanguageRequest): boolean {
  if (!PSEUDO_LOCALE_ON) return false;
  const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY];
  return (
    query === PSEUDO_LOCALE || (query === undefined && request.cookies?.[LANGUAGE_COOKIE] === PSEUDO_LOCALE)
  );
}

/** The inputs of negotiation a request carries. */
export function requestLanguageInputs(
  request: LanguageRequest,
): Pick<LanguageInputs, 'explicit' | 'query' | 'acceptLanguage'> {
  const header = request.headers['accept-language'];
  const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY];
  return {
    explicit: request.cookies?.[LANGUAGE_COOKIE] ?? null,
    query: typeof query === 'string' || Array.isArray(query) ? (query as string | string[]) : null,
    acceptLanguage: Array.isArray(header) ? header.join(',') : (header ?? null),
  };
}

/**
 * The language of a page that belongs to no campaign (the workspace's shell, sign-in,
 * invitations, the pages a mail's link opens): the remembered choice, `?lang=`, then
 * the browser's; all six offered. A signed-in member's profile language is applied by
 * the client once it knows the member (it also sets the cookie).
 */
export function pageLanguage(request: LanguageRequest): Locale | typeof PSEUDO_LOCALE {
  if (pseudoRequested(request)) return PSEUDO_LOCALE;
  return negotiateLanguage(requestLanguageInputs(request)).locale;
}
