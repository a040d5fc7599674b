import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { REGISTRATIONS_PER_HOUR } from '../../modules/auth/index.ts';
import { CLICKS_PER_SHARE_PER_NETWORK } from '#shared/constants.ts';
import { seedCampaign, seedOrganization } from '../seed-db.ts';
import { clickThrough } from '../visitor.ts';
import { clicksOfRef } from '../db-rows.ts';
import { appPerFile, type TestApp, uniqueName } from '../test-app.ts';

// A client behind trusted proxies cannot pick its own address: not to rotate past
// the sign-up limit, and not to claim to be this machine (which the limits exempt).

describe('TRUST_PROXY parsing', () => {
  it('takes a hop count or a list of proxy addresses/CIDRs, never "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.4,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.4',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/trusts every hop/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everything' })).toThrow(/TRUST_PROXY/);
  });
});

const register = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { username: uniqueName('px'), email: 'p@example.org', password: 'secret123' },
  });

describe('one trusted hop (TRUST_PROXY=1)', { timeout: 60_000 }, () => {
  const t = appPerFile({ TRUST_PROXY: '1' });

  it('keys the sign-up limit by the address the proxy saw, not by what the client wrote', async () => {
    // The proxy (10.0.0.2) appends the real client (198.51.100.7) to whatever the client sent.
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      const res = await register(t, '10.0.0.2', `203.0.113.${i + 1}, 198.51.100.7`);
      expect(res.statusCode).toBe(201);
    }
    const limited = await register(t, '10.0.0.2', '203.0.113.250, 198.51.100.7');
    expect(limited.statusCode).toBe(429);
    // Another real client behind the same proxy has its own budget.
    expect((await register(t, '10.0.0.2', '198.51.100.8')).statusCode).toBe(201);
  });

  it('a forwarded 127.0.0.1 is not "this machine": the limit still applies', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      expect((await register(t, '10.0.0.2', '127.0.0.1')).statusCode).toBe(201);
    }
    expect((await register(t, '10.0.0.2', '127.0.0.1')).statusCode).toBe(429);
    expect((await register(t, '10.0.0.2', '127.0.0.1, 192.0.2.99')).statusCode).toBe(201);
  });

  it('caps click-throughs per share by the network the proxy saw, not by what the client wrote', async () => {
    const orgId = await seedOrganization(t.database.db);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Post', type: 'text', content: 'Share this' }],
    });
    const ref = 'proxiedClick0001';
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '192.0.2.1' },
      payload: { campaignId, assetId: assetIds[0], organizationId: orgId, platform: 'twitter', ref },
    });
    expect(logged.statusCode).toBe(201);
    // The page visit and its confirmation, from a fresh visitor behind the proxy.
    const visit = async (forwardedFor: string) => {
      const res = await clickThrough(t.app, { campaignId, ref }, '10.0.0.2', {
        'x-forwarded-for': forwardedFor,
      });
      expect(res.statusCode).toBe(204);
    };
    const count = async () => (await clicksOfRef(t.database.db, ref)).length;
    for (let i = 0; i < CLICKS_PER_SHARE_PER_NETWORK + 3; i++)
      await visit(`203.0.113.${i + 1}, 198.51.100.7`);
    expect(await count()).toBe(CLICKS_PER_SHARE_PER_NETWORK);
    await visit('198.51.100.8');
    expect(await count()).toBe(CLICKS_PER_SHARE_PER_NETWORK + 1);
  });
});

describe('a same-host proxy listed by address (TRUST_PROXY=loopback)', { timeout: 60_000 }, () => {
  const t = appPerFile({ TRUST_PROXY: 'loopback' });

  it('a request forwarded by the local proxy is limited even when it claims 127.0.0.1', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      expect((await register(t, '127.0.0.1', '127.0.0.1, 192.0.2.99')).statusCode).toBe(201);
    }
    expect((await register(t, '127.0.0.1', '127.0.0.1, 192.0.2.99')).statusCode).toBe(429);
  });

  it('a remote socket is never trusted: its X-Forwarded-For is ignored', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      expect((await register(t, '203.0.113.77', `198.51.100.${i + 1}`)).statusCode).toBe(201);
    }
    expect((await register(t, '203.0.113.77', '198.51.100.200')).statusCode).toBe(429);
  });

  it('local tooling talking to the app directly (no forwarding header) stays exempt', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_HOUR + 2; i++) {
      expect((await register(t, '127.0.0.1')).statusCode).toBe(201);
    }
  });
});
