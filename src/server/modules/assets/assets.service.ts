import { recordAudit } from '../../lib/audit.ts';
import type { Asset, CreateAssetInput } from '#shared/schemas/assets.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { nowIso } from '../../lib/time.ts';
import { getOwnCampaign } from '../campaigns/own-campaign.ts';
import { invalidateCampaign } from '../supporter/supporter-cache.ts';
import { UPLOADS_PREFIX } from '../uploads/upload-storage.ts';
import { isStoredUpload } from '../uploads/uploads.service.ts';

type Executor = Pick<Db, 'selectFrom'>;

/** A campaign's assets in display order: position, then id (the cross-team contract). */
export async function assetsOfCampaign(db: Executor, campaignId: number): Promise<Asset[]> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('campaignId', '=', campaignId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Every asset of the organisation, grouped by campaign, each campaign in display order. */
export async function listOrgAssets(opts: { db: Db; orgId: number }): Promise<Asset[]> {
  return opts.db
    .selectFrom('assets')
    .selectAll()
    .where('organizationId', '=', opts.orgId)
    .orderBy('campaignId')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Creates an asset at the end of its campaign's order. */
export async function createAsset(opts: {
  db: Db;
  storage: FileStorage;
  orgId: number;
  input: CreateAssetInput;
  /** Who adds it, for the audit log (written in the same transaction). */
  actorId?: number;
}): Promise<Asset> {
  const { db, storage, orgId, input } = opts;
  // 404 when the campaign is missing or another organisation's.
  await getOwnCampaign({ db, orgId, campaignId: input.campaignId });
  if (
    input.type !== 'text' &&
    input.content.startsWith(UPLOADS_PREFIX) &&
    !(await isStoredUpload(storage, input.content))
  ) {
    throw badRequest('The uploaded file was not found: upload it again');
  }
  const asset = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('assets')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('campaignId', '=', input.campaignId)
      .executeTakeFirst();
    const position = last?.max == null ? 0 : Number(last.max) + 1;
    if (opts.actorId !== undefined)
      await recordAudit(trx, {
        organizationId: orgId,
        actorId: opts.actorId,
        action: 'asset.created',
        target: input.title,
      });
    return trx
      .insertInto('assets')
      .values({
        title: input.title,
        description: input.description || null,
        type: input.type,
        content: input.content,
        campaignId: input.campaignId,
        organizationId: orgId,
        position,
        createdAt: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  invalidateCampaign(input.campaignId);
  return asset;
}
