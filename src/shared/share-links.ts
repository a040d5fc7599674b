// Share links and share text (the tracked-link rules are in docs/api.md "Tracked links"),
// used by the supporter page and, for the link preview, by the server's meta tags.
import { REF_CODE_LENGTH } from './constants.ts';
import { PLATFORM_IDS, type PlatformId } from './platforms.ts';

const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A fresh tracked-link code: 12 URL-safe characters from a CSPRNG (64 symbols, no modulo bias). */
export function newRefCode(length = REF_CODE_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let code = '';
  for (const b of bytes) code += REF_ALPHABET[b & 63];
  return code;
}

/** The public supporter link of a campaign. */
export function supporterUrl(origin: string, campaignId: number): string {
  return `${origin.replace(/\/+$/, '')}/supporter/${campaignId}`;
}

/** The `src` source tag of visits that came through the campaign's printed QR code. */
export const QR_SOURCE = 'qr';

/** `{origin}/supporter/{campaignId}?src=qr`: the link a campaign's QR code carries. */
export function qrSupporterUrl(origin: string, campaignId: number): string {
  return `${supporterUrl(origin, campaignId)}?src=${QR_SOURCE}`;
}

/** The query parameter naming the shared asset, so the link previews that asset. */
export const ASSET_PARAM = 'a';

/** `{origin}/supporter/{campaignId}?a={assetId}`: the campaign page previewing one asset. */
export function assetPageUrl(origin: string, campaignId: number, assetId: number): string {
  return `${supporterUrl(origin, campaignId)}?${ASSET_PARAM}=${assetId}`;
}

/**
 * `{origin}/supporter/{campaignId}?ref={code}&a={assetId}`: the link a share carries,
 * which previews the shared asset (a link without `a`, as older shares have, previews the campaign).
 */
export function trackedUrl(origin: string, campaignId: number, ref: string, assetId?: number): string {
  const asset = assetId === undefined ? '' : `&${ASSET_PARAM}=${assetId}`;
  return `${supporterUrl(origin, campaignId)}?ref=${encodeURIComponent(ref)}${asset}`;
}

export interface ShareableAsset {
  type: string;
  content: string;
  /** The caption staff wrote for sharing an image or video. */
  shareText?: string | null;
  /** Public too: the words of an image or video without a caption. */
  description?: string | null;
  /** What an image shows (its alt text); absent or blank: the description serves. */
  altText?: string | null;
  /** The share-text variant this visitor is shown (A/B texts), when the asset has variants. */
  variant?: { text: string } | null;
}

/** What of its campaign an asset's public words may fall back to. */
export interface CampaignWords {
  name: string;
  description?: string | null;
}

/**
 * The one rule of what supporters see and post of an asset (never its title, which
 * is internal): the variant this visitor is shown, if any; else a text asset's
 * content; for an image or video its share text, else its description, else the
 * campaign's description (the campaign's name when even that is blank).
 */
export function assetShareText(asset: ShareableAsset, campaign: CampaignWords): string {
  if (asset.variant) return asset.variant.text;
  if (asset.type === 'text') return asset.content;
  return (
    asset.shareText?.trim() || asset.description?.trim() || campaign.description?.trim() || campaign.name
  );
}

/** How long a headline of an asset's public words may be (headings, a calendar event, a mail line). */
export const ASSET_HEADLINE_MAX = 80;

/** The asset's public words on one line, cut to ASSET_HEADLINE_MAX: where a name is needed. */
export function assetHeadline(asset: ShareableAsset, campaign: CampaignWords): string {
  return oneLine(assetShareText(asset, campaign), ASSET_HEADLINE_MAX);
}

