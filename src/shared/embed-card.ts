// The embeddable share card (/embed/{campaignId}): what its page hands its script.
import type { CampaignWords, IntentPlatform, ShareableAsset } from './share-links.ts';

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
  campaign: CampaignWords & { id: number; organizationId: number };
  /**
   * The asset the buttons share: the campaign's first, in its organiser's order, with
   * the share-text variant this visitor is shown when it has variants.
   */
  asset: ShareableAsset & { id: number; variant?: { id: number; text: string } };
}

/** The iframe an organisation pastes into its site to show a campaign's card. */
export function embedSnippet(origin: string, campaign: { id: number; name: string }): string {
  const src = `${origin.replace(/\/+$/, '')}/embed/${campaign.id}`;
  const title = `Share ${campaign.name}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${src}" title="${title}" width="100%" height="520" style="border:0;max-width:420px" loading="lazy"></iframe>`;
}
