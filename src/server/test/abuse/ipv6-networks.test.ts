import { describe, expect, it } from 'vitest';
import { CLICKS_PER_SHARE_PER_NETWORK } from '#shared/constants.ts';
import { networkKey } from '../../lib/network-key.ts';
import { PASSWORD_RESETS_PER_HOUR } from '../../modules/account/index.ts';
import { LOGIN_MAX_FAILURES_PER_USER, REGISTRATIONS_PER_HOUR } from '../../modules/auth/index.ts';
import { PUBLIC_SHARE_WRITES_PER_MINUTE } from '../../modules/shares/index.ts';
import { CLICKS_PER_ADDRESS_PER_MINUTE } from '../../modules/supporter/index.ts';
import { seedCampaign, seedOrganization } from '../seed-db.ts';
import { clickThrough } from '../visitor.ts';
import { appPerFile, signUp, uniqueName } from '../test-app.ts';

// One IPv6 subscriber usually holds a whole /64: every address-keyed limit treats
// the /64 as one network, or a client rotates through 2^64 fresh budgets.

describe('networkKey: IPv6 by its /64, IPv4 (also IPv4-mapped) by the address', () => {
  it.each([
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not-an-ip', 'not-an-ip'],
  ])('keys %s as %s', (address, key) => {
    expect(networkKey(address)).toBe(key);
  });
});

const t = appPerFile();

let n = 0;
/** A fresh address inside 2001:db8:77:1::/64 on every call. */
const rotating = () => `2001:db8:77:1:${(++n).toString(16)}:0:0:1`;

describe('address-keyed limits count a /64 as one network', { timeout: 60_000 }, () => {
  it('sign-ups', async () => {
    const register = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress,
        payload: { username: uniqueName('v6'), email: 'v6@example.org', password: 'secret123' },
      });
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++)
      expect((await register(rotating())).statusCode).toBe(201);
    expect((await register(rotating())).statusCode).toBe(429);
    expect((await register('2001:db8:77:2::1')).statusCode).toBe(201);
  });

  it('login failures', async () => {
    const { username } = await signUp(t.app, { org: false });
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: rotating(),
        payload: { username, password },
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++)
      expect((await login('wrong-pass')).statusCode).toBe(401);
    expect((await login('wrong-pass')).statusCode).toBe(429);
  });

  it('password reset requests', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset',
        remoteAddress: rotating(),
        payload: { email: 'someone@example.org' },
      });
    for (let i = 0; i < PASSWORD_RESETS_PER_HOUR; i++) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });

  it('public share writes and click-throughs', async () => {
    const orgId = await seedOrganization(t.database.db);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Post', type: 'text', content: 'Share this' }],
    });
    const share = (ref?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shares',
        remoteAddress: rotating(),
        payload: {
          campaignId,
          assetId: assetIds[0],
          organizationId: orgId,
          platform: 'twitter',
          ...(ref && { ref }),
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_SHARE_WRITES_PER_MINUTE + 1; i++)
      statuses.push((await share(i === 0 ? 'refV6Test0001' : undefined)).statusCode);
    expect(statuses.slice(0, PUBLIC_SHARE_WRITES_PER_MINUTE).filter((s) => s !== 201)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);

    // Click-throughs (page visit, then POST /api/clicks with the cookie it set), each
    // from a fresh address of the same /64 with a fresh visitor, spread over shares
    // logged elsewhere so that the per-share network cap never binds first.
    const perShare = CLICKS_PER_SHARE_PER_NETWORK - 1;
    const refs: string[] = [];
    for (let i = 0; i * perShare < CLICKS_PER_ADDRESS_PER_MINUTE + 5; i++) {
      const ref = `refV6Click${String(i).padStart(3, '0')}`;
      refs.push(ref);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        remoteAddress: `2001:db8:78:${i + 1}::1`,
        payload: { campaignId, assetId: assetIds[0], organizationId: orgId, platform: 'twitter', ref },
      });
      expect(res.statusCode).toBe(201);
    }
    for (const ref of refs) {
      for (let i = 0; i < perShare; i++)
        expect((await clickThrough(t.app, { campaignId, ref }, rotating())).statusCode).toBe(204);
    }
    const clicks = await t.database.db
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(clicks.n)).toBe(CLICKS_PER_ADDRESS_PER_MINUTE);
  });
});
