import { describe, expect, it } from 'vitest';
import { visitorCookieSentence } from '#shared/privacy-notice.ts';
import { translate } from '../../lib/messages.ts';
import { POLICY_URL_MESSAGE } from '#shared/schemas/settings.ts';
import { storedShare } from '../../test/db-rows.ts';
import { rollUpBatch } from '../stats/index.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { BROWSER_UA, supporterCookie } from '../../test/visitor.ts';

/** The notice's sentence in English, as the page and the card write it. */
const sentence = (state: 'cookie' | 'choice' | 'gpc') => translate('en', visitorCookieSentence(state));

// The supporter notice (issue 27 item 2, docs/api.md "Privacy"): the organisation's
// privacy-policy link, sharing without the visitor cookie, and Global Privacy Control.

const { t, a, b, get } = twoOrganizationsPerFile();

const GPC = { 'sec-gpc': '1' };
const NO_COOKIE = { cookie: 'rally_nosid=1' };

const setPolicy = (policyUrl: unknown, token = a.token) =>
  sendJson(t.app, 'PUT', '/api/organization/settings', { privacy: { policyUrl } }, token);

/** A published campaign of `org` with one text asset. */
async function campaignOf(org: { token: string }) {
  const campaign = await createCampaign(t.app, org.token);
  const asset = await createAsset(t.app, org.token, campaign.id, { content: 'Rivers matter to us all' });
  return {
    campaign,
    asset,
    ids: { assetId: asset.id, campaignId: campaign.id, organizationId: campaign.organizationId },
  };
}

