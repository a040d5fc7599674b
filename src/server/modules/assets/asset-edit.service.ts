import { type Asset, mediaContentError, type UpdateAssetInput } from '#shared/schemas/assets.ts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { AssetsTable } from '../../db/schema.ts';
import { isLiveStatus } from '#shared/campaign-lifecycle.ts';
import { LAST_ASSET_OF_LIVE_CAMPAIGN } from '#shared/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { nowIso } from '../../lib/time.ts';
import { assertCampaignEditable, writeLockedCampaign, type CallerWrite } from '../../lib/campaign-write.ts';
import { emitAssetEvent } from '../webhooks/index.ts';
import { isStoredUpload, UPLOADS_PREFIX } from '../uploads/index.ts';
import { ASSET_COLUMNS, assetOut, keptShareText } from './assets.service.ts';
import { replaceVariants, variantsOf } from './asset-variants.ts';
import { storedTranslations } from '#shared/schemas/languages.ts';
import {
  assertTranslationsOffered,
  mergedTranslations,
  translationsColumn,
} from '../../lib/campaign-languages.ts';

// Editing and deleting assets. A deleted asset keeps its row (`deletedAt` set): it
// leaves the page, the order and every list, and the shares and clicks that point
// at it stay, and stay counted.

export const ASSET_NOT_FOUND = 'Asset not found';

type Db_ = Pick<Db, 'selectFrom'>;

/** The organisation's live asset; 404 when missing, deleted, or another organisation's. */
async function findOwnAsset(db: Db_, orgId: number, assetId: number) {
  const asset = await db
    .selectFrom('assets')
    .select(['id', 'campaignId', 'type', 'content'])
    .where('id', '=', assetId)
    .where('organizationId', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!asset) throw notFound('NOT_FOUND', ASSET_NOT_FOUND);
  return asset;
}

/**
 * The columns an edit of an asset's own fields sets (`type` the asset's type once the
 * edit is applied); its translations and variants are written apart. The staff preview
 * of a waiting edit applies the same (modules/reviews/review-preview.ts).
 */
export function plannedAssetEdit(type: string, input: UpdateAssetInput) {
  const changes: {
    title?: string;
    description?: string | null;
    type?: Asset['type'];
    content?: string;
    shareText?: string | null;
    altText?: string | null;
    textEditable?: number;
  } & Updateable<AssetsTable> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.type !== undefined) changes.type = input.type;
  if (input.content !== undefined) changes.content = input.content;
  // A text asset has no caption; turning a media asset into text drops it.
  if (input.shareText !== undefined || type === 'text')
    changes.shareText = keptShareText(type, input.shareText);
  if (input.altText !== undefined) changes.altText = input.altText?.trim() || null;
  if (input.textEditable !== undefined) changes.textEditable = input.textEditable ? 1 : 0;
  return changes;
}

/** PUT /api/assets/:id: title, description, type and content under the create rules. */
export async function updateAsset(
  opts: CallerWrite & { storage: FileStorage; assetId: number; input: UpdateAssetInput },
): Promise<Asset> {
  const { db, storage, orgId, assetId, input } = opts;
  const before = await findOwnAsset(db, orgId, assetId);
  const type = input.type ?? before.type;
  const content = input.content ?? before.content;
  const refusal = mediaContentError(type, content);
  if (refusal) throw badRequest('ASSET_CONTENT_INVALID', refusal);
  // Checked outside the transaction: the store may be remote, and a file that
  // exists does not stop existing.
  if (
    input.content !== undefined &&
    type !== 'text' &&
    content.startsWith(UPLOADS_PREFIX) &&
    !(await isStoredUpload(storage, content))
  ) {
    throw badRequest('UPLOAD_MISSING', 'The uploaded file was not found: upload it again');
  }
  const changes: Updateable<AssetsTable> = plannedAssetEdit(type, input);
  // A variants-only edit still runs the UPDATE, which finds the live row (or 404s).
  if (Object.keys(changes).length === 0) changes.id = assetId;

  return writeLockedCampaign({ ...opts, campaignId: before.campaignId }, async (trx, campaign, audit) => {
    assertCampaignEditable(campaign);
    if (input.translations) {
      // Checked against the languages as this locked transaction sees them.
      assertTranslationsOffered(input.translations, campaign);
      const stored = await trx
        .selectFrom('assets')
        .select('translations')
        .where('id', '=', assetId)
        .executeTakeFirst();
      changes.translations = translationsColumn(
        mergedTranslations(storedTranslations(stored?.translations), input.translations),
      );
    }
    const updated = await trx
      .updateTable('assets')
      .set(changes)
      .where('id', '=', assetId)
      .where('deletedAt', 'is', null)
      .returning(ASSET_COLUMNS)
      .executeTakeFirst();
    // Deleted by a concurrent request after the first read.
    if (!updated) throw notFound('NOT_FOUND', ASSET_NOT_FOUND);
    const variants = input.variants
      ? await replaceVariants(trx, { assetId, organizationId: orgId, inputs: input.variants })
      : ((await variantsOf(trx, [assetId])).get(assetId) ?? []);
    await audit('asset.updated', updated.title);
    await emitAssetEvent(trx, 'asset.updated', { ...updated, organizationId: orgId });
    return { ...assetOut(updated), variants };
  });
}

/**
 * DELETE /api/assets/:id: soft delete; a second delete of the same asset is a 404.
 * The last asset of a live (active or paused) campaign stays: 409.
 */
export async function deleteAsset(opts: CallerWrite & { assetId: number }): Promise<void> {
  const { db, orgId, assetId } = opts;
  const before = await findOwnAsset(db, orgId, assetId);
  await writeLockedCampaign({ ...opts, campaignId: before.campaignId }, async (trx, campaign, audit) => {
    assertCampaignEditable(campaign);
    if (isLiveStatus(campaign.status)) {
      const others = await trx
        .selectFrom('assets')
        .select('id')
        .where('campaignId', '=', campaign.id)
        .where('deletedAt', 'is', null)
        .where('id', '!=', assetId)
        .limit(1)
        .executeTakeFirst();
      if (!others) throw conflict('LAST_ASSET_OF_LIVE_CAMPAIGN', LAST_ASSET_OF_LIVE_CAMPAIGN);
    }
    const deleted = await trx
      .updateTable('assets')
      .set({ deletedAt: nowIso() })
      .where('id', '=', assetId)
      .where('deletedAt', 'is', null)
      .returning('title')
      .executeTakeFirst();
    if (!deleted) throw notFound('NOT_FOUND', ASSET_NOT_FOUND);
    await audit('asset.deleted', deleted.title);
  });
}
