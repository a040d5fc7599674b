import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { markConfirmed, postForm, reminderAppsPerFile, reminderRunner } from '../../test/reminder-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { supporterCookie } from '../../test/visitor.ts';
import { REMINDER_REFUSED } from './reminders.service.ts';

// A mail scanner follows every link of a mail: opening an unsubscribe link (GET) only
// shows a page with a button; the unsubscribe is a POST, the page's button or the
// mail client's RFC 8058 one-click POST (List-Unsubscribe-Post).

const ORIGIN = 'https://rally.example';
const { smtp, push, t, strict } = reminderAppsPerFile(ORIGIN);

async function setup(app: TestApp) {
  const org = await seedOrganization(app.database.db, 'Leaving Org');
  const { campaignId, assetIds } = await seedCampaign(app.database.db, {
    organizationId: org,
    assets: [{ title: 'Clean water', type: 'text', content: 'Rivers need us' }],
  });
  const page = await app.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
  const cookie = `rally_sid=${supporterCookie(page.headers)}`;
  const schedule = (reminder: Record<string, unknown>, hours = 2) =>
    app.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie },
      payload: {
        assetId: assetIds[0],
        campaignId,
        organizationId: org,
        platform: 'all',
        scheduledFor: new Date(Date.now() + hours * 3_600_000).toISOString(),
        reminder,
      },
    });
  return { org, schedule, confirm: (email: string) => markConfirmed(app, org, email) };
}

/** Sends the reminders due by `at` and returns the mail to `email`. */
async function remindedMail(email: string, at: number): Promise<ParsedMail> {
  await reminderRunner(t, () => at).runOnce();
  return smtp.waitFor(email);
}

/** A confirmed address with two reminders, in 1 and 5 hours: the first one's mail, and the later share. */
async function oneOfTwoReminded(s: Awaited<ReturnType<typeof setup>>, email: string) {
  await s.confirm(email);
  const first = await s.schedule({ email, consent: true }, 1);
  const later = await s.schedule({ email, consent: true }, 5);
  expect(later.statusCode, later.body).toBe(201);
  return {
    mail: await remindedMail(email, Date.parse(first.json().scheduledFor) + 1000),
    later: later.json(),
  };
}

const pending = async (organizationId: number) =>
  t.database.db
    .selectFrom('reminders')
    .select(['id', 'email'])
    .where('organizationId', '=', organizationId)
    .where('email', 'is not', null)
    .execute();

describe('unsubscribe', () => {
  it('a GET shows a button and changes nothing; the POST unsubscribes, once; the mail offers one-click', async () => {
    const s = await setup(t);
    const email = 'scanned@example.org';
    await s.confirm(email);
    const first = await s.schedule({ email, consent: true }, 1);
    expect(first.statusCode, first.body).toBe(201);
    expect((await s.schedule({ email, consent: true }, 5)).statusCode).toBe(201);
    const mail = await remindedMail(email, Date.parse(first.json().scheduledFor) + 1000);

    const url = /https:\/\/\S+\/unsubscribe\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
    expect(url).toMatch(new RegExp(`^${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}$`));
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(header('list-unsubscribe')).toContain(`<${url}>`);
    expect(header('list-unsubscribe-post')).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click$/i);
    const path = new URL(url).pathname;

    // A scanner opens the link (twice): a page with a button, nothing done.
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toMatch(new RegExp(`<form method="post" action="${path}">`));
      expect(page.body).toMatch(/<button[^>]*>Unsubscribe<\/button>/);
      expect(page.body).not.toContain('You are unsubscribed');
    }
    expect(await pending(s.org)).toHaveLength(1);

    // The mail client's one-click POST (RFC 8058).
    const oneClick = await postForm(t, path, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await pending(s.org)).toEqual([]);
    expect((await s.schedule({ email, consent: true }, 7)).json().message).toBe(
      REMINDER_REFUSED.unsubscribed,
    );

    // The page's button afterwards (an empty form): already used.
    const button = await postForm(t, path, '');
    expect(button.statusCode).toBe(410);
    expect(button.body).toContain('already been used');
    const opened = await t.app.inject({ url: path });
    expect(opened.statusCode).toBe(410);

    for (const forged of ['nosuchtoken', 'a'.repeat(43)]) {
      expect((await t.app.inject({ url: `/unsubscribe/${forged}` })).statusCode).toBe(404);
      const post = await postForm(t, `/unsubscribe/${forged}`, 'List-Unsubscribe=One-Click');
      expect(post.statusCode).toBe(404);
    }
  });

  it("the page's button posts an empty form: that unsubscribes too", async () => {
    const s = await setup(t);
    const { mail } = await oneOfTwoReminded(s, 'button@example.org');
    const path = new URL(/https:\/\/\S+\/unsubscribe\/\S+/.exec(mail.text ?? '')?.[0] ?? '').pathname;
    const res = await postForm(t, path, '', { origin: ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(await pending(s.org)).toEqual([]);
  });
});