const page = (id: number, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/supporter/${id}`, headers });

const share = (ids: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/shares', payload: { ...ids, platform: 'twitter' }, headers });

/** Every Set-Cookie of a response, as sent. */
const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
};

/** A visitor cookie the server issued, as a browser sends it back. */
async function issuedCookie(campaignId: number): Promise<string> {
  const cookie = supporterCookie((await page(campaignId)).headers);
  if (!cookie) throw new Error('no visitor cookie issued');
  return `rally_sid=${cookie}`;
}

/** Rolls every event up (the job's work, done now). */
const rollUp = async () => {
  while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 })));
};

const campaignStats = async (campaignId: number) =>
  (await get(`/api/campaigns/${campaignId}/stats`, a.token)).json();

describe('privacy.policyUrl (organisation setting)', () => {
  it('is empty until an admin sets it; every member reads it; the audit log records the change', async () => {
    expect((await get('/api/organization/settings', a.token)).json().privacy).toMatchObject({
      personalDataMonths: 13,
      policyUrl: '',
    });
    const res = await setPolicy('  https://river.example/privacy?lang=en  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().privacy).toMatchObject({
      personalDataMonths: 13,
      policyUrl: 'https://river.example/privacy?lang=en',
    });
    const viewer = await addMember(t.app, a, 'viewer');
    expect((await get('/api/organization/settings', viewer.token)).json().privacy.policyUrl).toBe(
      'https://river.example/privacy?lang=en',
    );
    // The retention is kept when only the link changes, and the link when only the retention does.
    await sendJson(
      t.app,
      'PUT',
      '/api/organization/settings',
      { privacy: { personalDataMonths: 7 } },
      a.token,
    );
    expect((await get('/api/organization/settings', a.token)).json().privacy).toMatchObject({
      personalDataMonths: 7,
      policyUrl: 'https://river.example/privacy?lang=en',
    });
    const log = await t.app.inject({ url: '/api/organization/activity', headers: bearer(a.token) });
    expect(
      log.json().filter((e: { action: string }) => e.action === 'organization.settings_updated'),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ target: 'privacy' })]));
    // Another organisation has its own (none).
    expect((await get('/api/organization/settings', b.token)).json().privacy.policyUrl).toBe('');
    // Empty clears it.
    expect((await setPolicy('')).json().privacy.policyUrl).toBe('');
  });

  it.each([
    ['javascript:alert(1)'],
    ['ftp://river.example/privacy'],
    ['river.example/privacy'],
    ['https://'],
    ['https://river .example/privacy'],
    [`https://river.example/${'p'.repeat(500)}`],
  ])('refuses %j with a 400 on privacy.policyUrl and keeps the saved link', async (value) => {
    await setPolicy('https://river.example/kept');
    const res = await setPolicy(value);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'privacy.policyUrl', message: POLICY_URL_MESSAGE }]);
    expect((await get('/api/organization/settings', a.token)).json().privacy.policyUrl).toBe(
      'https://river.example/kept',
    );
  });

  it.each([[42], [null], [['https://river.example/']]])(
    'refuses %j, not a string, with a 400 on privacy.policyUrl',
    async (value) => {
      const res = await setPolicy(value);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'privacy.policyUrl', message: 'privacy.policyUrl must be a string' },
      ]);
    },
  );

  it('is the admin’s to change: an editor or a viewer is refused (403), another organisation’s admin changes only theirs', async () => {
    await setPolicy('https://river.example/admins');
    for (const role of ['editor', 'viewer'] as const) {
      const member = await addMember(t.app, a, role);
      const denied = await setPolicy('https://evil.example/', member.token);
      expect(denied.statusCode).toBe(403);
    }
    expect((await setPolicy('https://b.example/privacy', b.token)).statusCode).toBe(200);
    expect((await get('/api/organization/settings', a.token)).json().privacy.policyUrl).toBe(
      'https://river.example/admins',
    );
  });

  it('reaches the supporter page (JSON, first paint) and the share card as a "Privacy policy" link opening a new tab', async () => {
    const { campaign } = await campaignOf(a);
    await setPolicy('https://river.example/privacy?a=1&b=2');
    const json = (await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` })).json();
    expect(json.organization.privacyPolicyUrl).toBe('https://river.example/privacy?a=1&b=2');
    const link =
      '<a href="https://river.example/privacy?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"';
    const html = (await page(campaign.id)).body;
    expect(html).toContain(`${link} class="underline">Privacy policy`);
    expect(html).toContain(sentence('cookie'));
    const card = (await t.app.inject({ url: `/embed/${campaign.id}` })).body;
    expect(card).toContain(`${link}>Privacy policy`);
    expect(card).toContain(sentence('cookie'));
    // No link once cleared (the notice stays).
    await setPolicy('');
    const without = (await page(campaign.id)).body;
    expect(without).not.toContain('Privacy policy');
    expect(without).toContain(sentence('cookie'));
  });
});

describe('Global Privacy Control (Sec-GPC: 1)', () => {
  it('gets no visitor cookie from the page, the JSON, a share or the card, and the page and card say so', async () => {
    const { campaign, ids } = await campaignOf(a);
    const html = await page(campaign.id, GPC);
    expect(html.statusCode).toBe(200);
    expect(setCookies(html)).toEqual([]);
    expect(html.body).toContain(sentence('gpc'));
    expect(html.body).not.toContain(sentence('cookie'));
    // Its page is its own: no shared cache may keep it.
    expect(html.headers['cache-control']).toBe('private, no-cache');
    const json = await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}`, headers: GPC });
    expect(setCookies(json)).toEqual([]);
    const logged = await share(ids, GPC);
    expect(logged.statusCode).toBe(201);
    expect(setCookies(logged)).toEqual([]);
    const card = await t.app.inject({ url: `/embed/${campaign.id}`, headers: GPC });
    expect(setCookies(card)).toEqual([]);
    expect(card.body).toContain(sentence('gpc'));
    // Nothing to choose under GPC: no button.
    expect(card.body).not.toContain('embed-cookie-choice');
  });

  it('clears a visitor cookie the browser still carries, and ignores it', async () => {
    const { campaign, ids } = await campaignOf(a);
    const cookie = await issuedCookie(campaign.id);
    const res = await page(campaign.id, { ...GPC, cookie });
    const cleared = setCookies(res);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/^rally_sid=;/);
    expect(cleared[0]).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const logged = await share(ids, { ...GPC, cookie });
    const row = await storedShare(t.database.db, logged.json().id);
    // Stored under no visitor id: neither the cleared one nor any other.
    expect(row.supporterId).toBeNull();
  });

  it('counts its shares as anonymous ones: each a share, none a supporter, nothing joining them up', async () => {
    const { campaign, ids } = await campaignOf(a);
    const first = await share(ids, GPC);
    const second = await share(ids, GPC);
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      payload: { ...ids, platform: 'twitter', scheduledFor: new Date(Date.now() + 86_400_000).toISOString() },
      headers: GPC,
    });
    expect(scheduled.statusCode).toBe(201);
    expect(setCookies(scheduled)).toEqual([]);
    const rows = await Promise.all(
      [first, second, scheduled].map((r) => storedShare(t.database.db, r.json().id)),
    );
    expect(rows.map((r) => r.status)).toEqual(['shared', 'shared', 'pending']);
    expect(rows.map((r) => r.supporterId)).toEqual([null, null, null]);
    // A browser with the cookie shares too: it is the one supporter the product can tell apart.
    const cookie = await issuedCookie(campaign.id);
    expect((await share(ids, { cookie })).statusCode).toBe(201);
    expect((await share(ids, { cookie })).statusCode).toBe(201);
    let stats = await campaignStats(campaign.id);
    expect(stats.totalShares).toBe(4);
    expect(stats.uniqueSupporters).toBe(1);
    // The same once rolled up: the rollups count supporters by the stored id as well.
    await rollUp();
    stats = await campaignStats(campaign.id);
    expect(stats.totalShares).toBe(4);
    expect(stats.uniqueSupporters).toBe(1);
  });

  it('counts its page visits (anonymous, no variant views), which a browser merely dropping cookies does not', async () => {
    const { campaign } = await campaignOf(a);
    const visit = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/supporter/campaigns/${campaign.id}/visits`,
        payload: {},
        headers: { 'user-agent': BROWSER_UA, ...headers },
      });
    expect((await visit({})).statusCode).toBe(204);
    expect((await visit(GPC)).statusCode).toBe(204);
    expect((await visit(NO_COOKIE)).statusCode).toBe(204);
    const visits = await t.database.db
      .selectFrom('visits')
      .select('visitorId')
      .where('campaignId', '=', campaign.id)
      .execute();
    expect(visits).toHaveLength(2);
    for (const v of visits) expect(v.visitorId).toMatch(/^anon:/);
  });
});

describe('sharing without the visitor cookie (PUT /api/supporter/cookie-choice)', () => {
  const choose = (visitorCookie: unknown, headers: Record<string, string> = {}, extra: object = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/supporter/cookie-choice',
      payload: { visitorCookie, ...extra },
      headers: { 'sec-fetch-site': 'same-origin', ...headers },
    });

  it('removes the visitor cookie and remembers the choice in a cookie that holds no id', async () => {
    const { campaign } = await campaignOf(a);
    const cookie = await issuedCookie(campaign.id);
    const res = await choose(false, { cookie });
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const set = setCookies(res);
    expect(set).toHaveLength(2);
    const pref = set.find((c) => c.startsWith('rally_nosid='))!;
    // The same value for everybody, a year, readable by the page's script.
    expect(pref).toMatch(/^rally_nosid=1; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(set.find((c) => c.startsWith('rally_sid='))).toMatch(/^rally_sid=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('from then on: no visitor cookie, shares counted anonymously, the page says so; the choice can be undone', async () => {
    const { campaign, ids } = await campaignOf(a);
    const html = await page(campaign.id, NO_COOKIE);
    expect(setCookies(html)).toEqual([]);
    expect(html.body).toContain(sentence('choice'));
    expect(html.headers['cache-control']).toBe('private, no-cache');
    const logged = await share(ids, NO_COOKIE);
    expect(logged.statusCode).toBe(201);
    expect(setCookies(logged)).toEqual([]);
    expect((await storedShare(t.database.db, logged.json().id)).supporterId).toBeNull();
    expect((await campaignStats(campaign.id)).totalShares).toBe(1);
    const card = await t.app.inject({ url: `/embed/${campaign.id}`, headers: NO_COOKIE });
    expect(card.body).toContain(sentence('choice'));

    // Back on: the preference goes, and the next page issues a fresh visitor cookie.
    const back = await choose(true, NO_COOKIE);
    expect(back.statusCode).toBe(204);
    expect(setCookies(back)).toEqual([expect.stringMatching(/^rally_nosid=;.*Expires=Thu, 01 Jan 1970/)]);
    expect(supporterCookie((await page(campaign.id)).headers)).toBeDefined();
  });

  it('in a share card framed by another site, works in that site’s partition', async () => {
    const res = await choose(false, { cookie: 'rally_sid=x' }, { framed: true });
    const set = setCookies(res);
    for (const c of set)
      expect(c).toMatch(
        /; Secure; Partitioned; SameSite=None$|; HttpOnly; Secure; Partitioned; SameSite=None$/,
      );
    expect(set.some((c) => c.startsWith('rally_nosid=1;'))).toBe(true);
  });

  it('is refused from another site (403) and for a body that is not a choice (400)', async () => {
    const cross = await t.app.inject({
      method: 'PUT',
      url: '/api/supporter/cookie-choice',
      payload: { visitorCookie: false },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
    expect(setCookies(cross)).toEqual([]);
    for (const body of [{}, { visitorCookie: 'no' }, { visitorCookie: false, id: 'x' }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/supporter/cookie-choice',
        payload: body,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('caches', () => {
  it('never lets a shared cache keep a response that sets a visitor cookie', async () => {
    const { campaign } = await campaignOf(a);
    const fresh = await page(campaign.id);
    expect(supporterCookie(fresh.headers)).toBeDefined();
    expect(fresh.headers['cache-control']).toBe('private, no-cache');
    const json = await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` });
    expect(supporterCookie(json.headers)).toBeDefined();
    expect(json.headers['cache-control']).toBe('private, no-cache');
    // A returning visitor's answers carry no cookie: those may be shared (and are revalidated).
    const cookie = `rally_sid=${supporterCookie(fresh.headers)}`;
    const again = await page(campaign.id, { cookie });
    expect(setCookies(again)).toEqual([]);
    expect(again.headers['cache-control']).toBe('no-cache');
    const card = await t.app.inject({ url: `/embed/${campaign.id}` });
    expect(card.headers['cache-control']).toBe('private, no-cache');
  });
});
