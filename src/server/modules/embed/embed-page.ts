import { closedNotice } from '#shared/availability-notice.ts';
import { EMBED_DATA_ELEMENT_ID, EMBED_PLATFORMS, type EmbedCardData } from '#shared/embed-card.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import * as words from '#shared/privacy-notice.ts';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import {
  assetHeadline,
  assetPageUrl,
  type CampaignWords,
  composeShareText,
  shareIntentUrl,
  supporterUrl,
} from '#shared/share-links.ts';
import { scriptSafeJson } from '../../html/app-shell.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { translate } from '../../lib/messages.ts';
import { LANGUAGE_QUERY, type Locale, localeDirection } from '#shared/locales.ts';

// The share card's HTML, rendered whole on the server: it must read well in a
// narrow iframe before (and without) its small script, and load nothing of the app.

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

function page(title: string, body: string, brand = '#1d4ed8', locale: Locale = 'en'): string {
  return `<!doctype html>
<html lang="${locale}" dir="${localeDirection(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>:root{--brand:${brand}}${STYLE}</style></head>
<body>${body}</body></html>`;
}

/** The asset as the card shows it: a picture, the words of a text, or a video's public words (never a title). */
function assetFigure(asset: SupporterCampaign['assets'][number], campaign: CampaignWords): string {
  if (asset.type === 'image')
    return `<figure class="asset"><img src="${escapeHtml(asset.content)}" alt="${escapeHtml(asset.altText || asset.description || assetHeadline(asset, campaign))}" width="420" height="240"></figure>`;
  // A text asset's words are the visitor's variant when it has variants, as on the supporter page.
  const words =
    asset.type === 'text'
      ? (asset.variant?.text ?? asset.content)
      : `Video: ${assetHeadline(asset, campaign)}`;
  return `<figure class="asset"><p>${escapeHtml(words)}</p></figure>`;
}

/**
 * Links to each platform's share page. Without the script they still share the
 * campaign's page (untracked, unlogged); with it a tap logs the share and opens the
 * same page with the share's tracked link.
 */
function shareButtons(view: SupporterCampaign, origin: string): string {
  const asset = view.assets[0];
  // Without the script the links share the asset's page: it previews this asset.
  const url = assetPageUrl(origin, view.campaign.id, asset.id);
  const text = composeShareText(asset, view.campaign);
  const items = EMBED_PLATFORMS.map((platform) => {
    const href = shareIntentUrl(platform, { text, url, subject: view.campaign.name });
    const name = PLATFORMS[platform].name;
    return `<li><a class="share" data-platform="${platform}" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer"><span class="sr-only">Share on </span>${escapeHtml(name)}</a></li>`;
  }).join('');
  return `<h2 id="share-heading">Share it with one tap</h2><ul aria-labelledby="share-heading">${items}</ul>
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
function privacyNotice(view: SupporterCampaign, cookie: CardCookie, interactive: boolean): string {
  const policy = view.organization.privacyPolicyUrl;
  const link = policy
    ? ` <a href="${escapeHtml(policy)}" target="_blank" rel="noopener noreferrer">${escapeHtml(translate('en', words.PRIVACY_POLICY_LINK))}<span class="sr-only"> (opens in a new tab)</span></a>`
    : '';
  const off = cookie.state === 'choice';
  const control =
    interactive && cookie.state !== 'gpc'
      ? `<br><button type="button" class="choice" id="embed-cookie-choice" data-visitor-cookie="${off}" data-framed="${cookie.framed}">${escapeHtml(translate('en', off ? words.COOKIE_ON_BUTTON : words.COOKIE_OFF_BUTTON))}</button>`
      : '';
  return `<p class="privacy" id="embed-privacy">${escapeHtml(translate('en', words.visitorCookieSentence(cookie.state)))} ${escapeHtml(translate('en', words.TYPED_SENTENCE, { organization: view.organization.name }))}${link}${control}</p>`;
}

/** The card of a campaign the public may see (open, paused, ended or not yet started). */
export function renderEmbedCard(
  view: SupporterCampaign,
  opts: { origin: string; script?: string; cookie?: CardCookie },
): string {
  const { campaign, organization } = view;
  const asset = view.assets[0];
  const notice = closedNotice(view.availability);
  const logo = organization.logoUrl ? `<img src="${escapeHtml(organization.logoUrl)}" alt="">` : '';
  let action: string;
  if (notice)
    action = `<div class="closed"><h2>${escapeHtml(translate('en', notice.title, notice.values))}</h2><p>${escapeHtml(translate('en', notice.body, notice.values))}</p></div>`;
  else if (!asset) action = `<div class="closed"><h2>Nothing to share yet</h2><p>Check back soon.</p></div>`;
  else action = shareButtons(view, opts.origin);
  const data: EmbedCardData | undefined =
    asset && !notice
      ? {
          campaign: {
            id: campaign.id,
            name: campaign.name,
            description: campaign.description,
            organizationId: campaign.organizationId,
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
    ? `<script type="application/json" id="${EMBED_DATA_ELEMENT_ID}">${scriptSafeJson(JSON.stringify(data))}</script>${
        opts.script ? `<script type="module" src="/${escapeHtml(opts.script)}"></script>` : ''
      }`
    : '';
  const body = `<main>
<p class="org">${logo}<span>${escapeHtml(organization.name)}</span></p>
<h1>${escapeHtml(campaign.name)}</h1>
${asset ? assetFigure(asset, campaign) : ''}
${action}
<a class="more" href="${escapeHtml(campaignPage(view, opts.origin))}" target="_blank" rel="noopener">See the full campaign page<span class="sr-only"> (opens in a new tab)</span></a>
${privacyNotice(view, opts.cookie ?? { state: 'cookie', framed: false }, Boolean(data && opts.script))}
</main>${scripts}`;
  return page(`${campaign.name} | ${organization.name}`, body, organization.primaryColor, view.language);
}

/** The campaign's page in the card's language (its `?lang=` when the campaign offers several). */
function campaignPage(view: SupporterCampaign, origin: string): string {
  const url = supporterUrl(origin, view.campaign.id);
  return view.languages.length > 1 ? `${url}?${LANGUAGE_QUERY}=${encodeURIComponent(view.language)}` : url;
}

export const EMBED_NOT_FOUND_TITLE = 'Campaign not available';

/**
 * A campaign that does not exist or is not public (draft, archived): the same page for
 * both; with a title of the server's own for a suspended organisation's campaign.
 */
export function renderEmbedNotFound(title = EMBED_NOT_FOUND_TITLE): string {
  return page(title, `<main><h1>${title}</h1><p>This campaign cannot be shared here.</p></main>`);
}
