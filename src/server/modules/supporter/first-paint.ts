import { MOBILE_PREVIEW_TRUNCATE } from '#shared/constants.ts';
import { PRIVACY_POLICY_LINK, TYPED_SENTENCE, visitorCookieSentence } from '#shared/privacy-notice.ts';
import type { SupporterAsset, SupporterCampaign } from '#shared/schemas/shares.ts';
import { assetHeadline, assetShareText } from '#shared/share-links.ts';
import { SKIP_LINK_CLASS, SUPPORTER_MAIN_ID } from '#shared/skip-link.ts';
import { truncate } from '#shared/text.ts';
import { videoSiteOf } from '#shared/video-sites.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';

// The supporter page's first paint, sent inside the shell's root element so a phone
// shows the campaign before the scripts have run (docs/decisions/0029). It is static
// HTML with the page's own classes (app/routes/supporter-page.tsx and the supporter
// views it composes): the organisation's ask, the campaign's name and description, and
// each asset's media and heading in boxes of the final size. React replaces it on its
// first commit (main.tsx renders once the page module is loaded, never an empty
// fallback). Nothing here is interactive but the skip link (plain HTML, so the keyboard's
// first stop is there before the scripts; app/start.tsx keeps its focus across the
// commit): buttons are shapes until the script runs.
// Below 768 px it is the phone layout (a column), above it the desktop one (tabs, a grid).

const HEX = /^#[0-9a-f]{6}$/i;
/** The first image's `elementtiming` name: the client's scripts wait until it is shown (src/client/main.tsx). */
const FIRST_IMAGE = 'supporter-first-image';
const e = escapeHtml;

/** The empty shape of a control, the size of the real one. */
const bar = (classes: string) => `<div class="rounded-md bg-muted ${classes}"></div>`;

function media(asset: SupporterAsset, campaign: SupporterCampaign['campaign'], first: boolean): string {
  const box = 'aspect-video w-full rounded-none';
  if (asset.type !== 'text' && videoSiteOf(asset.content)) return `<div class="${box} bg-muted"></div>`;
  if (asset.type === 'image') {
    const label = asset.altText || asset.description || assetHeadline(asset, campaign);
    // The first is the page's largest paint; the client starts once it is shown (main.tsx).
    const load = first
      ? `fetchpriority="high" elementtiming="${FIRST_IMAGE}"`
      : 'loading="lazy" decoding="async"';
    return `<img src="${e(asset.content)}" alt="${e(label)}" width="640" height="360" ${load} class="${box} bg-muted object-cover" />`;
  }
  if (asset.type === 'video') return `<div class="${box} bg-black"></div>`;
  const text = truncate(asset.variant?.text ?? asset.content, MOBILE_PREVIEW_TRUNCATE);
  return `<blockquote class="flex ${box} items-center overflow-hidden bg-indigo-50 p-4 text-base leading-relaxed text-slate-900"><p dir="auto" class="whitespace-pre-wrap break-words">${e(text)}</p></blockquote>`;
}

function card(
  asset: SupporterAsset,
  campaign: SupporterCampaign['campaign'],
  first: boolean,
  quickShare: string,
): string {
  const description = asset.description?.trim();
  const showDescription = description && assetShareText(asset, campaign) !== description;
  const heading = `<h2 dir="auto" class="text-lg font-semibold${asset.type === 'text' ? ' sr-only' : ''}">${e(assetHeadline(asset, campaign))}</h2>`;
  const about = showDescription
    ? `<p class="text-sm text-muted-foreground" dir="auto">${e(truncate(description, MOBILE_PREVIEW_TRUNCATE))}</p>`
    : '';
  // Phone: Quick Share (four platforms, save and copy, more platforms); desktop: one row.
  const controls =
    `<div class="space-y-2 md:hidden"><h3 class="text-sm font-semibold">${quickShare}</h3><div class="grid grid-cols-2 gap-2">${bar('h-10').repeat(4)}</div>` +
    `<div class="grid grid-cols-2 gap-2">${bar('h-10').repeat(2)}</div>${bar('h-10')}</div>` +
    `<div class="hidden gap-2 pt-2 md:flex">${bar('h-10 flex-1')}${bar('h-10 w-10')}</div>`;
  return (
    `<article class="flex flex-col overflow-hidden rounded-lg border border-border bg-white shadow-sm">${media(asset, campaign, first)}` +
    `<div class="flex flex-1 flex-col gap-3 p-4 md:gap-2">${heading}${about}${controls}</div></article>`
  );
}

/**
 * The privacy notice's words for a browser with the visitor cookie, as the page's
 * PrivacyNotice renders them (its button comes with the script). The server swaps the
 * sentence for a browser without the cookie (withCookieState in supporter-page.ts).
 */
