import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';

// Behind a TLS-terminating proxy with PUBLIC_URL set: absolute links use it, and the
// supporter cookie is Secure when the original request was https.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://rally.example.org/', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

it('builds og:url and og:image from PUBLIC_URL whatever the Host header says', async () => {
  const orgId = await seedOrganization(t.database.db);
  const { campaignId } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    assets: [{ title: 'Photo', type: 'image', content: '/uploads/p.webp' }],
  });
  const res = await t.app.inject({ url: `/supporter/${campaignId}`, headers: { host: 'evil.example.com' } });
  expect(res.body).toContain(
    `<meta property="og:url" content="https://rally.example.org/supporter/${campaignId}" />`,
  );
  expect(res.body).toContain(
    '<meta property="og:image" content="https://rally.example.org/uploads/p.webp" />',
  );
  expect(res.body).not.toContain('evil.example.com');
});

it('marks the supporter cookie Secure on https', async () => {
  const https = await t.app.inject({ url: '/supporter/999999', headers: { 'x-forwarded-proto': 'https' } });
  expect(String(https.headers['set-cookie'])).toMatch(/; Secure/);
  const http = await t.app.inject({ url: '/supporter/999999' });
  expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/);
});
