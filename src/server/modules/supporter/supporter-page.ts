import { VISIT_TOKEN_META } from '#shared/constants.ts';
import type { SupporterAsset, SupporterCampaign } from '#shared/schemas/shares.ts';
import { campaignLinkPreview, SUPPORTER_DATA_ELEMENT_ID } from '#shared/share-links.ts';
import { LANGUAGE_QUERY, type Locale } from '#shared/locales.ts';
import type { PageMeta } from '../../html/app-shell.ts';
import { type VisitorCookieState, visitorCookieSentence } from '#shared/privacy-notice.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { translate } from '../../lib/messages.ts';
import { firstPaintCookieSentence, supporterFirstPaint } from './first-paint.ts';

// Head tags of the public supporter page, so a shared link unfurls with the
// campaign's title, description and image on every platform (API.md "Supporter
// page HTML"); a link naming one of the campaign's assets (`?a=`, every share link)
// unfurls as that asset. The values come from campaignLinkPreview, the same data the
// share dialog draws its link cards from. AppShell escapes every value.

const SITE_NAME = 'Rally';

/** Open Graph names a locale language_TERRITORY; Facebook lists Arabic as ar_AR. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  'pt-BR': 'pt_BR',
  ar: 'ar_AR',
};

/** The page's address in one language: `?lang=` added to what it already has. */
export const inLanguage = (url: string, locale: Locale) =>
  `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_QUERY}=${encodeURIComponent(locale)}`;
export const NOT_FOUND_TITLE = 'Campaign Not Found';

/** `asset`: the one the link names, already found among the view's own (never another campaign's). */
export function supporterPageMeta(
  view: SupporterCampaign | null,
  origin: string,
  asset?: SupporterAsset,
  /** The pseudo-locale of the translation checks: the page's own words in it, the campaign's as they are. */
  pageLocale?: 'pseudo',
): PageMeta {
  if (!view) {
    return { title: `${NOT_FOUND_TITLE} | ${SITE_NAME}`, meta: { robots: 'noindex' } };
  }
  const preview = campaignLinkPreview({ ...view, asset }, origin);
  const imageAlt = preview.imageAlt;

  const { language, languages } = view;
  const several = languages.length > 1;
  const meta: Record<string, string> = {
    description: preview.description,
    'og:type': 'website',
    // The organisation asks people to share, so the preview names it, not the software.
    'og:site_name': preview.siteName ?? SITE_NAME,
    'og:title': preview.title,
    'og:description': preview.description,
    // A platform re-reads the page at og:url: in another language than the default, that
    // address must carry the language, or the preview would come back in the default one.
    'og:url': several && language !== languages[0] ? inLanguage(preview.url, language) : preview.url,
    'og:locale': OG_LOCALE[language],
  };
  // A draft or archived campaign seen by its team must not be indexed.
  if (view.preview) meta.robots = 'noindex';
  if (preview.image) {
    meta['og:image'] = preview.image;
    meta['og:image:alt'] = imageAlt;
  }
  meta['twitter:card'] = preview.image ? 'summary_large_image' : 'summary';
  meta['twitter:title'] = preview.title;
  meta['twitter:description'] = preview.description;
  if (preview.image) {
    meta['twitter:image'] = preview.image;
    meta['twitter:image:alt'] = imageAlt;
  }
  // The page's largest paint is the first asset: it is fetched first, at high priority,
  // and the public page paints it before any script runs (first-paint.ts; the scripts
  // are fetched after it, main.tsx). A team member's preview, rendered per request with
  // a banner, is left to the scripts. The campaign is handed over in the HTML so the
  // page does not wait for a second round trip.
  const first = view.assets[0];
  return {
    title: preview.title,
    meta,
    locale: pageLocale ?? language,
    ...(several && {
      repeatedMeta: languages
        .filter((l) => l !== language)
        .map((l): [string, string] => ['og:locale:alternate', OG_LOCALE[l]]),
      alternates: [
        ...languages.map((l) => ({ hreflang: l, href: inLanguage(preview.url, l) })),
        { hreflang: 'x-default', href: preview.url },
      ],
    }),
    preloads:
      first?.type === 'image' ? [{ href: first.content, as: 'image', fetchpriority: 'high' }] : undefined,
    // The preview of a change waiting for review is read by the script (?review=1): the
    // live view handed over here would show the words before the change.
    data:
      view.preview === 'review' ? undefined : { id: SUPPORTER_DATA_ELEMENT_ID, json: JSON.stringify(view) },
    body: view.preview ? undefined : supporterFirstPaint(view, pageLocale ?? language),
  };
}

const HEAD_END = Buffer.from('</head>');

/**
 * The page with this visit's token (visit-token.ts) in a `<meta>` at the end of its
 * head, for the page's script to send with its click-through confirmation. The rest
 * of the bytes are the cached page's; the token is URL-safe, so it needs no escaping.
 */
export function withVisitToken(html: Buffer, token: string): Buffer {
  const tag = Buffer.from(`<meta name="${VISIT_TOKEN_META}" content="${token}" />`);
  const at = html.indexOf(HEAD_END);
  return at === -1
    ? Buffer.concat([html, tag])
    : Buffer.concat([html.subarray(0, at), tag, html.subarray(at)]);
}

/** The first paint's cookie sentence per language, as the bytes to find in a cached page. */
const cookieSentences = new Map<Locale, Buffer>();
function cookieSentenceBytes(locale: Locale): Buffer {
  let bytes = cookieSentences.get(locale);
  if (!bytes) {
    bytes = Buffer.from(firstPaintCookieSentence(locale));
    cookieSentences.set(locale, bytes);
  }
  return bytes;
}

/**
 * The page for a browser without the visitor cookie (Global Privacy Control, or its
 * choice): the cached bytes with the first paint's notice saying so, in the page's
 * language. Only such a browser pays for the copy; the notice is the page's last (its
 * words are the server's).
 */
export function withCookieState(html: Buffer, state: VisitorCookieState, locale: Locale = 'en'): Buffer {
  if (state === 'cookie') return html;
  const sentence = cookieSentenceBytes(locale);
  const at = html.lastIndexOf(sentence);
  if (at === -1) return html;
  return Buffer.concat([
    html.subarray(0, at),
    Buffer.from(escapeHtml(translate(locale, visitorCookieSentence(state)))),
    html.subarray(at + sentence.length),
  ]);
}
