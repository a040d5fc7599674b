// The words a supporter posts (docs/api.md "Disclosure line", "Locked text"), composed
// in one place for the page, its previews and length counters, the share card and the
// server's checks: personal message, blank line, the asset's words (the supporter's
// edit of them where the asset allows it), blank line, the campaign's disclosure line.
import { assetShareText, type CampaignWords, type ShareableAsset } from './share-links.ts';

/** A campaign as composing needs it: its words, and the line every share carries. */
export interface ShareTextCampaign extends CampaignWords {
  /** The disclosure line (`#ad`), null or absent when the campaign has none. */
  disclosure?: string | null;
}

/** An asset as composing needs it: its words, and whether supporters may edit them. */
export interface ShareTextAsset extends ShareableAsset {
  textEditable?: boolean | null;
}

/** The campaign's disclosure line, trimmed; '' when it has none. */
export const disclosureOf = (campaign: ShareTextCampaign): string => campaign.disclosure?.trim() ?? '';

/** The organisation's words of the asset, or the supporter's edit of them when the asset allows it and it is not blank. */
export function shareWords(asset: ShareTextAsset, campaign: CampaignWords, edited?: string | null): string {
  const own = asset.textEditable ? edited?.trim() : undefined;
  return own || assetShareText(asset, campaign);
}

/**
 * The whole post before its link: the personal message (if any), the asset's words
 * (`edited`, the supporter's version, counts only for an editable asset), then the
 * campaign's disclosure (if any), each part after a blank line.
 */
export function composeShareText(
  asset: ShareTextAsset,
  campaign: ShareTextCampaign,
  personalMessage?: string | null,
  edited?: string | null,
): string {
  return [personalMessage?.trim(), shareWords(asset, campaign, edited), disclosureOf(campaign)]
    .filter(Boolean)
    .join('\n\n');
}

/** Whether a post ends with the disclosure line as set (trailing spaces aside); true when there is none. */
export function endsWithDisclosure(text: string, disclosure: string | null | undefined): boolean {
  const line = disclosure?.trim();
  return !line || text.trimEnd().endsWith(line);
}

/**
 * The personal message inside composed words: what comes before the asset's words
 * once the disclosure at the end is set aside; '' when there is none.
 */
export function messageOf(text: string, asset: ShareTextAsset, campaign: ShareTextCampaign): string {
  const line = disclosureOf(campaign);
  let rest = text.trimEnd();
  if (line && rest.endsWith(line)) rest = rest.slice(0, -line.length).trimEnd();
  const base = assetShareText(asset, campaign);
  if (rest === base) return '';
  return rest.endsWith(base) ? rest.slice(0, -base.length).trim() : rest.trim();
}

/**
 * The personal message of a post of a locked asset, when the post is exactly what
 * composeShareText makes of one of the asset's `words` (any language or variant): an
 * optional message, blank line, those words unchanged, blank line, the disclosure (when
 * the campaign has one), trailing spaces aside. '' for a post without a message;
 * undefined for anything else (words changed, or text after them or after the line).
 */
export function lockedMessageOf(
  text: string,
  words: readonly string[],
  disclosure: string | null | undefined,
): string | undefined {
  const line = disclosure?.trim() ?? '';
  let rest = text.trimEnd();
  if (line) {
    if (rest === line || !rest.endsWith(`\n\n${line}`)) return undefined;
    rest = rest.slice(0, -(line.length + 2));
  }
  for (const w of words) {
    if (!w || !rest.endsWith(w)) continue;
    const before = rest.slice(0, -w.length);
    if (before === '') return '';
    if (before.endsWith('\n\n') && before.slice(0, -2).trim() !== '') return before.slice(0, -2);
  }
  return undefined;
}
