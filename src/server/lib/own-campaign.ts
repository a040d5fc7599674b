import type { Campaign } from '#shared/schemas/campaigns.ts';
import { storedGoal } from '#shared/schemas/goals.ts';
import { storedLanguages, storedLocale } from '#shared/schemas/languages.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/client.ts';
import type { CampaignsTable } from '../db/schema.ts';
import { notFound } from './errors.ts';

type Executor = Pick<Db, 'selectFrom'>;

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * A campaign row as the API has it: its languages read from their JSON column, the
 * default always among them (a row written before a language was dropped stays readable),
 * its goal's three columns as one `goal`.
 */
export function toCampaign(row: Selectable<CampaignsTable>): Campaign {
  const defaultLanguage = storedLocale(row.defaultLanguage);
  const languages = storedLanguages(row.languages);
  // endedEventAt is the campaign-end job's bookkeeping, goalVersion the goal mails': not part of the campaign.
  const {
    goalMetric: _m,
    goalTarget: _t,
    goalDeadline: _d,
    goalVersion: _v,
    endedEventAt: _e,
    ...fields
  } = row;
  return {
    ...fields,
    goal: storedGoal(row),
    defaultLanguage,
    languages: languages.includes(defaultLanguage) ? languages : [defaultLanguage, ...languages],
  };
}

/**
 * The campaign when it belongs to the organisation; 404 otherwise, so that another
 * organisation's ids are indistinguishable from ids that do not exist (API.md).
 */
export async function getOwnCampaign(opts: {
  db: Executor;
  orgId: number;
  campaignId: number;
}): Promise<Campaign> {
  const campaign = await opts.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', opts.campaignId)
    .where('organizationId', '=', opts.orgId)
    .executeTakeFirst();
  if (!campaign) throw notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return toCampaign(campaign);
}