describe("the reminder mail's data link", () => {
  it("shows the address's data, downloads it, erases it once; a GET changes nothing", async () => {
    const s = await setup(t);
    const { mail, later } = await oneOfTwoReminded(s, 'mine@example.org');
    const email = 'mine@example.org';
    const url = /https:\/\/\S+\/my-data\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
    expect(url).toMatch(new RegExp(`^${ORIGIN}/my-data/[A-Za-z0-9_-]{43}$`));
    const path = new URL(url).pathname;

    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain(`to ${email}`);
      expect(page.body).toContain('Leaving Org');
      expect(page.body).toContain(`<form method="post" action="${path}">`);
    }
    expect(await pending(s.org)).toHaveLength(1);
    const file = await t.app.inject({ url: `${path}/data.json` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const data = file.json();
    expect(data.reminders).toEqual([expect.objectContaining({ address: email, shareId: later.id })]);
    expect(data.reminderAddresses).toHaveLength(1);
    expect(data.mail.length).toBeGreaterThan(0);
    // The scheduler's words are not the address's: a data link never shows a share's text.
    expect(data.shares).toEqual([]);

    const erased = await postForm(t, path, '');
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain('Your data is erased');
    expect(await pending(s.org)).toEqual([]);
    const confirmed = t.database.db.selectFrom('reminderAddresses').select('id');
    expect(await confirmed.where('organizationId', '=', s.org).executeTakeFirst()).toBeUndefined();
    // Single use: the link went with the data.
    expect((await postForm(t, path, '')).statusCode).toBe(404);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${path}/data.json` })).statusCode).toBe(404);
    for (const forged of ['nosuchtoken', 'a'.repeat(43)])
      expect((await t.app.inject({ url: `/my-data/${forged}` })).statusCode).toBe(404);
  });
});

describe('push endpoints', () => {
  const subscription = (endpoint: string) => ({ ...push.subscription, endpoint });

  it('must be https on port 443', async () => {
    const s = await setup(strict);
    for (const endpoint of ['https://1.1.1.1:22/x', 'https://1.1.1.1:8443/x', 'https://1.1.1.1:80/x']) {
      const res = await s.schedule({ push: subscription(endpoint) });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(REMINDER_REFUSED.pushEndpoint);
    }
    for (const endpoint of ['https://1.1.1.1/x', 'https://1.1.1.1:443/x']) {
      const res = await s.schedule({ push: subscription(endpoint) });
      expect(res.statusCode, `${endpoint} ${res.body}`).toBe(201);
    }
  });

  it('with PUSH_SERVICE_HOSTS: those hosts (and their subdomains) only', async () => {
    const listed = await createTestApp({
      PUBLIC_URL: ORIGIN,
      ROLLUP_INTERVAL_MS: '0',
      PUSH_SERVICE_HOSTS: '1.1.1.1',
    });
    try {
      const s = await setup(listed);
      expect((await s.schedule({ push: subscription('https://1.1.1.1/x') })).statusCode).toBe(201);
      const other = await s.schedule({ push: subscription('https://8.8.8.8/x') });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe(REMINDER_REFUSED.pushEndpoint);
    } finally {
      await listed.close();
    }
  });
});
