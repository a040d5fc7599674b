import { TEST_CAMPAIGN_DAYS } from '#shared/constants.ts';
import { DAY_MS } from '#shared/durations.ts';
import type { TestContent } from '#shared/schemas/debug.ts';
import { isoAfter } from '../../lib/time.ts';
import type { CallerWrite } from '../../lib/campaign-write.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { createCampaignWithAssets } from '../campaigns/index.ts';

/**
 * The dashboard's 'Debug' button: a campaign running 30 days from now with one text
 * asset, written like any new campaign (one audited transaction, then the public
 * cache told).
 */
export async function createTestContent(opts: CallerWrite): Promise<TestContent> {
  const now = Date.now();
  const stamp = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  const name = `Test Campaign ${stamp}`;
  const { campaign, assets } = await createCampaignWithAssets({
    ...opts,
    input: {
      name,
      description: 'Test content created from the dashboard',
      status: 'active',
      startDate: new Date(now).toISOString(),
      endDate: isoAfter(TEST_CAMPAIGN_DAYS * DAY_MS, now),
    },
    assets: [
      {
        title: 'Test Asset',
        description: 'A text asset to try sharing with',
        type: 'text',
        content: `Join us in supporting ${name}! Every share helps spread the word.`,
      },
    ],
  });
  const [asset] = assets;
  if (!asset) throw new Error('The test asset was not written');
  return { campaign, asset };
}

/**
 * Runs every background job now, periodic ones included: their last run times are
 * forgotten, a tick in progress is waited for, then one whole tick runs (its mail
 * leaves in it: the outbox's sender comes last).
 */
export async function runJobsNow(db: Db, jobs: JobRunner): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await db.deleteFrom('jobRuns').execute();
    await jobs.runOnce();
  }
}
