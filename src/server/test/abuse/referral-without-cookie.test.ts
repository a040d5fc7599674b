import { describe, expect, it } from 'vitest';
import { seedCampaign } from '../seed-db.ts';
import { appPerFile, signUp } from '../test-app.ts';

// Issue 23 item 9 (referral depth faked by one visitor): a rule keyed on the
// visitor cookie alone fails: a script does not send the cookie back, every share is then a
// "new supporter", and the chain grows one generation per request from one address.

const t = appPerFile();

describe('a referral chain posted by one client that drops its cookie', () => {
  it('does not make twelve generations from one address in a few seconds', async () => {
    const o = await signUp(t.app);
    const c = await seedCampaign(t.database.db, {
      organizationId: o.orgId,
      assets: [{ title: 'Chain', type: 'text', content: 'c' }],
    });
    const ref = (i: number) => `noCookie${String(i).padStart(4, '0')}`;
    for (let i = 0; i <= 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        remoteAddress: '203.0.113.99',
        payload: {
          campaignId: c.campaignId,
          assetId: c.assetIds[0],
          organizationId: o.orgId,
          platform: 'twitter',
          ref: ref(i),
          ...(i > 0 && { parentRef: ref(i - 1) }),
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const last = await t.database.db
      .selectFrom('shares')
      .select('depth')
      .where('ref', '=', ref(12))
      .executeTakeFirstOrThrow();
    expect(last.depth).toBeLessThanOrEqual(1);
  });
});
