// Share links and share text (the tracked-link rules are in docs/api.md "Tracked links"),
// used by the supporter page and, for the link preview, by the server's meta tags.
import { REF_CODE_LENGTH } from './constants.ts';
import type { PlatformId } from './platforms.ts';

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

/** `{origin}/supporter/{campaignId}?ref={code}`: the link a share carries. */
export function trackedUrl(origin: string, campaignId: number, ref: string): string {
  return `${supporterUrl(origin, campaignId)}?ref=${encodeURIComponent(ref)}`;
}

export interface ShareableAsset {
  type: string;
  title: string;
  content: string;
  /** The caption staff wrote for sharing an image or video. */
  shareText?: string | null;
}

/**
 * The words an asset is shared with: a text asset's content; for an image or video its
 * share text (caption), else its title.
 */
export function assetShareText(asset: ShareableAsset): string {
  if (asset.type === 'text') return asset.content;
  return asset.shareText?.trim() || asset.title;
}

/** The asset's share text, after the personal message and a blank line when there is one. */
export function composeShareText(asset: ShareableAsset, personalMessage?: string | null): string {
  const base = assetShareText(asset);
  const message = personalMessage?.trim();
  return message ? `${message}\n\n${base}` : base;
}

/** The media a share carries: the content of image and video assets, nothing for text. */
export function shareMedia(asset: ShareableAsset): string | undefined {
  return asset.type === 'text' ? undefined : asset.content;
}

export type IntentPlatform = Extract<PlatformId, 'twitter' | 'facebook' | 'linkedin' | 'whatsapp'>;
export const INTENT_PLATFORMS: readonly IntentPlatform[] = ['twitter', 'facebook', 'linkedin', 'whatsapp'];

export function isIntentPlatform(platform: string): platform is IntentPlatform {
  return (INTENT_PLATFORMS as readonly string[]).includes(platform);
}

/** The web share URL of a platform that has one (Twitter intent, Facebook sharer, LinkedIn share-offsite, wa.me). */
export function shareIntentUrl(
  platform: IntentPlatform,
  { text, url }: { text: string; url: string },
): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (platform) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?${q({ text, url })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: url, quote: text })}`;
    case 'linkedin':
      // LinkedIn reads only the URL; the text travels through the clipboard.
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url })}`;
    case 'whatsapp':
      return `https://wa.me/?${q({ text: `${text}\n\n${url}` })}`;
  }
}

export interface LinkPreviewInput {
  campaign: { id: number; name: string; description?: string | null };
  assets: { type: string; content: string }[];
  /** The organisation behind the campaign: its name and logo brand the preview. */
  organization?: { name: string; logoUrl: string };
}

export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URL of the first image asset, else of the organisation's logo, if any. */
  image?: string;
  /** The organisation's name (og:site_name), when known. */
  siteName?: string;
  url: string;
}

/** Make an asset URL absolute ('/uploads/x.png' -> 'https://host/uploads/x.png'). */
export function absoluteUrl(origin: string, href: string): string {
  try {
    return new URL(href, `${origin.replace(/\/+$/, '')}/`).toString();
  } catch {
    return href;
  }
}

/**
 * What a link to the campaign unfurls as: the page's og:title, og:description and
 * og:image (the first image asset, else the organisation's logo, so a campaign of
 * text or video still unfurls with a picture). The share dialog draws its link cards from it.
 */
export function campaignLinkPreview(input: LinkPreviewInput, origin: string): LinkPreview {
  const image = input.assets.find((a) => a.type === 'image')?.content || input.organization?.logoUrl;
  return {
    siteName: input.organization?.name || undefined,
    title: input.campaign.name,
    description:
      input.campaign.description?.trim() || `Support ${input.campaign.name} and share it with your friends.`,
    image: image ? absoluteUrl(origin, image) : undefined,
    url: supporterUrl(origin, input.campaign.id),
  };
}

/** Id of the JSON block in the supporter page's HTML holding the campaign, so the page renders without a second request. */
export const SUPPORTER_DATA_ELEMENT_ID = 'supporter-campaign-data';
