import { closedNotice } from '#shared/availability-notice.ts';
import {
  EMBED_DATA_ELEMENT_ID,
  EMBED_PLATFORMS,
  EMBED_REASON,
  EMBED_WORDS_ELEMENT_ID,
  type EmbedCardData,
  type EmbedCardSpeech,
  type EmbedCardWords,
} from '#shared/embed-card.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import * as words from '#shared/privacy-notice.ts';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import {
  assetHeadline,
  assetPageUrl,
  type CampaignWords,
  shareIntentUrl,
  supporterUrl,
} from '#shared/share-links.ts';
import { composeShareText } from '#shared/share-text.ts';
import { scriptSafeJson } from '../../html/app-shell.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';
import { DEFAULT_LOCALE, LANGUAGE_QUERY, localeDirection } from '#shared/locales.ts';
import { ERROR_WORDS } from '#shared/error-words.ts';

// The share card's HTML, rendered whole on the server: it must read well in a
// narrow iframe before (and without) its small script, and load nothing of the app.
// Its words are in the card's language (the view's, negotiated as the page's): the
// card's own in the `server` catalog, the notices' from the catalogs the page uses.

type Descriptor = { id?: string; message: string };

const WORDS = {
  shareHeading: /*i18n*/ { id: 'embed.shareHeading', message: 'Share it with one tap' },
  /** The button's accessible name; only the platform's name is shown. */
  shareOn: /*i18n*/ { id: 'embed.shareOn', message: 'Share on {platform}' },
  video: /*i18n*/ { id: 'embed.video', message: 'Video: {headline}' },
  nothingYet: /*i18n*/ { id: 'embed.nothingYet', message: 'Nothing to share yet' },
  checkBack: /*i18n*/ { id: 'embed.checkBack', message: 'Check back soon.' },
  fullPage: /*i18n*/ { id: 'embed.fullPage', message: 'See the full campaign page' },
  notFoundTitle: /*i18n*/ { id: 'embed.notFound.title', message: 'Campaign not available' },
  notFoundText: /*i18n*/ { id: 'embed.notFound.text', message: 'This campaign cannot be shared here.' },
  // What the card's script says as a tap goes on (src/client/embed/embed-card.ts).
  blocked: /*i18n*/ {
    id: 'embed.status.blocked',
    message: 'Your browser blocked the share window. Please allow pop-ups for this site and try again.',
  },
  opened: /*i18n*/ { id: 'embed.status.opened', message: '{platform} opened' },
  emailOpened: /*i18n*/ { id: 'embed.status.emailOpened', message: 'Your email app opened' },
  logged: /*i18n*/ {
    id: 'embed.status.logged',
    message: '{opened}: finish your post there. Thank you for sharing!',
  },
  notLogged: /*i18n*/ {
    id: 'embed.status.notLogged',
    message: '{opened}, but it could not be recorded: {reason}',
  },
  tryAgain: /*i18n*/ { id: 'embed.status.tryAgain', message: 'please try again' },
  offline: /*i18n*/ { id: 'embed.status.offline', message: 'please check your connection.' },
  choiceFailed: /*i18n*/ {
    id: 'embed.status.choiceFailed',
    message: 'Your choice could not be saved: please try again.',
  },
  choiceOffline: /*i18n*/ {
    id: 'embed.status.choiceOffline',
    message: 'Your choice could not be saved: please check your connection.',
  },
};

/** "(opens in a new tab)", the client's words (found by their English), after a space. */
const NEW_TAB: Descriptor = { message: '(opens in a new tab)' };

