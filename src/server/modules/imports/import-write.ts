import type { Transaction } from 'kysely';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import type { ImportRow } from '#shared/schemas/imports.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { type Audit, auditedTransaction } from '../../lib/audit.ts';
import { assertCampaignEditable, lockOwnCampaign, type CallerWrite } from '../../lib/campaign-write.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { toCampaign } from '../../lib/own-campaign.ts';
import type { AddressPolicy } from '../../lib/safe-fetch.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { ASSET_COLUMNS, insertAssets, keptShareText } from '../assets/index.ts';
import { applyCampaignUpdate, insertCampaign } from '../campaigns/index.ts';
import {
  type FetchSlots,
  fetchForUpload,
  storeUpload,
  UPLOADS_PREFIX,
  withUploadSlot,
} from '../uploads/index.ts';
import { emitAssetEvent, emitCampaignStatus } from '../webhooks/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportPlan, PlannedCampaign, PlannedRow } from './import-plan.ts';

// The real run of a valid plan: media first (each through upload-from-url's safe
// fetcher and the upload limits), then every campaign and asset in one audited
// transaction, through the campaign and asset services' own writers, so the audit
// log and the webhook events are those of the same changes made one by one.

export interface ImportDeps {
  db: Db;
  dialect: DialectName;
  config: Config;
  storage: FileStorage;
  policy: AddressPolicy;
  log: FastifyBaseLogger;
  /** The instance's one cap on downloads at once (AppDeps.fetchSlots), shared with upload-from-url. */
  fetchSlots: FetchSlots;
}

/** A refusal about one row's cell: the code and status of the cause, the row and column named. */
function rowRefusal(err: unknown, row: PlannedRow, column: string): unknown {
  if (!(err instanceof HttpError)) return err;
  const message = `Row ${row.row}, ${column}: ${err.message}`;
  const refusal = new HttpError(err.statusCode, err.code, message, {
    ...err.extras,
    errors: [{ path: `rows.${row.row}.${column}`, message: err.message }],
  } as never);
  return refusal.withHeaders(err.headers);
}

/** Downloads each row's media into the upload store: the stored file by row. */
async function downloadMedia(
  deps: ImportDeps,
  who: { userId: number; organizationId: number },
  rows: PlannedRow[],
): Promise<Map<number, UploadedFile & { from: string }>> {
  const { db, dialect, config, storage } = deps;
  const stored = new Map<number, UploadedFile & { from: string }>();
  for (const row of rows) {
    const url = row.input?.media_url;
    if (!url) continue;
    try {
      const file = await withUploadSlot({ db, dialect, config }, who, async (claim) => {
        const bytes = await deps.fetchSlots.run(who.userId, () =>
          fetchForUpload({ url, maxBytes: config.uploadMaxBytes, policy: deps.policy, log: deps.log }),
        );
        return storeUpload({ storage, bytes, claim });
      });
      stored.set(row.row, { ...file, from: new URL(url).host });
    } catch (err) {
      // Files stored for earlier rows stay unused and go with the upload cleanup.
      throw rowRefusal(err, row, 'media_url');
    }
  }
  return stored;
}

/** An asset's own fields from its row: a text asset's words are its content. */
function assetFields(input: ImportRow, media: string | undefined) {
  const content = input.asset_type === 'text' ? (input.share_text ?? '') : (media ?? '');
  return {
    title: input.title,
    description: input.description || null,
    type: input.asset_type,
    content,
    shareText: keptShareText(input.asset_type, input.share_text),
  };
}

/**
 * The campaign a plan's campaign writes into: created (with its status), or the
 * existing one locked for the rest of the transaction, returned as read under the lock.
 */
async function campaignOfPlan(
  trx: Transaction<Database>,
  audit: Audit,
  ctx: CallerWrite,
  c: PlannedCampaign,
): Promise<{ id: number; locked?: Campaign }> {
  const input = c.rows[0].input as ImportRow;
  if (!c.existing) {
    const campaign = await insertCampaign({
      db: trx,
      orgId: ctx.orgId,
      input: { name: input.campaign_name, status: c.status === 'active' ? 'active' : 'draft' },
      externalId: c.externalId,
    });
    await audit('campaign.created', campaign.name);
    return { id: campaign.id };
  }
  const locked = await lockOwnCampaign(trx, ctx.orgId, c.existing.id);
  // Checked again under the lock: the campaign may have been archived since the plan was made.
  assertCampaignEditable(locked);
  return { id: locked.id, locked };
}

