// The campaign every HTTP benchmark reads and writes: one organisation, three assets
// (image, text, video), so each bench measures the same supporter page.
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
