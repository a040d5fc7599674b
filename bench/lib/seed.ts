// The campaign every HTTP benchmark reads and writes: one organisation, three assets
// (image, text, video), so each bench measures the same supporter page.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { seedCampaign, seedOrganization } from '../../src/server/test/seed-db.ts';

export async function seedBenchCampaign(db: Db) {
  const organizationId = await seedOrganization(db, 'Bench Org');
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId,
    name: 'Clean Rivers',
    description: 'Keep our rivers clean and share why it matters.',
    assets: [
      { title: 'River photo', type: 'image', content: '/uploads/river.png' },
      { title: 'Why it matters', type: 'text', content: 'Our rivers need you. Share this today.' },
      { title: 'Clean-up video', type: 'video', content: 'https://cdn.example.org/cleanup.mp4' },
    ],
  });
  return { organizationId, campaignId, assetIds };
}

/** A new share of the bench campaign (n = 1, 2, ...): its assets in turn, a code of its own. */
export const newShareBody = (
  c: { campaignId: number; organizationId: number; assetIds: number[] },
  n: number,
) => ({
  assetId: c.assetIds[n % c.assetIds.length],
  campaignId: c.campaignId,
  organizationId: c.organizationId,
  platform: 'twitter',
  ref: randomBytes(9).toString('base64url'),
});
