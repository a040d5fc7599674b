import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { seedCampaign, seedOrganization } from '../seed-db.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

// Without PUBLIC_URL, link previews use the request's host only when it is on the
// allow-list; a forged Host (or X-Forwarded-Host) gives relative links, never the
// attacker's domain.

describe('ALLOWED_HOSTS', () => {
  it('defaults to localhost and the bound host; a list replaces it', () => {
    expect(loadConfig({}).allowedHosts).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(loadConfig({ HOST: 'rally.lan' }).allowedHosts).toContain('rally.lan');
    expect(loadConfig({ ALLOWED_HOSTS: 'Rally.Example.org, [2001:db8::1]' }).allowedHosts).toEqual([
      'rally.example.org',
      '2001:db8::1',
    ]);
  });
});

describe.each([
  ['no proxy', {}],
  ['a trusted same-host proxy', { TRUST_PROXY: 'loopback' }],
])('link previews behind %s', (_name, env) => {
  let t: TestApp;
  let campaignId: number;
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_HOSTS: 'rally.example.org,localhost', ...env });
    const orgId = await seedOrganization(t.database.db);
    ({ campaignId } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Photo', type: 'image', content: '/uploads/p.webp' }],
    }));
  });
  afterAll(() => t.close());

  const page = (headers: Record<string, string>) =>
    t.app.inject({ url: `/supporter/${campaignId}`, headers }).then((r) => r.body);

  it('a forged Host gives relative links', async () => {
    const html = await page({ host: 'evil.example' });
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`<meta property="og:url" content="/supporter/${campaignId}" />`);
  });

  it('a forged X-Forwarded-Host gives relative links', async () => {
    const html = await page({ host: 'rally.example.org', 'x-forwarded-host': 'evil.example' });
    expect(html).not.toContain('evil.example');
  });

  it('an allowed host gives absolute links', async () => {
    const html = await page({ host: 'rally.example.org:8080' });
    expect(html).toContain(
      `<meta property="og:url" content="http://rally.example.org:8080/supporter/${campaignId}" />`,
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://rally.example.org:8080/uploads/p.webp" />',
    );
  });
});
