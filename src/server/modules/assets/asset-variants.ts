import type { Asset, AssetVariant, VariantInput } from '#shared/schemas/assets.ts';
import type { Db } from '../../db/client.ts';
import { nowIso } from '../../lib/time.ts';

// Share-text variants (A/B texts) of assets. Saving replaces an asset's list; a
// variant whose text is unchanged keeps its row and id, so its views, shares and
// clicks stay attached. A variant that leaves the list keeps its row (`deletedAt`):
// the shares that name it still point at the text they were made with.

type Reader = Pick<Db, 'selectFrom'>;
type Writer = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable'>;

/** The live variants of these assets, each list in display order. */
export async function variantsOf(
  db: Reader,
  assetIds: readonly number[],
): Promise<Map<number, AssetVariant[]>> {
  const byAsset = new Map<number, AssetVariant[]>();
  if (assetIds.length === 0) return byAsset;
  const rows = await db
    .selectFrom('assetVariants')
    .select(['id', 'assetId', 'text'])
    .where('assetId', 'in', assetIds)
    .where('deletedAt', 'is', null)
    .orderBy('assetId')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { assetId, id, text } of rows) {
    const list = byAsset.get(assetId);
    if (list) list.push({ id, text });
    else byAsset.set(assetId, [{ id, text }]);
  }
  return byAsset;
}

/** The assets with their `variants` lists (empty when they have none): what staff reads carry. */
export async function withVariants<T extends Asset>(db: Reader, assets: T[]): Promise<T[]> {
  const byAsset = await variantsOf(
    db,
    assets.map((a) => a.id),
  );
  return assets.map((a) => ({ ...a, variants: byAsset.get(a.id) ?? [] }));
}

/**
 * Makes `inputs` the asset's variant list, in that order. Run inside the write's
 * transaction. Returns the new list.
 */
export async function replaceVariants(
  trx: Writer,
  opts: { assetId: number; organizationId: number; inputs: readonly VariantInput[] },
): Promise<AssetVariant[]> {
  const { assetId, organizationId, inputs } = opts;
  const current = (await variantsOf(trx, [assetId])).get(assetId) ?? [];
  const byText = new Map(current.map((v) => [v.text, v]));
  const wanted = new Set(inputs.map((v) => v.text));
  const now = nowIso();
  const retired = current.filter((v) => !wanted.has(v.text)).map((v) => v.id);
  if (retired.length > 0)
    await trx.updateTable('assetVariants').set({ deletedAt: now }).where('id', 'in', retired).execute();
  const result: AssetVariant[] = [];
  for (const [position, { text }] of inputs.entries()) {
    const kept = byText.get(text);
    if (kept) {
      await trx.updateTable('assetVariants').set({ position }).where('id', '=', kept.id).execute();
      result.push(kept);
    } else {
      const row = await trx
        .insertInto('assetVariants')
        .values({ assetId, organizationId, text, position, createdAt: now })
        .returning(['id', 'text'])
        .executeTakeFirstOrThrow();
      result.push(row);
    }
  }
  return result;
}
