import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { supporterCookie, supporterIdOf } from '../../test/visitor.ts';

// The visitor cookie's tag proves the server made the id. An id the client chose
// (bare, or with a forged tag) must never come back signed: it gets a fresh id.

const t = appPerFile();

describe('visitor tags', () => {
  it('are issued only for ids the server made', async () => {
    const org = await seedOrganization(t.database.db);
    const { campaignId } = await seedCampaign(t.database.db, {
      organizationId: org,
      assets: [{ title: 'Words', type: 'text', content: 'Hello' }],
    });
    const chosen = 'ChosenByTheClient0000000';
    for (const url of [`/api/supporter/campaigns/${campaignId}`, `/supporter/${campaignId}`]) {
      for (const cookie of [`rally_sid=${chosen}`, `rally_sid=${chosen}.forgedtagforgedtagfor`]) {
        const res = await t.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, url).toBe(200);
        const issued = supporterCookie(res.headers);
        expect(issued, `${url} ${cookie}`).toBeDefined();
        expect(supporterIdOf(issued), `${url} ${cookie}`).not.toBe(chosen);
        expect(issued).not.toContain(chosen);
      }
    }
    // A server-made id keeps its cookie (nothing re-issued).
    const first = await t.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
    const own = supporterCookie(first.headers) as string;
    const again = await t.app.inject({
      url: `/api/supporter/campaigns/${campaignId}`,
      headers: { cookie: `rally_sid=${own}` },
    });
    expect(supporterCookie(again.headers)).toBeUndefined();
  });
});