/**
 * An existing campaign's new name and status, once its assets are written: through
 * the campaign edit's own rules (the status change, publishing with its assets in
 * place), audit entries and status event.
 */
async function updateExistingCampaign(
  trx: Transaction<Database>,
  audit: Audit,
  ctx: CallerWrite,
  c: PlannedCampaign,
  current: Campaign,
): Promise<void> {
  const name = (c.rows[0].input as ImportRow).campaign_name;
  const changes = {
    ...(name !== current.name && { name }),
    ...(c.status !== current.status && { status: c.status }),
  };
  if (Object.keys(changes).length === 0) return;
  await applyCampaignUpdate(trx, { audit, publicOrigin: ctx.publicOrigin }, current, changes);
}

async function updateAssetRow(
  trx: Transaction<Database>,
  audit: Audit,
  orgId: number,
  assetId: number,
  fields: ReturnType<typeof assetFields>,
): Promise<void> {
  const updated = await trx
    .updateTable('assets')
    .set(fields)
    .where('id', '=', assetId)
    .where('organizationId', '=', orgId)
    .where('deletedAt', 'is', null)
    .returning(ASSET_COLUMNS)
    .executeTakeFirst();
  // Deleted by someone else since the plan was made.
  if (!updated)
    throw conflict('ASSET_DELETED', `Asset ${assetId} was deleted meanwhile: import the file again`);
  await audit('asset.updated', updated.title);
  await emitAssetEvent(trx, 'asset.updated', { ...updated, organizationId: orgId });
}

/** Writes a valid plan; the campaigns written, in the file's order. */
export async function writeImport(ctx: CallerWrite, deps: ImportDeps, plan: ImportPlan): Promise<number[]> {
  if (!plan.valid) throw new Error('writeImport needs a valid plan');
  const media = await downloadMedia(deps, { userId: ctx.actorId, organizationId: ctx.orgId }, plan.rows);
  const who = { organizationId: ctx.orgId, actorId: ctx.actorId, apiKeyId: ctx.apiKeyId ?? null };
  const ids = await auditedTransaction(ctx.db, who, async (trx, audit) => {
    const written: number[] = [];
    for (const c of plan.campaigns) {
      const { id: campaignId, locked } = await campaignOfPlan(trx, audit, ctx, c);
      const fresh = c.rows.filter((r) => r.existingAssetId === undefined);
      // A deleted asset keeps its row: its external id goes, so a new asset may take it.
      const reused = fresh.map((r) => r.input?.external_id).filter((id): id is string => !!id);
      if (reused.length > 0)
        await trx
          .updateTable('assets')
          .set({ externalId: null })
          .where('organizationId', '=', ctx.orgId)
          .where('externalId', 'in', reused)
          .where('deletedAt', 'is not', null)
          .execute();
      for (const r of c.rows) {
        const input = r.input as ImportRow;
        const file = media.get(r.row);
        // The entry upload-from-url leaves for a stored download.
        if (file)
          await audit(
            'upload.created',
            `${file.url.slice(UPLOADS_PREFIX.length)} (${file.mimetype}, ${file.size} bytes, from ${file.from})`,
          );
        const fields = assetFields(input, file?.url);
        if (r.existingAssetId !== undefined) {
          try {
            await updateAssetRow(trx, audit, ctx.orgId, r.existingAssetId, fields);
          } catch (err) {
            // Deleted meanwhile: the row and its column named, as a refused download is.
            throw rowRefusal(err, r, 'external_id');
          }
          continue;
        }
        await audit('asset.created', fields.title);
        await insertAssets(trx, {
          campaignId,
          organizationId: ctx.orgId,
          assets: [{ ...fields, externalId: input.external_id ?? null }],
        });
      }
      if (locked) await updateExistingCampaign(trx, audit, ctx, c, locked);
      else {
        // Created live: published at once, with its assets in place.
        const created = toCampaign(
          await trx
            .selectFrom('campaigns')
            .selectAll()
            .where('id', '=', campaignId)
            .executeTakeFirstOrThrow(),
        );
        await emitCampaignStatus(trx, created, ctx.publicOrigin);
      }
      written.push(campaignId);
    }
    return written;
  });
  for (const id of ids) ctx.supporterCache.invalidate(id);
  return ids;
}
