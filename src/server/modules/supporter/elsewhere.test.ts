import { expect, it } from 'vitest';
import { appPerFile } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';

// GET /api/supporter/campaigns/:id/elsewhere: the not-found page's way forward.

const t = appPerFile();

it("offers an archived campaign's organisation and its campaigns open now, and nothing else", async () => {
  const db = t.database.db;
  const org = await seedOrganization(db, 'River Friends');
  const other = await seedOrganization(db, 'Someone Else');
  const make = async (name: string, set: Record<string, string | null> = {}, orgId = org) => {
    const { campaignId } = await seedCampaign(db, { organizationId: orgId, name });
    if (Object.keys(set).length)
      await db.updateTable('campaigns').set(set).where('id', '=', campaignId).execute();
    return campaignId;
  };
  const archived = await make('Old drive', { status: 'archived' });
  const open = await make('Summer swim');
  await make('Past', { endDate: '2020-01-01' });
  await make('Paused', { status: 'paused' });
  await make('Not yet', { startDate: '2999-01-01' });
  const draft = await make('Secret plan', { status: 'draft' });
  await make('Elsewhere', {}, other);

  const get = (id: number | string) => t.app.inject({ url: `/api/supporter/campaigns/${id}/elsewhere` });
  const res = await get(archived);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    organization: { name: 'River Friends', logoUrl: '' },
    campaigns: [{ id: open, name: 'Summer swim', description: 'Keep our rivers clean' }],
  });
  // A draft was never public, an unknown or malformed id names nobody.
  for (const id of [draft, 999999, 'abc']) {
    expect((await get(id)).json()).toEqual({ organization: null, campaigns: [] });
  }
});
