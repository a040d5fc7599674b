// The embeddable share card (/embed/{campaignId}): what its page hands its script.
import type { Locale } from './locales.ts';
import type { IntentPlatform, ShareableAsset } from './share-links.ts';
import type { ShareTextCampaign } from './share-text.ts';

/** Id of the JSON block in the card's HTML that its script reads. */
export const EMBED_DATA_ELEMENT_ID = 'embed-card-data';

/**
 * The card's one-tap buttons: the main platforms whose share link needs nothing more
 * from the supporter (Mastodon asks for a server, the device ones need the app).
 */
export const EMBED_PLATFORMS = [
  'twitter',
  'facebook',
  'linkedin',
  'whatsapp',
  'bluesky',
  'email',
] as const satisfies readonly IntentPlatform[];

export interface EmbedCardData {
  /** With its disclosure line, which the card's posts end with too. */
  campaign: ShareTextCampaign & { id: number; organizationId: number };
  /**
   * The asset the buttons share: the campaign's first, in its organiser's order, with
   * the share-text variant this visitor is shown when it has variants.
   */
  asset: ShareableAsset & { id: number; variant?: { id: number; text: string } };
}

/** Id of the JSON block beside it with the card's language and what its script says (EmbedCardSpeech). */
export const EMBED_WORDS_ELEMENT_ID = 'embed-card-words';

export interface EmbedCardSpeech {
  /** The card's language: its shares are counted under it (docs/api.md "Analytics by language"). */
  language: Locale;
  /** What the script says, worded by the server in that language. */
  words: EmbedCardWords;
}

/** Where a refused log's reason goes in `EmbedCardWords.platforms[p].notLogged`. */
export const EMBED_REASON = '{reason}';

export interface EmbedCardWords {
  /** Per button: the log went through, was refused (EMBED_REASON to fill), or never reached the server. */
  platforms: Record<(typeof EMBED_PLATFORMS)[number], { logged: string; notLogged: string; offline: string }>;
  /** The share window did not open. */
  blocked: string;
  /** The reason of a refused log when the server's own is not shown. */
  tryAgain: string;
  /** Whether the server's `message` is the reason shown (English: the server's words are English). */
  serverReasons: boolean;
  /** The cookie choice was refused, or never reached the server. */
  choiceFailed: string;
  choiceOffline: string;
}

/** The iframe an organisation pastes into its site to show a campaign's card. */
export function embedSnippet(origin: string, campaign: { id: number; name: string }): string {
  const src = `${origin.replace(/\/+$/, '')}/embed/${campaign.id}`;
  const title = `Share ${campaign.name}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${src}" title="${title}" width="100%" height="520" style="border:0;max-width:420px" loading="lazy"></iframe>`;
}
