import { createHmac } from 'node:crypto';
import { REPEATED_MESSAGE_THRESHOLD } from '#shared/constants.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { MessageCheck } from '#shared/schemas/shares.ts';
import { notFound } from '../../lib/errors.ts';
import { blockedWordsIn } from './share-guardrails.ts';

// The personal-message nudge: shares keep a keyed hash of the message's normalised
// form, so identical messages can be counted per asset while the words themselves
// are never stored. The key (appSecrets 'message-hash') makes the hashes useless
// for guessing common phrases from a copy of the database.

/**
 * The form two messages are compared in: Unicode NFKC (full-width letters, ligatures
 * and other compatibility forms become plain ones), case-folded (upper then lower
 * case, so `ß` meets `SS` and final sigma meets sigma), whitespace runs of any kind
 * collapsed to one space, trimmed.
 */
export function normaliseMessage(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** The stored hash of a message, or null for a blank one (nothing is kept). */
export function messageHash(key: Buffer, text: string | undefined): string | null {
  const normalised = text === undefined ? '' : normaliseMessage(text);
  if (!normalised) return null;
  return createHmac('sha256', key).update(normalised, 'utf8').digest('base64url');
}

/**
 * Whether at least REPEATED_MESSAGE_THRESHOLD shares of the asset carried this
 * message. Counts at most that many rows (shares_asset_message_idx), so a message
 * shared thousands of times costs no more than one shared five times. 404 for an
 * unknown or deleted asset, or one of a draft or archived campaign: those are not
 * public. Other closed states (paused, ended) still answer; the page says they are closed.
 */
export async function isRepeatedMessage(opts: { db: Db; key: Buffer; assetId: number; text: string }) {
  await sharedAsset(opts.db, opts.assetId);
  return repeatedHash(opts);
}

/**
 * The message-check answer (docs/api.md "Blocked words"): whether the message is a
 * repeated one, and the words of it the asset's organisation blocks, as spelled.
 */
export async function checkMessage(opts: {
  db: Db;
  key: Buffer;
  assetId: number;
  text: string;
}): Promise<MessageCheck> {
  const { organizationId } = await sharedAsset(opts.db, opts.assetId);
  const [repeated, blocked] = await Promise.all([
    repeatedHash(opts),
    blockedWordsIn(opts.db, organizationId, opts.text),
  ]);
  return { repeated, blocked };
}

/** A live asset of a public campaign, else 404. */
async function sharedAsset(db: Db, assetId: number): Promise<{ organizationId: number }> {
  const asset = await db
    .selectFrom('assets')
    .innerJoin('campaigns', 'campaigns.id', 'assets.campaignId')
    .select('assets.organizationId')
    .where('assets.id', '=', assetId)
    .where('assets.deletedAt', 'is', null)
    .where('campaigns.status', 'not in', ['draft', 'archived'])
    .executeTakeFirst();
  if (!asset) throw notFound('NOT_FOUND', 'Asset not found');
  return asset;
}

async function repeatedHash(opts: { db: Db; key: Buffer; assetId: number; text: string }): Promise<boolean> {
  const { db, key, assetId, text } = opts;
  const hash = messageHash(key, text);
  if (!hash) return false;
  const { n } = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('shares')
        .select(sql<number>`1`.as('one'))
        .where('assetId', '=', assetId)
        .where('messageHash', '=', hash)
        .limit(REPEATED_MESSAGE_THRESHOLD)
        .as('same'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) >= REPEATED_MESSAGE_THRESHOLD;
}
