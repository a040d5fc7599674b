import { TEST_CAMPAIGN_DAYS } from '#shared/constants.ts';
import type { TestContent } from '#shared/schemas/debug.ts';
import type { Db } from '../../db/client.ts';
import { isoAfter } from '../../lib/time.ts';
import { insertAssets } from '../assets/index.ts';
import { insertCampaign } from '../campaigns/index.ts';
import type { SupporterCacheInvalidator } from '../../lib/supporter-cache-invalidator.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's 'Debug' button: a campaign running 30 days from now with one text asset. */
export async function createTestContent(opts: {
  db: Db;
  supporterCache: SupporterCacheInvalidator;
  orgId: number;
}): Promise<TestContent> {
  const { db, orgId } = opts;
  const now = Date.now();
  const stamp = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  const result = await db.transaction().execute(async (trx) => {
    const campaign = await insertCampaign({
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
    const [asset] = await insertAssets(trx, {
      campaignId: campaign.id,
      organizationId: orgId,
      assets: [
        {
          title: 'Test Asset',
          description: 'A text asset to try sharing with',
          type: 'text',
          content: `Join us in supporting ${campaign.name}! Every share helps spread the word.`,
        },
      ],
    });
    return { campaign, asset };
  });
  opts.supporterCache.invalidate(result.campaign.id);
  return result;
}
