import { sql, type Transaction } from 'kysely';
import type { CreateAssetInput, UpdateAssetInput } from '#shared/schemas/assets.ts';
import type { UpdateCampaignInput } from '#shared/schemas/campaigns.ts';
import type { ReviewChange } from '#shared/schemas/reviews.ts';
import type { Database } from '../../db/schema.ts';
import type { CallerWrite } from '../../lib/campaign-write.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { createAsset, deleteAsset, updateAsset } from '../assets/index.ts';
import { updateCampaign } from '../campaigns/index.ts';

// What a revision holds and how it reaches the live rows. A revision is a list of
// changes, each the input a campaign or asset route validated; applying it hands each
// to that route's own service, inside the caller's transaction (lib/audit.ts lets a
// write join it), so the rules, the audit entries and the webhook events are those of
// a direct edit. The same code checks a submission (applied, then rolled back); the
// supporter's preview of it plans the same changes in memory (review-preview.ts).

/** A write context inside one transaction: the services' writes join it. */
export type RevisionWrite = CallerWrite & { db: Transaction<Database>; storage: FileStorage };

/**
 * `next` merged into what waits: campaign fields over campaign fields, an asset's
 * fields over that asset's (translations per language), an added asset appended, a
 * deleted one dropping what waited for it. The reviewer sees the sum.
 */
export function mergeChanges(
  waiting: readonly ReviewChange[],
  next: readonly ReviewChange[],
): ReviewChange[] {
  const out = [...waiting];
  for (const change of next) {
    if (change.kind === 'campaign') {
      const i = out.findIndex((c) => c.kind === 'campaign');
      if (i < 0) out.push(change);
      else out[i] = { kind: 'campaign', fields: { ...(out[i] as typeof change).fields, ...change.fields } };
    } else if (change.kind === 'asset') {
      const i = out.findIndex((c) => c.kind === 'asset' && c.assetId === change.assetId);
      if (i < 0) {
        out.push(change);
        continue;
      }
      const before = out[i] as typeof change;
      const translations =
        before.fields.translations && change.fields.translations
          ? {
              ...(before.fields.translations as object),
              ...(change.fields.translations as object),
            }
          : (change.fields.translations ?? before.fields.translations);
      out[i] = {
        ...change,
        fields: {
          ...before.fields,
          ...change.fields,
          ...(translations !== undefined && { translations }),
        },
      };
    } else if (change.kind === 'delete') {
      const kept = out.filter((c) => !(c.kind === 'asset' && c.assetId === change.assetId));
      if (!kept.some((c) => c.kind === 'delete' && c.assetId === change.assetId)) kept.push(change);
      out.splice(0, out.length, ...kept);
    } else out.push(change);
  }
  return out;
}

/**
 * Applies the changes through the campaign and asset services, in `ctx.db`'s
 * transaction: the campaign's fields, the assets' edits, the added assets, the deleted
 * ones, and last the publishing (so the publishing rules see the assets as they end up).
 */
export async function applyChanges(
  ctx: RevisionWrite,
  campaignId: number,
  changes: readonly ReviewChange[],
): Promise<void> {
  const campaign = changes.find((c) => c.kind === 'campaign');
  const { status, ...fields } = (campaign?.fields ?? {}) as UpdateCampaignInput;
  if (Object.keys(fields).length > 0) await updateCampaign({ ...ctx, campaignId, input: fields });
  for (const c of changes)
    if (c.kind === 'asset')
      await updateAsset({ ...ctx, assetId: c.assetId, input: c.fields as UpdateAssetInput });
  for (const c of changes)
    if (c.kind === 'add')
      await createAsset({ ...ctx, input: { ...(c.asset as CreateAssetInput), campaignId } });
  for (const c of changes) if (c.kind === 'delete') await deleteAsset({ ...ctx, assetId: c.assetId });
  if (status !== undefined) await updateCampaign({ ...ctx, campaignId, input: { status } });
}

/**
 * Runs `work` inside `trx` and undoes what it wrote (a savepoint, on both databases),
 * keeping its result; its refusals are thrown as they are.
 */
export async function undone<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  await sql`savepoint review_trial`.execute(trx);
  try {
    return await work();
  } finally {
    await sql`rollback to savepoint review_trial`.execute(trx);
    await sql`release savepoint review_trial`.execute(trx);
  }
}