// Text colours are slate-900/600 on white (15.4:1 and 7.6:1); the buttons take the
// organisation's primary colour, which settings keep at 4.5:1 or more under white text.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
main{max-width:420px;margin:0 auto;padding:16px;border:1px solid #e2e8f0;border-radius:12px}
.org{display:flex;align-items:center;gap:8px;margin:0 0 8px;color:#475569;font-size:14px}
.org img{width:32px;height:32px;object-fit:contain;border-radius:4px}
h1{font-size:20px;line-height:1.3;margin:0 0 12px}
h2{font-size:16px;margin:16px 0 8px}
.asset{margin:0;border-radius:8px;overflow:hidden;background:#f1f5f9}
.asset img{display:block;width:100%;max-height:240px;object-fit:cover}
.asset p{margin:0;padding:12px;white-space:pre-line;display:-webkit-box;-webkit-line-clamp:6;-webkit-box-orient:vertical;overflow:hidden}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(112px,1fr));gap:8px}
.share{display:flex;align-items:center;justify-content:center;min-height:44px;padding:8px 12px;border-radius:8px;background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:2px solid #0f172a;outline-offset:2px;box-shadow:0 0 0 2px #fff}
.share:hover{filter:brightness(1.1)}
.closed{margin-top:16px;padding:12px;border-radius:8px;background:#f8fafc;border:1px solid #e2e8f0}
.closed h2{margin:0 0 4px}.closed p{margin:0;color:#475569}
#embed-status{min-height:1.5em;margin:8px 0 0;font-size:14px}
.more{display:inline-flex;align-items:center;min-height:44px;margin-top:4px;color:#1e40af;font-size:14px}
.privacy{margin:12px 0 0;font-size:12px;line-height:1.5;color:#475569}
.privacy a{color:#1e40af}
.choice{display:inline-flex;align-items:center;min-height:44px;padding:0;border:0;background:none;color:#1e40af;font:inherit;text-decoration:underline;cursor:pointer}
.choice:focus-visible{outline:2px solid #0f172a;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

function page(
  title: string,
  body: string,
  brand = '#1d4ed8',
  locale: MessageLocale = DEFAULT_LOCALE,
): string {
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'pseudo' ? 'ltr' : localeDirection(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>:root{--brand:${brand}}${STYLE}</style></head>
<body>${body}</body></html>`;
}

/** The asset as the card shows it: a picture, the words of a text, or a video's public words (never a title). */
function assetFigure(
  asset: SupporterCampaign['assets'][number],
  campaign: CampaignWords,
  locale: MessageLocale,
): string {
  if (asset.type === 'image')
    return `<figure class="asset"><img src="${escapeHtml(asset.content)}" alt="${escapeHtml(asset.altText || asset.description || assetHeadline(asset, campaign))}" width="420" height="240"></figure>`;
  // A text asset's words are the visitor's variant when it has variants, as on the supporter page.
  const words =
    asset.type === 'text'
      ? (asset.variant?.text ?? asset.content)
      : translate(locale, WORDS.video, { headline: assetHeadline(asset, campaign) });
  return `<figure class="asset"><p>${escapeHtml(words)}</p></figure>`;
}

/**
 * Links to each platform's share page. Without the script they still share the
 * campaign's page (untracked, unlogged); with it a tap logs the share and opens the
 * same page with the share's tracked link.
 */
function shareButtons(view: SupporterCampaign, origin: string, locale: MessageLocale): string {
  const asset = view.assets[0];
  // Without the script the links share the asset's page: it previews this asset.
  const url = assetPageUrl(origin, view.campaign.id, asset.id);
  const text = composeShareText(asset, view.campaign);
  const items = EMBED_PLATFORMS.map((platform) => {
    const href = shareIntentUrl(platform, { text, url, subject: view.campaign.name });
    const name = PLATFORMS[platform].name;
    return `<li><a class="share" data-platform="${platform}" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${shareOn(locale, name)}</a></li>`;
  }).join('');
  return `<h2 id="share-heading">${escapeHtml(translate(locale, WORDS.shareHeading))}</h2><ul aria-labelledby="share-heading">${items}</ul>
<p id="embed-status" role="status"></p>`;
}

/** How this browser stands with the visitor cookie, and whether the card is framed cross-site. */
export interface CardCookie {
  state: words.VisitorCookieState;
  framed: boolean;
}

/**
 * The card's notice (docs/api.md "Privacy"): what it keeps, the organisation's policy,
 * and (where the script runs) the choice to share without the cookie or to have it back.
 */
function privacyNotice(
  view: SupporterCampaign,
  cookie: CardCookie,
  interactive: boolean,
  locale: MessageLocale,
): string {
  const policy = view.organization.privacyPolicyUrl;
  const link = policy
    ? ` <a href="${escapeHtml(policy)}" target="_blank" rel="noopener noreferrer">${escapeHtml(translate(locale, words.PRIVACY_POLICY_LINK))}${newTab(locale)}</a>`
    : '';
  const off = cookie.state === 'choice';
  const control =
    interactive && cookie.state !== 'gpc'
      ? `<br><button type="button" class="choice" id="embed-cookie-choice" data-visitor-cookie="${off}" data-framed="${cookie.framed}">${escapeHtml(translate(locale, off ? words.COOKIE_ON_BUTTON : words.COOKIE_OFF_BUTTON))}</button>`
      : '';
  return `<p class="privacy" id="embed-privacy">${escapeHtml(translate(locale, words.visitorCookieSentence(cookie.state)))} ${escapeHtml(translate(locale, words.TYPED_SENTENCE, { organization: view.organization.name }))}${link}${control}</p>`;
}

/** The card of a campaign the public may see (open, paused, ended or not yet started). */
export function renderEmbedCard(
  view: SupporterCampaign,
  opts: { origin: string; script?: string; cookie?: CardCookie },
): string {
  const { campaign, organization } = view;
  const locale = view.language;
  const w = (d: Descriptor, values?: Record<string, unknown>) => escapeHtml(translate(locale, d, values));
  const asset = view.assets[0];
  const notice = closedNotice(view.availability);
  const logo = organization.logoUrl ? `<img src="${escapeHtml(organization.logoUrl)}" alt="">` : '';
  let action: string;
  if (notice)
    action = `<div class="closed"><h2>${w(notice.title, notice.values)}</h2><p>${w(notice.body, notice.values)}</p></div>`;
  else if (!asset)
    action = `<div class="closed"><h2>${w(WORDS.nothingYet)}</h2><p>${w(WORDS.checkBack)}</p></div>`;
  else action = shareButtons(view, opts.origin, locale);
  const data: EmbedCardData | undefined =
    asset && !notice
      ? {
          campaign: {
            id: campaign.id,
            name: campaign.name,
            description: campaign.description,
            organizationId: campaign.organizationId,
            disclosure: campaign.disclosure,
          },
          asset: {
            id: asset.id,
            type: asset.type,
            content: asset.content,
            shareText: asset.shareText,
            description: asset.description,
            ...(asset.variant ? { variant: asset.variant } : {}),
          },
        }
      : undefined;
  // The script is needed only where there are buttons to tap.
  const scripts = data
    ? `<script type="application/json" id="${EMBED_DATA_ELEMENT_ID}">${scriptSafeJson(JSON.stringify(data))}</script><script type="application/json" id="${EMBED_WORDS_ELEMENT_ID}">${scriptSafeJson(JSON.stringify(speech(locale)))}</script>${
        opts.script ? `<script type="module" src="/${escapeHtml(opts.script)}"></script>` : ''
      }`
    : '';
  const body = `<main>
<p class="org">${logo}<span>${escapeHtml(organization.name)}</span></p>
<h1>${escapeHtml(campaign.name)}</h1>
${asset ? assetFigure(asset, campaign, locale) : ''}
${action}
<a class="more" href="${escapeHtml(campaignPage(view, opts.origin))}" target="_blank" rel="noopener">${w(WORDS.fullPage)}${newTab(locale)}</a>
${privacyNotice(view, opts.cookie ?? { state: 'cookie', framed: false }, Boolean(data && opts.script), locale)}
</main>${scripts}`;
  return page(`${campaign.name} | ${organization.name}`, body, organization.primaryColor, locale);
}

/** The button's name: only the platform's shown, the rest for screen readers, where the language puts it. */
function shareOn(locale: MessageLocale, platform: string): string {
  const [before, after = ''] = translate(locale, WORDS.shareOn, { platform: '\u0000' }).split('\u0000');
  const hidden = (text: string) => (text ? `<span class="sr-only">${escapeHtml(text)}</span>` : '');
  return `${hidden(before)}${escapeHtml(platform)}${hidden(after)}`;
}

const newTab = (locale: MessageLocale) =>
  `<span class="sr-only"> ${escapeHtml(translate(locale, NEW_TAB))}</span>`;

/** The card's language (a locale: the pseudo-locale's shares count as English) and its script's words. */
const speech = (locale: MessageLocale): EmbedCardSpeech => ({
  language: locale === 'pseudo' ? DEFAULT_LOCALE : locale,
  words: statusWords(locale),
});

/** The script's status lines in the card's language, each platform's worded whole. */
function statusWords(locale: MessageLocale): EmbedCardWords {
  const t = (d: Descriptor, values?: Record<string, unknown>) => translate(locale, d, values);
  const offline = t(WORDS.offline);
  const platforms = Object.fromEntries(
    EMBED_PLATFORMS.map((platform) => {
      const opened =
        platform === 'email' ? t(WORDS.emailOpened) : t(WORDS.opened, { platform: PLATFORMS[platform].name });
      return [
        platform,
        {
          logged: t(WORDS.logged, { opened }),
          notLogged: t(WORDS.notLogged, { opened, reason: EMBED_REASON }),
          offline: t(WORDS.notLogged, { opened, reason: offline }),
        },
      ];
    }),
  ) as EmbedCardWords['platforms'];
  return {
    platforms,
    blocked: t(WORDS.blocked),
    tryAgain: t(WORDS.tryAgain),
    // English readers get the server's own words for a refused log, as before; others the
    // plain reason (the card carries no catalog of refusals).
    serverReasons: locale === DEFAULT_LOCALE,
    choiceFailed: t(WORDS.choiceFailed),
    choiceOffline: t(WORDS.choiceOffline),
  };
}

/** The campaign's page in the card's language (its `?lang=` when the campaign offers several). */
function campaignPage(view: SupporterCampaign, origin: string): string {
  const url = supporterUrl(origin, view.campaign.id);
  return view.languages.length > 1 ? `${url}?${LANGUAGE_QUERY}=${encodeURIComponent(view.language)}` : url;
}

export const EMBED_NOT_FOUND_TITLE = WORDS.notFoundTitle.message;

/**
 * A campaign that does not exist or is not public (draft, archived): the same page for
 * both, in the request's language (no campaign to offer one); with the neutral words of
 * a refusal for a suspended organisation's campaign.
 */
export function renderEmbedNotFound(locale: MessageLocale, suspended = false): string {
  const title = translate(locale, suspended ? ERROR_WORDS.CAMPAIGN_UNAVAILABLE : WORDS.notFoundTitle);
  return page(
    title,
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(translate(locale, WORDS.notFoundText))}</p></main>`,
    undefined,
    locale,
  );
}
