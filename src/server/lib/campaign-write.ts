import type { Campaign } from '#shared/schemas/campaigns.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../db/client.ts';
import { callerOrg } from './org-scope.ts';
import type { Database } from '../db/schema.ts';
import { type Audit, auditedTransaction } from './audit.ts';
import type { SupporterCacheInvalidator } from './supporter-cache-invalidator.ts';
import { badRequest, notFound } from './errors.ts';
import { CAMPAIGN_NOT_FOUND, toCampaign } from './own-campaign.ts';

// Every write to a campaign or its assets has the same frame: one transaction with
// its audit entries, and once committed, the supporter cache told which campaign
// changed (before the commit, a supporter could re-cache the old page). It sits below
// the modules because campaigns, assets, templates and the debug content all write
// through it.

export const ARCHIVED_IS_FINAL = 'An archived campaign cannot be changed: duplicate it instead';

/** Archived campaigns are read-only: their assets cannot be added, edited or deleted either. */
export function assertCampaignEditable(campaign: { status: string }): void {
  if (campaign.status === 'archived') throw badRequest('CAMPAIGN_NOT_EDITABLE', ARCHIVED_IS_FINAL);
}

/**
 * Locks the organisation's campaign row for the rest of the transaction (a no-op
 * update takes the row lock on PostgreSQL; SQLite runs one write transaction at a
 * time) and reads it; 404 when it is missing or another organisation's.
 */
export async function lockOwnCampaign(
  trx: Transaction<Database>,
  orgId: number,
  campaignId: number,
): Promise<Campaign> {
  const touched = await trx
    .updateTable('campaigns')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', campaignId)
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) throw notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return toCampaign(
    await trx.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow(),
  );
}

export interface CampaignWriteContext {
  db: Db;
  supporterCache: SupporterCacheInvalidator;
  orgId: number;
  /** Who writes, for the audit log; absent for writes that record no entry. */
  actorId?: number;
  /** The API key the write came with, if any (the audit entry is then marked as the key's). */
  apiKeyId?: number | null;
  /** PUBLIC_URL, when the instance has one: campaign events link to the supporter page on it. */
  publicOrigin?: string;
}

/** A write by a known actor (what a signed-in caller's requests make). */
export type CallerWrite = Required<Omit<CampaignWriteContext, 'apiKeyId' | 'publicOrigin'>> &
  Pick<CampaignWriteContext, 'apiKeyId' | 'publicOrigin'>;

/** The write context of a signed-in caller: their organisation (403 without one) and their id for the audit log. */
export function callerWrite(
  deps: Pick<CampaignWriteContext, 'db' | 'supporterCache'> & { config?: { publicUrl?: string } },
  user: { id: number; organizationId: number | null; apiKeyId?: number | null },
): CallerWrite {
  const { db, supporterCache } = deps;
  return { db, supporterCache, publicOrigin: deps.config?.publicUrl, ...callerOrg(user) };
}

/** `write` in an audited transaction; afterwards the campaign `changed(result)` names is invalidated. */
export async function writeCampaign<T>(
  ctx: CampaignWriteContext,
  changed: (result: T) => number,
  write: (trx: Transaction<Database>, audit: Audit) => Promise<T>,
): Promise<T> {
  const who = { organizationId: ctx.orgId, actorId: ctx.actorId ?? null, apiKeyId: ctx.apiKeyId ?? null };
  const result = await auditedTransaction(ctx.db, who, write);
  ctx.supporterCache.invalidate(changed(result));
  return result;
}

/**
 * A write to one of the organisation's campaigns: its row is locked first (404 when
 * missing or another organisation's), so concurrent writes apply one after the other.
 */
export function writeLockedCampaign<T>(
  ctx: CampaignWriteContext & { campaignId: number },
  write: (trx: Transaction<Database>, campaign: Campaign, audit: Audit) => Promise<T>,
): Promise<T> {
  return writeCampaign(
    ctx,
    () => ctx.campaignId,
    async (trx, audit) => write(trx, await lockOwnCampaign(trx, ctx.orgId, ctx.campaignId), audit),
  );
}