const cookieSentences = new Map<MessageLocale, string>();
export function firstPaintCookieSentence(locale: MessageLocale): string {
  let sentence = cookieSentences.get(locale);
  if (sentence === undefined) {
    sentence = e(translate(locale, visitorCookieSentence('cookie')));
    cookieSentences.set(locale, sentence);
  }
  return sentence;
}
/** The sentence in English (the first paint's tests). */
export const FIRST_PAINT_COOKIE_SENTENCE = firstPaintCookieSentence('en');

function privacyNotice(organization: SupporterCampaign['organization'], locale: MessageLocale): string {
  const policy = organization.privacyPolicyUrl
    ? ` <a href="${e(organization.privacyPolicyUrl)}" target="_blank" rel="noopener noreferrer" class="underline">${e(translate(locale, PRIVACY_POLICY_LINK))}<span class="sr-only"> ${e(translate(locale, { message: '(opens in a new tab)' }))}</span></a>`
    : '';
  return `<footer class="mx-auto max-w-5xl px-4 pb-8 text-xs text-muted-foreground"><p><span>${firstPaintCookieSentence(locale)}</span> ${e(translate(locale, TYPED_SENTENCE, { organization: organization.name }))}${policy}</p></footer>`;
}

/**
 * The first paint of a public supporter page (not a team member's preview: that has a
 * banner of its own). The view's words are already in `locale` (the language served);
 * the paint's own words are the client's, from the same catalogs.
 */
export function supporterFirstPaint(view: SupporterCampaign, locale: MessageLocale): string {
  // The page's own words, as the client's catalogs give them (found by their English).
  const w = (message: string, values?: Record<string, unknown>) => translate(locale, { message }, values);
  // "<0>{name}</0> asks you to share": the name in bold, where the language puts it.
  const asks = (name: string) =>
    e(w('<0>{name}</0> asks you to share', { name: '\u0000' }))
      .replace('&lt;0&gt;', '<span class="font-semibold text-slate-900">')
      .replace('&lt;/0&gt;', '</span>')
      .replace('\u0000', e(name));
  const { organization, campaign, assets } = view;
  const open = view.availability.state === 'open';
  const accent = HEX.test(organization.accentColor)
    ? ` style="--color-accent:${organization.accentColor}"`
    : '';
  const logo = organization.logoUrl
    ? `<img src="${e(organization.logoUrl)}" alt="${e(w('{name} logo', { name: organization.name }))}" class="h-10 w-auto max-w-[8rem] object-contain" />`
    : '';
  const toggle = open
    ? `<div class="inline-flex gap-1 rounded-md bg-muted p-1">${[w('Mobile View'), w('Desktop View')]
        .map(
          (label) =>
            `<span class="inline-flex h-9 items-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium"><span class="size-4"></span>${e(label)}</span>`,
        )
        .join('')}</div>`
    : '';
  const header =
    `<header class="border-t-4 border-b border-t-accent border-b-border bg-white"><div class="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-start sm:justify-between">` +
    `<div class="space-y-1"><p class="flex items-center gap-3 text-sm font-medium text-muted-foreground">${logo}<span>${asks(organization.name)}</span></p>` +
    `<h1 class="text-2xl font-bold">${e(campaign.name)}</h1>` +
    (campaign.description ? `<p class="text-muted-foreground">${e(campaign.description)}</p>` : '') +
    `</div>${toggle}</div></header>`;
  // Desktop: the tab list (Share selected) and the Share tab's heading above the grid.
  const tabs =
    `<div class="mb-4 hidden md:block"><div class="inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground">` +
    [w('Share'), w('Personalize'), w('My Impact'), w('Schedule')]
      .map(
        (label, i) =>
          `<span class="inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium${i === 0 ? ' bg-white text-slate-900 shadow-sm' : ''}">${e(label)}</span>`,
      )
      .join('') +
    `</div><h2 class="mt-6 text-xl font-semibold">${e(w('Ready to share'))}</h2></div>`;
  const quickShare = e(w('Quick Share'));
  const cards = assets.map((asset, i) => card(asset, campaign, i === 0, quickShare)).join('');
  const body =
    open && assets.length > 0
      ? `${tabs}<div class="mx-auto max-w-md space-y-6 md:grid md:max-w-none md:grid-cols-2 md:gap-4 md:space-y-0 lg:grid-cols-3">${cards}</div>`
      : '';
  const skip = `<a href="#${SUPPORTER_MAIN_ID}" class="${SKIP_LINK_CLASS}">${e(w('Skip to main content'))}</a>`;
  return `<div class="min-h-screen bg-slate-50"${accent}>${skip}${header}<main id="${SUPPORTER_MAIN_ID}" tabindex="-1" class="mx-auto max-w-5xl px-4 py-6 outline-none">${body}</main>${privacyNotice(organization, locale)}</div>`;
}
