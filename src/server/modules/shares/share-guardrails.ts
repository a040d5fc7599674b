import { storedTranslations } from '#shared/schemas/languages.ts';
import { assetShareText } from '#shared/share-links.ts';
import { disclosureOf, endsWithDisclosure, lockedMessageOf } from '#shared/share-text.ts';
import type { Db } from '../../db/client.ts';
import { cachedBlockedWords } from '../../lib/blocked-words.ts';
import { resolvedWords } from '../../lib/campaign-languages.ts';
import { badRequest } from '../../lib/errors.ts';
import { blockedWordsOf } from '../settings/index.ts';

// The organisation's rules on what supporters post in its name (docs/api.md "Disclosure
// line", "Locked text", "Blocked words", docs/decisions/0033), held on the server
// where it sees the words: a logged share's personal message, a scheduled share's text.

/** A supporter's words with a blocked word in them, named as they spelled it. */
export const blockedWordMessage = (word: string) =>
  `Your message contains a word this organisation does not allow: "${word}". Please edit it.`;
export const LOCKED_TEXT_MESSAGE = "This asset's text cannot be changed; add your own message above it";
export const disclosureMissingMessage = (line: string) =>
  `The post must end with the campaign's disclosure: "${line}"`;

/** The supporter's words the organisation's list blocks, as they spelled them (none without a list). */
export async function blockedWordsIn(db: Db, organizationId: number, text: string): Promise<string[]> {
  const entries = await blockedWordsOf(db, organizationId);
  return cachedBlockedWords(entries).find(text);
}

/** 400 BLOCKED_WORD on `field`, naming the first blocked word as the supporter spelled it. */
export async function assertNoBlockedWords(
  db: Db,
  organizationId: number,
  text: string,
  field: 'message' | 'text',
): Promise<void> {
  if (!text.trim()) return;
  const [word] = await blockedWordsIn(db, organizationId, text);
  if (word === undefined) return;
  const message = blockedWordMessage(word);
  throw badRequest('BLOCKED_WORD', message, {
    errors: [{ path: field, message }],
    params: { word },
  });
}

/** The asset's own words in every language and variant: what a locked asset's post must carry unchanged. */
async function ownWords(db: Db, assetId: number, campaignId: number) {
  const row = await db
    .selectFrom('assets')
    .innerJoin('campaigns as c', 'c.id', 'assets.campaignId')
    .select([
      'assets.type',
      'assets.content',
      'assets.shareText',
      'assets.description',
      'assets.translations',
      'assets.textEditable',
      'c.name as campaignName',
      'c.description as campaignDescription',
      'c.disclosure',
    ])
    .where('assets.id', '=', assetId)
    .where('assets.campaignId', '=', campaignId)
    .executeTakeFirst();
  if (!row) return undefined;
  const campaign = { name: row.campaignName, description: row.campaignDescription };
  const translations = storedTranslations(row.translations);
  const words = new Set([assetShareText(row, campaign)]);
  for (const locale of Object.keys(translations) as (keyof typeof translations)[])
    words.add(assetShareText(resolvedWords(row, translations, locale), campaign));
  const variants = await db
    .selectFrom('assetVariants')
    .select('text')
    .where('assetId', '=', assetId)
    .where('deletedAt', 'is', null)
    .execute();
  for (const v of variants) words.add(v.text);
  return {
    // Longest first, so a variant that ends another's words is tried after it.
    words: [...words]
      .map((w) => w.trim())
      .filter(Boolean)
      .sort((x, y) => y.length - x.length),
    locked: !row.textEditable,
    disclosure: disclosureOf({ ...campaign, disclosure: row.disclosure }),
  };
}

/** A refusal on the scheduled share's `text`, worded as said. */
const onText = (message: string) =>
  badRequest('VALIDATION_FAILED', message, { errors: [{ path: 'text', message, rule: 'invalid' }] });

/**
 * The words a scheduled share keeps: they end with the campaign's disclosure; a locked
 * asset's words are in them unchanged; and what the supporter wrote (the words with the
 * organisation's own taken out) has no blocked word. The ids were checked before.
 */
export async function assertScheduledText(
  db: Db,
  ids: { assetId: number; campaignId: number; organizationId: number },
  text: string | undefined,
): Promise<void> {
  if (text === undefined) return;
  const own = await ownWords(db, ids.assetId, ids.campaignId);
  if (!own) return;
  if (!endsWithDisclosure(text, own.disclosure)) throw onText(disclosureMissingMessage(own.disclosure));
  // The organisation's own words may hold a word it lists (a campaign against scams names
  // them): only the supporter's part is checked.
  let theirs: string;
  if (own.locked) {
    // Exactly as composeShareText makes it: only the message above the words may differ.
    const message = lockedMessageOf(text, own.words, own.disclosure);
    if (message === undefined) throw onText(LOCKED_TEXT_MESSAGE);
    theirs = message;
  } else {
    const kept = own.words.find((w) => text.includes(w));
    theirs = text.trimEnd();
    if (own.disclosure) theirs = theirs.slice(0, -own.disclosure.length);
    if (kept !== undefined) theirs = theirs.replace(kept, '\n');
  }
  await assertNoBlockedWords(db, ids.organizationId, theirs, 'text');
}
