import { shareRow } from './db-rows.ts';
import { seedCampaign } from './seed-db.ts';
import { bearer, type TestApp } from './test-app.ts';

let seq = 0;

/**
 * A supporter of the admin's organisation (one share with a link, straight into the
 * database) and the opaque key an admin's data-request search names them by.
 */
export async function seedSupporterKey(t: TestApp, admin: { token: string; orgId: number }): Promise<string> {
  const { campaignId, assetIds } = await seedCampaign(t.database.db, {
    organizationId: admin.orgId,
    assets: [{ title: 'A', type: 'text', content: 'Share this' }],
  });
  const ref = `keyref${Date.now().toString(36)}${seq++}`;
  await t.database.db
    .insertInto('shares')
    .values(
      shareRow({
        assetId: assetIds[0]!,
        campaignId,
        organizationId: admin.orgId,
        supporterId: `visitor${ref}`,
        ref,
      }),
    )
    .execute();
  const res = await t.app.inject({
    url: `/api/organization/privacy/supporters?ref=${ref}`,
    headers: bearer(admin.token),
  });
  if (res.statusCode !== 200 || res.json().length !== 1) throw new Error(`search failed: ${res.body}`);
  return res.json()[0].key as string;
}
