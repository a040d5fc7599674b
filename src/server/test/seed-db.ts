import type { AssetType } from '#shared/constants.ts';
import type { Db } from '../db/client.ts';
import { nowIso } from '../lib/time.ts';
import { insertOrganizationRow, insertUserRow } from './db-rows.ts';

// Organisations and campaigns written straight into the database, so a test does not
// depend on the staff routes (seed-api.ts makes them through the API instead).

export async function seedOrganization(db: Db, name = 'Seed Org'): Promise<number> {
  const username = `seed-${Math.random().toString(36).slice(2, 10)}`;
  const creatorId = await insertUserRow(db, username);
  return insertOrganizationRow(db, { name, username, description: 'Private notes', creatorId });
}

export async function seedCampaign(
  db: Db,
  opts: {
    organizationId: number;
    name?: string;
    description?: string | null;
    assets?: {
      title: string;
      type: AssetType;
      content: string;
      position?: number;
      description?: string | null;
      shareText?: string | null;
    }[];
  },
): Promise<{ campaignId: number; assetIds: number[] }> {
  const campaign = await db
    .insertInto('campaigns')
    .values({
      name: opts.name ?? 'Clean Rivers',
      description: opts.description === undefined ? 'Keep our rivers clean' : opts.description,
      status: 'active',
      organizationId: opts.organizationId,
      startDate: null,
      endDate: null,
      createdAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assetIds: number[] = [];
  for (const [i, a] of (opts.assets ?? []).entries()) {
    const row = await db
      .insertInto('assets')
      .values({
        title: a.title,
        description: a.description ?? null,
        // Only when given: migration tests seed schemas from before the column.
        ...(a.shareText ? { shareText: a.shareText } : {}),
        type: a.type,
        content: a.content,
        campaignId: campaign.id,
        organizationId: opts.organizationId,
        position: a.position ?? i,
        createdAt: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    assetIds.push(row.id);
  }
  return { campaignId: campaign.id, assetIds };
}

/** A new organisation with one active campaign of one text asset. */
export async function seedOrgWithCampaign(
  db: Db,
): Promise<{ organizationId: number; campaignId: number; assetIds: number[] }> {
  const organizationId = await seedOrganization(db);
  const campaign = await seedCampaign(db, {
    organizationId,
    assets: [{ title: 'A', type: 'text', content: 'a' }],
  });
  return { organizationId, ...campaign };
}
