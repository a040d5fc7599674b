import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

// Requests that must not count as a click-through: link-preview crawlers fetch a
// shared URL to unfurl it, and browsers may prefetch it. `isbot` keeps a maintained
// list; the explicit names below are the unfurlers that matter most for sharing,
// checked on their own so an update of that list can never start counting them.
// In-app browsers (Facebook, Instagram, Line, ...) carry their own app names but are
// people, so only the fetchers' names are listed.
const PREVIEW_CRAWLERS =
  /facebookexternalhit|facebookcatalog|Twitterbot|LinkedInBot|WhatsApp|Slackbot|Slack-ImgProxy|TelegramBot|Discordbot|SkypeUriPreview|Pinterestbot|redditbot|Applebot|Embedly|vkShare|W3C_Validator|Iframely|Google-PageRenderer|Mastodon|Bluesky Cardyb/i;

export function isLinkPreviewCrawler(userAgent: string | undefined): boolean {
  // No user agent at all is a script, not a person following a link.
  if (!userAgent) return true;
  return PREVIEW_CRAWLERS.test(userAgent) || isbot(userAgent);
}

/** Speculative loads (link prefetch, prerender) are not visits. */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-purpose'] ?? ''}`;
  return /prefetch|preview/i.test(purpose);
}

/** True when this document request should not be counted as a click-through. */
export function isNonHumanVisit(headers: IncomingHttpHeaders): boolean {
  return isLinkPreviewCrawler(headers['user-agent']) || isPrefetch(headers);
}