/** `text` on one line, at most `max` characters (cut with '...'). */
function oneLine(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}...` : chars.join('');
}

/**
 * An image or video that would fall back to its campaign's words: neither a share
 * text, a share-text variant nor a description. Publishing asks for one first.
 */
export function needsShareWords(asset: ShareableAsset & { variants?: readonly unknown[] }): boolean {
  return (
    asset.type !== 'text' && !asset.shareText?.trim() && !asset.description?.trim() && !asset.variants?.length
  );
}

/** The media a share carries: the content of image and video assets, nothing for text. */
export function shareMedia(asset: ShareableAsset): string | undefined {
  return asset.type === 'text' ? undefined : asset.content;
}

/** The platforms with no web share URL: a supporter posts to them by hand. */
const HAND_POSTED = [
  'instagram',
  'instagram_story',
  'tiktok',
  'youtube',
] as const satisfies readonly PlatformId[];

/** The platforms with a web share URL (shareIntentUrl): every other one. */
export type IntentPlatform = Exclude<PlatformId, (typeof HAND_POSTED)[number]>;

export function isIntentPlatform(platform: string): platform is IntentPlatform {
  return (
    (PLATFORM_IDS as readonly string[]).includes(platform) &&
    !(HAND_POSTED as readonly string[]).includes(platform)
  );
}

/** Reddit refuses a post title past 300 characters. */
export const REDDIT_TITLE_MAX = 300;

/** The text as a Reddit post title: one line, at most 300 characters (cut with '...'). */
export function redditTitle(text: string): string {
  return oneLine(text, REDDIT_TITLE_MAX);
}

/**
 * A Mastodon server's host name as a supporter may type it ('https://Mastodon.Social/'
 * -> 'mastodon.social'), or null when it is not a host name (no paths, ports or users).
 */
export function mastodonHost(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  const valid = new RegExp(`^(?:${label}\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`);
  return host.length <= 253 && valid.test(host) ? host : null;
}

export interface IntentInput {
  text: string;
  url: string;
  /** The email subject. */
  subject?: string;
  /** The supporter's Mastodon server (a host name checked by `mastodonHost`). */
  mastodonServer?: string;
}

/**
 * The web share URL of a platform that has one: X intent, Facebook sharer, LinkedIn
 * share-offsite, wa.me, Bluesky and Threads intents, the supporter's Mastodon server's
 * share page, Telegram's share link, Reddit's submit page, and a mailto: link.
 */
export function shareIntentUrl(platform: IntentPlatform, input: IntentInput): string {
  const { text, url } = input;
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const post = `${text}\n\n${url}`;
  switch (platform) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?${q({ text, url })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: url, quote: text })}`;
    case 'linkedin':
      // LinkedIn reads only the URL; the text travels through the clipboard.
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url })}`;
    case 'whatsapp':
      return `https://wa.me/?${q({ text: post })}`;
    case 'bluesky':
      return `https://bsky.app/intent/compose?${q({ text: post })}`;
    case 'threads':
      return `https://www.threads.net/intent/post?${q({ text: post })}`;
    case 'mastodon': {
      const host = mastodonHost(input.mastodonServer ?? '');
      if (!host) throw new Error('A Mastodon server is needed');
      return `https://${host}/share?${q({ text: post })}`;
    }
    case 'telegram':
      return `https://t.me/share/url?${q({ url, text })}`;
    case 'reddit':
      return `https://www.reddit.com/submit?${q({ url, title: redditTitle(text) })}`;
    case 'email':
      // mailto: wants %20 for spaces, not '+'.
      return `mailto:?subject=${encodeURIComponent(input.subject ?? '')}&body=${encodeURIComponent(post)}`;
  }
}

export interface LinkPreviewInput {
  campaign: CampaignWords & { id: number };
  assets: ShareableAsset[];
  /** The organisation behind the campaign: its name and logo brand the preview. */
  organization?: { name: string; logoUrl: string };
  /** The asset a share link names (`?a=`): the preview is that asset's, not the campaign's. */
  asset?: ShareableAsset & { id: number };
}

export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URL of the picture: the asset's, else the organisation's logo, if any. */
  image?: string;
  /** What the picture shows (og:image:alt), never an internal title. */
  imageAlt: string;
  /** The organisation's name (og:site_name), when known. */
  siteName?: string;
  url: string;
}

/** How long an asset's words may be as a link preview's description. */
export const PREVIEW_DESCRIPTION_MAX = 300;

/** Make an asset URL absolute ('/uploads/x.png' -> 'https://host/uploads/x.png'). */
export function absoluteUrl(origin: string, href: string): string {
  try {
    return new URL(href, `${origin.replace(/\/+$/, '')}/`).toString();
  } catch {
    return href;
  }
}

/**
 * What a link unfurls as: the page's og:title, og:description and og:image. A link
 * that names an asset (`?a=`, as every share link does) previews that asset: its
 * words, and its picture if it is an image, else the organisation's logo (never
 * another asset's picture). A plain campaign link previews the campaign: its
 * description and first image, else the logo. The share dialog draws its link cards from it.
 */
export function campaignLinkPreview(input: LinkPreviewInput, origin: string): LinkPreview {
  const { campaign, asset, organization } = input;
  const picture = asset
    ? asset.type === 'image'
      ? asset
      : undefined
    : input.assets.find((a) => a.type === 'image');
  const image = picture
    ? {
        src: picture.content,
        alt: picture.altText?.trim() || picture.description?.trim() || assetHeadline(picture, campaign),
      }
    : organization?.logoUrl
      ? { src: organization.logoUrl, alt: `${organization.name} logo` }
      : undefined;
  return {
    siteName: organization?.name || undefined,
    title: campaign.name,
    description: asset
      ? oneLine(assetShareText(asset, campaign), PREVIEW_DESCRIPTION_MAX)
      : campaign.description?.trim() || `Support ${campaign.name} and share it with your friends.`,
    image: image ? absoluteUrl(origin, image.src) : undefined,
    imageAlt: image?.alt ?? '',
    url: asset ? assetPageUrl(origin, campaign.id, asset.id) : supporterUrl(origin, campaign.id),
  };
}

/** Id of the JSON block in the supporter page's HTML holding the campaign, so the page renders without a second request. */
export const SUPPORTER_DATA_ELEMENT_ID = 'supporter-campaign-data';
