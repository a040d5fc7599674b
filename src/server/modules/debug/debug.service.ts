import { TEST_CAMPAIGN_DAYS } from '#shared/constants.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { createCampaign } from '../campaigns/campaigns.service.ts';
import { invalidateCampaign } from '../supporter/supporter-cache.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's 'Debug' button: a campaign running 30 days from now with one text asset. */
export async function createTestContent(opts: {
  db: Db;
  orgId: number;
}): Promise<{ campaign: Campaign; asset: Asset }> {
  const { db, orgId } = opts;
  const now = Date.now();
  const stamp = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  const result = await db.transaction().execute(async (trx) => {
    const campaign = await createCampaign({
      db: trx,
      orgId,
      input: {
        name: `Test Campaign ${stamp}`,
        description: 'Test content created from the dashboard',
        status: 'active',
        startDate: new Date(now).toISOString(),
        endDate: isoAfter(TEST_CAMPAIGN_DAYS * DAY_MS, now),
      },
    });
    const asset = await trx
      .insertInto('assets')
      .values({
        title: 'Test Asset',
        description: 'A text asset to try sharing with',
        type: 'text',
        content: `Join us in supporting ${campaign.name}! Every share helps spread the word.`,
        campaignId: campaign.id,
        organizationId: orgId,
        position: 0,
        createdAt: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { campaign, asset };
  });
  invalidateCampaign(result.campaign.id);
  return result;
}
