import { TEST_CAMPAIGN_DAYS } from '#shared/constants.ts';
import type { TestContent } from '#shared/schemas/debug.ts';
import { isoAfter } from '../../lib/time.ts';
import { insertAssets } from '../assets/assets.service.ts';
import { insertCampaign } from '../campaigns/campaigns.service.ts';
import { type CallerWrite, writeCampaign } from '../campaigns/campaign-write.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's 'Debug' button: a campaign running 30 days from now with one text asset. */
export async function createTestContent(opts: CallerWrite): Promise<TestContent> {
  const { orgId } = opts;
  const now = Date.now();
  const stamp = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  return writeCampaign(
    opts,
    (created) => created.campaign.id,
    async (trx, audit) => {
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
      await audit('campaign.created', `${campaign.name} (test content)`);
      return { campaign, asset };
    },
  );
}
