import { datesOutOfOrder, storedDate } from '#shared/campaign-lifecycle.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign, CampaignWithAssets, CreateCampaignInput } from '#shared/schemas/campaigns.ts';
import type { Db } from '../../db/client.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { assetsOfCampaign, insertAssets, type NewAsset } from '../assets/index.ts';
import { emitCampaignStatus } from '../webhooks/index.ts';
import {
  assertCampaignEditable,
  type CallerWrite,
  writeCampaign,
  writeLockedCampaign,
} from '../../lib/campaign-write.ts';
import { getOwnCampaign, toCampaign } from '../../lib/own-campaign.ts';
import type { Locale } from '#shared/locales.ts';
import { storedLocale } from '#shared/schemas/languages.ts';
import { missingTranslations, plannedLanguages } from '../../lib/campaign-languages.ts';
import { assertPublishable, END_BEFORE_START } from './campaign-lifecycle.ts';
import { goalColumns } from './campaign-goal.ts';

/**
 * Writes a new campaign row. A supporter may have asked for its id before it existed
 * (misses are cached briefly): writeCampaign invalidates that id once committed.
 */
export async function insertCampaign(opts: {
  db: Pick<Db, 'insertInto' | 'selectFrom'>;
  orgId: number;
  input: CreateCampaignInput;
  /** The id a bulk import gives it (unique in the organisation). */
  externalId?: string;
}): Promise<Campaign> {
  const { db, orgId, input } = opts;
  const startDate = storedDate(input.startDate) ?? null;
  const endDate = storedDate(input.endDate) ?? null;
  if (datesOutOfOrder(startDate, endDate)) throw badRequest('END_BEFORE_START', END_BEFORE_START);
  const { defaultLanguage, languages } = await newCampaignLanguages(db, orgId, input);
  const campaign = await db
    .insertInto('campaigns')
    .values({
      name: input.name,
      description: input.description || null,
      status: input.status ?? 'draft',
      organizationId: orgId,
      startDate,
      endDate,
      createdAt: nowIso(),
      defaultLanguage,
      languages: JSON.stringify(languages),
      externalId: opts.externalId ?? null,
      disclosure: input.disclosure || null,
      ...goalColumns(input.goal ?? null),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(campaign);
}

/**
 * A new campaign's languages: as given; a default not given is the organisation's
 * default when the languages include it (or none are given), else the first listed.
 */
async function newCampaignLanguages(
  db: Pick<Db, 'selectFrom'>,
  orgId: number,
  input: CreateCampaignInput,
): Promise<{ defaultLanguage: Locale; languages: Locale[] }> {
  let defaultLanguage = input.defaultLanguage;
  if (!defaultLanguage) {
    const org = await db
      .selectFrom('organizations')
      .select('defaultLanguage')
      .where('id', '=', orgId)
      .executeTakeFirst();
    const orgDefault = storedLocale(org?.defaultLanguage);
    defaultLanguage =
      !input.languages || input.languages.includes(orgDefault) ? orgDefault : input.languages[0];
  }
  return plannedLanguages({ defaultLanguage, languages: input.languages ?? [defaultLanguage] }, {});
}

/** A new campaign and its audit entry in one transaction; the public cache learns of it after. */
export async function createCampaign(opts: CallerWrite & { input: CreateCampaignInput }): Promise<Campaign> {
  return (await createCampaignWithAssets({ ...opts, assets: [] })).campaign;
}

/**
 * A new campaign with its first assets, in order (a template's starter assets, the
 * debug content), all or nothing with its audit entry; the public cache learns of
 * it after.
 */
export async function createCampaignWithAssets(
  opts: CallerWrite & {
    input: CreateCampaignInput;
    assets: readonly NewAsset[];
    /** The template it is made from: the entry is then `template.used`, naming it. */
    fromTemplate?: string;
  },
): Promise<{ campaign: Campaign; assets: Asset[] }> {
  // Created live, it is published at once: the publishing rule applies (a template's
  // starter assets meet it; an empty campaign starts as a draft).
  if (opts.input.status === 'active') assertPublishable(opts.assets);
  return writeCampaign(
    opts,
    (created) => created.campaign.id,
    async (trx, audit) => {
      const campaign = await insertCampaign({ db: trx, orgId: opts.orgId, input: opts.input });
      const assets =
        opts.assets.length === 0
          ? []
          : await insertAssets(trx, {
              campaignId: campaign.id,
              organizationId: opts.orgId,
              assets: opts.assets,
            });
      if (opts.fromTemplate === undefined) await audit('campaign.created', campaign.name);
      else
        await audit(
          'template.used',
          `${campaign.name} from template ${opts.fromTemplate} (${assets.length} asset${assets.length === 1 ? '' : 's'})`,
        );
      // Created live: published at once.
      await emitCampaignStatus(trx, campaign, opts.publicOrigin);
      return { campaign, assets };
    },
  );
}

export async function getCampaignWithAssets(
  opts: OrgRead & { campaignId: number },
): Promise<CampaignWithAssets> {
  const campaign = await getOwnCampaign(opts);
  const assets = await assetsOfCampaign(opts.db, campaign.id);
  return {
    ...campaign,
    assets: assets.map((a) => ({ ...a, missingTranslations: missingTranslations(a, campaign) })),
  };
}

export async function listCampaignAssets(opts: OrgRead & { campaignId: number }): Promise<Asset[]> {
  await getOwnCampaign(opts);
  return assetsOfCampaign(opts.db, opts.campaignId);
}

export const ORDER_MUST_BE_COMPLETE = 'assetIds must list every asset of the campaign exactly once';

/** Saves the display order: `assetIds` must be exactly the campaign's assets, each once. */
export async function saveAssetOrder(
  opts: CallerWrite & { campaignId: number; assetIds: number[] },
): Promise<Asset[]> {
  const { campaignId, assetIds } = opts;
  return writeLockedCampaign(opts, async (trx, campaign, audit) => {
    assertCampaignEditable(campaign);
    const rows = await trx
      .selectFrom('assets')
      .select('id')
      .where('campaignId', '=', campaignId)
      .where('deletedAt', 'is', null)
      .execute();
    const existing = new Set(rows.map((r) => r.id));
    const stranger = assetIds.find((id) => !existing.has(id));
    if (stranger !== undefined)
      throw badRequest('ASSET_NOT_IN_CAMPAIGN', `Asset ${stranger} is not in this campaign`, {
        params: { assetId: stranger },
      });
    if (assetIds.length !== existing.size || new Set(assetIds).size !== assetIds.length)
      throw badRequest('ASSET_ORDER_INCOMPLETE', ORDER_MUST_BE_COMPLETE);
    for (const [position, id] of assetIds.entries()) {
      await trx
        .updateTable('assets')
        .set({ position })
        .where('id', '=', id)
        .where('campaignId', '=', campaignId)
        .execute();
    }
    await audit('campaign.assets_reordered', campaign.name);
    return assetsOfCampaign(trx, campaignId);
  });
}
