import type { Asset, CreateAssetInput } from '#shared/schemas/assets.ts';
import type { TemplateAsset } from '#shared/schemas/templates.ts';
import type { Db } from '../../db/client.ts';
import { assertCampaignEditable, writeCampaign, type CallerWrite } from '../../lib/campaign-write.ts';
import { emitAssetEvent } from '../webhooks/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { nowIso } from '../../lib/time.ts';
import { getOwnCampaign } from '../../lib/own-campaign.ts';
import { isStoredUpload, UPLOADS_PREFIX } from '../uploads/index.ts';
import { replaceVariants, withVariants } from './asset-variants.ts';
import type { AssetTranslations } from '#shared/schemas/languages.ts';
import {
  assertTranslationsOffered,
  translationsColumn,
  withTranslations,
} from '../../lib/campaign-languages.ts';

type Executor = Pick<Db, 'selectFrom'>;

/** What an asset response carries (not `deletedAt`: deleted assets are never listed). */
export const ASSET_COLUMNS = [
  'id',
  'title',
  'description',
  'type',
  'content',
  'campaignId',
  'organizationId',
  'shareText',
  'altText',
  'translations',
  'position',
  'createdAt',
  'textEditable',
] as const;

/** An asset row as responses carry it: its words per language parsed, its switch a boolean (stored 1 or 0). */
export const assetOut = <T extends { translations: string | null; textEditable: boolean | number }>(
  row: T,
) => ({
  ...withTranslations(row),
  textEditable: Boolean(row.textEditable),
});

/** A campaign's assets in display order: position, then id (the cross-team contract), with their variants. */
export async function assetsOfCampaign(db: Executor, campaignId: number): Promise<Asset[]> {
  const assets = await db
    .selectFrom('assets')
    .select(ASSET_COLUMNS)
    .where('campaignId', '=', campaignId)
    .where('deletedAt', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return withVariants(db, assets.map(assetOut));
}

/** Every asset of the organisation, grouped by campaign, each campaign in display order. */
export async function listOrgAssets(opts: { db: Db; orgId: number }): Promise<Asset[]> {
  const assets = await opts.db
    .selectFrom('assets')
    .select(ASSET_COLUMNS)
    .where('organizationId', '=', opts.orgId)
    .where('deletedAt', 'is', null)
    .orderBy('campaignId')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return withVariants(opts.db, assets.map(assetOut));
}

/** An asset's own fields; the campaign, organisation, position and timestamp are the writer's. */
export type NewAsset = TemplateAsset & {
  shareText?: string | null;
  /** Share-text variants, in order (a duplicated campaign copies them; ids are new). */
  variants?: readonly { text: string }[];
  altText?: string | null;
  /** Its words in other languages (a duplicated campaign copies them, a dropped language's too). */
  translations?: AssetTranslations;
  /** The id a bulk import gives it (unique in the organisation). */
  externalId?: string | null;
  /** Whether supporters may edit its words (default: only a message above them). */
  textEditable?: boolean;
};

/** Only image and video assets carry a share text: a text asset shares its content. */
export const keptShareText = (type: string, shareText: string | null | undefined): string | null =>
  type === 'text' ? null : shareText?.trim() || null;

/**
 * The one way assets are written: appends `assets`, in order, after the campaign's
 * existing ones. Run it inside the caller's transaction when the campaign is new.
 * The caller invalidates the supporter cache once its transaction has committed.
 */
export async function insertAssets(
  db: Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'getExecutor' | 'executeQuery'>,
  opts: { campaignId: number; organizationId: number; assets: readonly NewAsset[] },
): Promise<Asset[]> {
  const { campaignId, organizationId } = opts;
  const last = await db
    .selectFrom('assets')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('campaignId', '=', campaignId)
    .executeTakeFirst();
  const first = last?.max == null ? 0 : Number(last.max) + 1;
  const inserted: Asset[] = [];
  // One row at a time: RETURNING order is not guaranteed for a multi-row insert.
  for (const [i, a] of opts.assets.entries()) {
    const asset = await db
      .insertInto('assets')
      .values({
        title: a.title,
        description: a.description,
        type: a.type,
        content: a.content,
        shareText: keptShareText(a.type, a.shareText),
        altText: a.altText?.trim() || null,
        translations: translationsColumn(a.translations ?? {}),
        externalId: a.externalId ?? null,
        textEditable: a.textEditable ? 1 : 0,
        campaignId,
        organizationId,
        position: first + i,
        createdAt: nowIso(),
      })
      .returning(ASSET_COLUMNS)
      .executeTakeFirstOrThrow();
    const variants = await replaceVariants(db, {
      assetId: asset.id,
      organizationId,
      inputs: a.variants ?? [],
    });
    inserted.push({ ...assetOut(asset), variants });
    await emitAssetEvent(db, 'asset.created', { ...asset, organizationId });
  }
  return inserted;
}

/** Creates an asset at the end of its campaign's order. */
export async function createAsset(
  opts: CallerWrite & { storage: FileStorage; input: CreateAssetInput },
): Promise<Asset> {
  const { db, storage, orgId, input } = opts;
  // 404 when the campaign is missing or another organisation's.
  const campaign = await getOwnCampaign({ db, orgId, campaignId: input.campaignId });
  assertCampaignEditable(campaign);
  assertTranslationsOffered(input.translations, campaign);
  if (
    input.type !== 'text' &&
    input.content.startsWith(UPLOADS_PREFIX) &&
    !(await isStoredUpload(storage, input.content))
  ) {
    throw badRequest('UPLOAD_MISSING', 'The uploaded file was not found: upload it again');
  }
  const [asset] = await writeCampaign(
    opts,
    () => input.campaignId,
    async (trx, audit) => {
      await audit('asset.created', input.title);
      return insertAssets(trx, {
        campaignId: input.campaignId,
        organizationId: orgId,
        assets: [
          {
            title: input.title,
            description: input.description || null,
            type: input.type,
            content: input.content,
            shareText: input.shareText,
            variants: input.variants,
            altText: input.altText,
            translations: input.translations,
            textEditable: input.textEditable,
          },
        ],
      });
    },
  );
  return asset;
}
