import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { migrateToLatest, openDatabase } from '../../db/client.ts';
import { seedCampaign, seedOrganization } from '../seed-db.ts';
import { startSmtp, type TestSmtp } from '../smtp.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../test-app.ts';

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
    t = await createTestApp({ ALLOWED_HOSTS: 'rally.example.org:8080,localhost', ...env });
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

describe('allowed hosts are a host and a port', () => {
  let t: TestApp;
  let campaignId: number;
  beforeAll(async () => {
    t = await createTestApp({ PORT: '3100', ALLOWED_HOSTS: 'localhost,rally.example.org:8443' });
    const orgId = await seedOrganization(t.database.db);
    ({ campaignId } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Photo', type: 'text', content: 'Hello' }],
    }));
  });
  afterAll(() => t.close());

  const ogUrl = async (host: string) => {
    const html = (await t.app.inject({ url: `/supporter/${campaignId}`, headers: { host } })).body;
    return /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];
  };

  it('a listed name without a port: its default port or the server’s own PORT, never any other', async () => {
    expect(await ogUrl('localhost')).toBe(`http://localhost/supporter/${campaignId}`);
    expect(await ogUrl('localhost:80')).toBe(`http://localhost:80/supporter/${campaignId}`);
    expect(await ogUrl('localhost:3100')).toBe(`http://localhost:3100/supporter/${campaignId}`);
    for (const host of ['localhost:6666', 'localhost:1', 'localhost:443'])
      expect(await ogUrl(host), host).toBe(`/supporter/${campaignId}`);
  });

  it('a listed name with a port: that port only', async () => {
    expect(await ogUrl('rally.example.org:8443')).toBe(
      `http://rally.example.org:8443/supporter/${campaignId}`,
    );
    expect(await ogUrl('rally.example.org:8444')).toBe(`/supporter/${campaignId}`);
    expect(await ogUrl('rally.example.org')).toBe(`/supporter/${campaignId}`);
  });
});

describe('links in mail without PUBLIC_URL', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'rally@example.org' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('never follow a Host with a port the server does not listen on: no reset mail to such a link', async () => {
    const user = await signUp(t.app, { org: false });
    const email = `${user.username}@example.org`;
    const ask = (host: string) =>
      t.app.inject({ method: 'POST', url: '/api/password-reset', headers: { host }, payload: { email } });
    expect((await ask('localhost:6666')).statusCode).toBe(202);
    expect((await ask('localhost')).statusCode).toBe(202);
    const mail = await smtp.waitFor(email);
    expect(mail.text).toMatch(/http:\/\/localhost\/reset-password\/[A-Za-z0-9_-]{43}/);
    await new Promise((r) => setTimeout(r, 300));
    const texts = smtp.messages.map((m) => m.text ?? '').join('\n');
    expect(texts).not.toContain('6666');
    expect(smtp.messages.filter((m) => m.text?.includes(`"${user.username}"`))).toHaveLength(1);
  });

  it('an invitation from a forged host is not mailed; its link stays relative', async () => {
    const admin = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: { ...bearer(admin.token), host: 'localhost:6666' },
      payload: { email: 'invitee-forged@example.org', role: 'editor' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/invite\//);
    expect(res.json().emailed).toBe(false);
  });
});

describe('start-up', () => {
  it('warns when mail is on and PUBLIC_URL is not set; not when it is', async () => {
    const lines = async (env: Record<string, string>) => {
      const out: string[] = [];
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env });
      const database = openDatabase({ sqlitePath: ':memory:' });
      await migrateToLatest(database);
      const app = await buildApp({ config, database, logStream: { write: (l) => out.push(l) } });
      await app.ready();
      await app.close();
      await database.close();
      return out.join('');
    };
    const mail = { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'rally@example.org' };
    expect(await lines(mail)).toMatch(/PUBLIC_URL/);
    expect(await lines({ ...mail, PUBLIC_URL: 'https://rally.example' })).not.toMatch(/PUBLIC_URL/);
    expect(await lines({})).not.toMatch(/PUBLIC_URL/);
  });
});
