import { describe, expect, it } from 'vitest';
import { appPerFile, bearer, signUp } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { visitorCookie } from '../../test/visitor.ts';

// Two instances on one PostgreSQL schema, each with its own boards: a name hidden
// through A leaves B's board (read and kept there first) within 1 s, well inside the
// board's 10 s, so only the invalidation A sends can have told B.

const onPostgres = process.env.DB_TARGET === 'postgres';

describe.skipIf(!onPostgres)('a hidden name across instances (PostgreSQL)', () => {
  const a = appPerFile();
  const b = appPerFile({}, { sameDatabaseAs: a });

  it("leaves the other instance's board at once", async () => {
    const staff = await signUp(a.app);
    const { id: campaignId } = await createCampaign(a.app, staff.token);
    const asset = await createAsset(a.app, staff.token, campaignId);
    const cookie = await visitorCookie(a.app, campaignId);
    const put = await a.app.inject({
      method: 'PUT',
      url: `/api/supporter/campaigns/${campaignId}/profile`,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      payload: { displayName: 'Seen On B', onBoard: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const share = await a.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: { cookie },
      payload: { campaignId, assetId: asset.id, organizationId: staff.orgId, platform: 'twitter' },
    });
    expect(share.statusCode).toBe(201);
    const boardOnB = async () =>
      (await b.app.inject({ url: `/api/supporter/campaigns/${campaignId}/board` })).body;
    expect(await boardOnB()).toContain('Seen On B'); // now kept on B

    const { id } = await a.database.db
      .selectFrom('supporterProfiles')
      .select('id')
      .where('organizationId', '=', staff.orgId)
      .executeTakeFirstOrThrow();
    const hide = await a.app.inject({
      method: 'POST',
      url: `/api/organization/supporter-profiles/${id}/hide`,
      headers: bearer(staff.token),
    });
    expect(hide.statusCode).toBe(204);
    const started = Date.now();
    while ((await boardOnB()).includes('Seen On B')) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
