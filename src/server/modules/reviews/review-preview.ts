import type { Selectable } from 'kysely';
import type { Asset, CreateAssetInput, UpdateAssetInput } from '#shared/schemas/assets.ts';
import type { UpdateCampaignInput } from '#shared/schemas/campaigns.ts';
import { type AssetTranslations, storedTranslations } from '#shared/schemas/languages.ts';
import type { ReviewChange } from '#shared/schemas/reviews.ts';
import type { Db } from '../../db/client.ts';
import type { CampaignsTable } from '../../db/schema.ts';
import { mergedTranslations, translationsColumn } from '../../lib/campaign-languages.ts';
import { toCampaign } from '../../lib/own-campaign.ts';
import { nowIso } from '../../lib/time.ts';
import { keptShareText, plannedAssetEdit } from '../assets/index.ts';
import { planUpdate } from '../campaigns/index.ts';

// The supporter preview of a campaign's open revision (docs/api.md "Review before
// publishing"), worked out in memory: the live rows are read as any page reads them,
// and the revision's changes are applied to them with the planning the campaign and
// asset services write with (planUpdate, plannedAssetEdit, the columns insertAssets
// sets), in the order the approval applies them. Nothing is written, so no write
// transaction is held while the preview reads.

type CampaignRow = Selectable<CampaignsTable>;

/**
 * The rows of `live` as the campaign's open revision would leave them; `live` itself
 * when nothing waits. A change the services would refuse is refused here too (the
 * planning throws the same 400 or 409).
 */
export async function previewOpenRevision<C extends { id: number }>(
  db: Db,
  ids: { campaignId: number; orgId: number },
  live: { campaign: C; assets: Asset[] },
): Promise<{ campaign: C; assets: Asset[] }> {
  const open = await db
    .selectFrom('campaignRevisions')
    .select('changes')
    .where('openCampaignId', '=', ids.campaignId)
    .where('organizationId', '=', ids.orgId)
    .executeTakeFirst();
  if (!open) return live;
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', ids.campaignId)
    .where('organizationId', '=', ids.orgId)
    .executeTakeFirst();
  if (!row) return live;
  return withChanges(row, live, JSON.parse(open.changes) as ReviewChange[], Date.now());
}

/** `live` with `changes` applied: campaign fields, asset edits, added assets, deleted ones, then the status. */
export function withChanges<C extends { id: number }>(
  row: CampaignRow,
  live: { campaign: C; assets: Asset[] },
  changes: readonly ReviewChange[],
  now: number,
): { campaign: C; assets: Asset[] } {
  const campaignChange = changes.find((c) => c.kind === 'campaign');
  const { status, ...fields } = (campaignChange?.fields ?? {}) as UpdateCampaignInput;
  let current = row;
  if (Object.keys(fields).length > 0)
    current = {
      ...current,
      ...(planUpdate(toCampaign(current), fields, live.assets, now) as Partial<CampaignRow>),
    };

  const edits = new Map<number, UpdateAssetInput>();
  for (const c of changes) if (c.kind === 'asset') edits.set(c.assetId, c.fields as UpdateAssetInput);
  const deleted = new Set(changes.flatMap((c) => (c.kind === 'delete' ? [c.assetId] : [])));
  let assets = live.assets.map((a) => {
    const edit = edits.get(a.id);
    return edit ? editedAsset(a, edit) : a;
  });
  let position = Math.max(-1, ...live.assets.map((a) => a.position));
  let added = 0;
  for (const c of changes)
    if (c.kind === 'add') assets.push(addedAsset(c.asset as CreateAssetInput, current, --added, ++position));
  assets = assets.filter((a) => !deleted.has(a.id));
  if (status !== undefined)
    current = {
      ...current,
      ...(planUpdate(toCampaign(current), { status }, assets, now) as Partial<CampaignRow>),
    };

  // The view's campaign row holds some of the campaign's columns (and its organisation's): those change.
  const campaign = { ...live.campaign } as Record<string, unknown>;
  for (const key of Object.keys(campaign))
    if (key in current) campaign[key] = (current as Record<string, unknown>)[key];
  return { campaign: campaign as C, assets };
}

/** An asset with an edit applied, as updateAsset writes it. */
function editedAsset(asset: Asset, input: UpdateAssetInput): Asset {
  const { textEditable, ...planned } = plannedAssetEdit(input.type ?? asset.type, input);
  return {
    ...asset,
    ...(planned as Partial<Asset>),
    ...(textEditable !== undefined && { textEditable: Boolean(textEditable) }),
    ...(input.translations && {
      translations: storedTranslations(
        translationsColumn(
          mergedTranslations(asset.translations ?? {}, input.translations as AssetTranslations),
        ),
      ),
    }),
    ...(input.variants && { variants: previewVariants(asset.id, input.variants) }),
  };
}

/** An added asset, as insertAssets writes it, under an id no row has (negative). */
function addedAsset(input: CreateAssetInput, campaign: CampaignRow, id: number, position: number): Asset {
  return {
    id,
    title: input.title,
    description: input.description || null,
    type: input.type,
    content: input.content,
    campaignId: campaign.id,
    organizationId: campaign.organizationId,
    shareText: keptShareText(input.type, input.shareText),
    altText: input.altText?.trim() || null,
    position,
    createdAt: nowIso(),
    translations: storedTranslations(translationsColumn((input.translations ?? {}) as AssetTranslations)),
    textEditable: Boolean(input.textEditable),
    variants: previewVariants(id, input.variants ?? []),
  };
}

/** Variants not written yet: ids no row has, rising in their order (the view sorts by id). */
const previewVariants = (assetId: number, inputs: readonly { text: string }[]) =>
  inputs.map((v, i) => ({ id: -(Math.abs(assetId) * 100 + 100) + i, text: v.text }));
