import { beforeAll, describe, expect, it } from 'vitest';
import { supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import { SEARCH_ONE_WAY, type SupporterMatch } from '#shared/schemas/privacy-requests.ts';
import { trackedUrl } from '#shared/share-links.ts';
import { addressKey, loadAddressKeySecret } from '../../lib/address-key.ts';
import { insertHeldMail, shareRow } from '../../test/db-rows.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, requester, type SignedUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { rollUpBatch } from '../stats/index.ts';
import { refOf } from './requests.service.ts';

// Admins' data requests (docs/api.md "Privacy"): found by a reminder address, a name or
// a share link in the admin's own organisation only, named by an opaque key, exported
// as JSON and CSV, erased with a reason; every request audited without the person.

const { t, a, b } = twoOrganizationsPerFile();
const inject = requester(t);
const BASE = '/api/organization/privacy/supporters';

interface Supporter {
  visitorId: string;
  name: string;
  email: string;
  ref: string;
}

let seq = 0;
/** A supporter of `org`'s campaign: a share with a name and a link, and a scheduled share with a reminder address. */
async function seedSupporter(org: SignedUp, label: string): Promise<Supporter> {
  const db = t.database.db;
  const n = ++seq;
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: org.orgId,
    assets: [{ title: 'A', type: 'text', content: 'Share this' }],
  });
  const s: Supporter = {
    visitorId: `visitor${label}${String(n).padStart(16, '0')}`,
    name: `Ada ${label} Lovelace`,
    email: `ada.${label.toLowerCase()}.${n}@example.org`,
    ref: `ref${label}${n}`,
  };
  const base = { assetId: assetIds[0]!, campaignId, organizationId: org.orgId, supporterId: s.visitorId };
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const [, scheduled] = await db
    .insertInto('shares')
    .values([
      shareRow({ ...base, ref: s.ref, supporterName: s.name, supporterInfo: `Info ${label}` }),
      shareRow({
        ...base,
        status: 'pending',
        scheduledFor: later,
        ref: `${s.ref}s`,
        shareText: `My words ${label}`,
        supporterInfo: '',
      }),
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('reminders')
    .values({
      shareId: scheduled!.id,
      organizationId: org.orgId,
      dueAt: later,
      email: s.email,
      emailKey: addressKey(await loadAddressKeySecret(db), s.email),
      pushSubscription: null,
      origin: 'https://site.example',
      createdAt: new Date().toISOString(),
    })
    .execute();
  return s;
}

const emailKeyOf = async (email: string) => addressKey(await loadAddressKeySecret(t.database.db), email);

const search = (token: string, query: string) => inject('GET', `${BASE}?${query}`, token);
const found = async (token: string, query: string): Promise<SupporterMatch[]> => {
  const res = await search(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const rollUpAll = async () => {
  const now = Date.now() + 60_000;
  while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now }))) {}
};

const lastAudit = (orgId: number) =>
  t.database.db
    .selectFrom('auditLog')
    .selectAll()
    .where('organizationId', '=', orgId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

let mine: Supporter;
let theirs: Supporter;
beforeAll(async () => {
  mine = await seedSupporter(a, 'A');
  // Another organisation's supporter with the same name and the same address.
  theirs = await seedSupporter(b, 'B');
  await t.database.db
    .updateTable('shares')
    .set({ supporterName: mine.name })
    .where('supporterId', '=', theirs.visitorId)
    .where('supporterName', 'is not', null)
    .execute();
  await t.database.db
    .updateTable('reminders')
    .set({ emailKey: addressKey(await loadAddressKeySecret(t.database.db), mine.email) })
    .where('organizationId', '=', b.orgId)
    .execute();
});

describe('finding a supporter', () => {
  it('finds them by reminder address, by name and by share link, in the own organisation only', async () => {
    const url = trackedUrl('https://rally.example', 1, mine.ref, 3);
    for (const query of [
      `email=${encodeURIComponent(mine.email.toUpperCase())}`,
      `name=${encodeURIComponent(`  ${mine.name.toLowerCase()} `)}`,
      `ref=${encodeURIComponent(url)}`,
      `ref=${mine.ref}`,
    ]) {
      const matches = await found(a.token, query);
      expect(matches, query).toHaveLength(1);
      expect(matches[0]).toMatchObject({
        shares: 2,
        campaigns: 1,
        reminderAddress: query.startsWith('email'),
      });
      expect(matches[0]!.firstShareAt).not.toBeNull();
      // The key names nobody: no visitor id, no address, no address hash.
      const body = JSON.stringify(matches);
      for (const secret of [mine.visitorId, theirs.visitorId, mine.email, mine.ref])
        expect(body).not.toContain(secret);
    }
    // The other organisation's share link finds nothing here.
    expect(await found(a.token, `ref=${theirs.ref}`)).toEqual([]);
    expect(await found(a.token, 'name=Nobody%20Here')).toEqual([]);
    // Case is ignored beyond ASCII too, on either database.
    await t.database.db
      .updateTable('shares')
      .set({ supporterName: 'Ádám Öz' })
      .where('ref', '=', mine.ref)
      .execute();
    expect(await found(a.token, `name=${encodeURIComponent('ádám ÖZ')}`)).toHaveLength(1);
    await t.database.db
      .updateTable('shares')
      .set({ supporterName: mine.name })
      .where('ref', '=', mine.ref)
      .execute();
    expect(await found(a.token, 'email=nobody%40example.org')).toEqual([]);
  });

  it('takes one way of searching at a time', async () => {
    for (const query of ['', `name=x&ref=y`, 'name=', 'colour=blue']) {
      const res = await search(a.token, query);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await search(a.token, 'name=x&ref=y')).json().message).toContain(SEARCH_ONE_WAY);
  });

  it('reads the ref of a share link', async () => {
    expect(refOf('https://rally.example/supporter/4?ref=abc_D-1&a=2')).toBe('abc_D-1');
    // A broken escape is no link of ours: it finds nothing, and never fails.
    expect(refOf('x?ref=%')).toBe('%');
    expect(await found(a.token, `ref=${encodeURIComponent('x?ref=%')}`)).toEqual([]);
    expect(refOf('rally.example/supporter/4?ref=xyz')).toBe('xyz');
    expect(refOf(' abc ')).toBe('abc');
  });
});

describe('who may', () => {
  it('refuses non-admins, API keys, another organisation and a removed member', async () => {
    const [match] = await found(a.token, `ref=${mine.ref}`);
    const key = match!.key;
    const editor = await addMember(t.app, a, 'editor');
    const admin2 = await addMember(t.app, a, 'admin');
    const calls = [
      ['GET', `${BASE}?ref=${mine.ref}`],
      ['GET', `${BASE}/${key}/export.json`],
      ['GET', `${BASE}/${key}/export.csv`],
      ['POST', `${BASE}/${key}/erase`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { reason: 'Asked by mail' } : undefined;
      expect((await inject(method, url, editor.token, payload)).statusCode, url).toBe(403);
      expect((await inject(method, url, undefined, payload)).statusCode, url).toBe(401);
    }
    const apiKey = await inject('POST', '/api/organization/api-keys', a.token, {
      name: 'Sync',
      role: 'editor',
    });
    expect(
      (await t.app.inject({ url: `${BASE}?ref=${mine.ref}`, headers: bearer(apiKey.json().key) })).statusCode,
    ).toBe(403);
    // Another organisation's admin: the key opens nothing there.
    expect((await inject('GET', `${BASE}/${key}/export.json`, b.token)).statusCode).toBe(404);
    expect((await inject('POST', `${BASE}/${key}/erase`, b.token, { reason: 'Not mine' })).statusCode).toBe(
      404,
    );
    expect((await inject('GET', `${BASE}/${'x'.repeat(40)}/export.json`, a.token)).statusCode).toBe(404);
    // A removed admin's old session.
    expect((await inject('GET', `${BASE}/${key}/export.json`, admin2.token)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/organization/members/${admin2.userId}`, a.token)).statusCode).toBe(
      204,
    );
    expect((await inject('GET', `${BASE}/${key}/export.json`, admin2.token)).statusCode).toBe(401);
  });
});

describe('export and erasure', () => {
  it('exports the JSON and the CSV with the supporter’s fields, audited without them', async () => {
    const [match] = await found(a.token, `email=${encodeURIComponent(mine.email)}`);
    const json = await inject(
      'GET',
      `${BASE}/${match!.key}/export.json?reason=Access%20request%2012`,
      a.token,
    );
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toContain('attachment');
    const data = supporterDataExportSchema.parse(json.json());
    // The staff copy: no visitor id, no keyed hash (the same in every organisation).
    expect(data.visitorIds).toEqual([]);
    expect(json.body).not.toContain(mine.visitorId);
    expect(json.body).not.toContain(await emailKeyOf(mine.email));
    expect(data.shares.map((s) => s.name)).toContain(mine.name);
    expect(data.reminders.map((r) => r.address)).toContain(mine.email);
    // Nothing of the other organisation's supporter, though they share the name and the address.
    expect(json.body).not.toContain(theirs.visitorId);
    let entry = await lastAudit(a.orgId);
    expect(entry).toMatchObject({
      action: 'privacy.exported',
      actorId: a.userId,
      target: 'JSON export: Access request 12',
    });

    const csv = await inject('GET', `${BASE}/${match!.key}/export.csv`, a.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('section,item,field,value');
    for (const value of [mine.name, mine.email, `Info A`, 'My words A']) expect(csv.body).toContain(value);
    expect(csv.body).not.toContain(mine.visitorId);
    entry = await lastAudit(a.orgId);
    expect(entry).toMatchObject({ action: 'privacy.exported', target: 'CSV export' });
  });

  it('erases with a reason: totals stay, the supporter is gone, the audit names nobody', async () => {
    await rollUpAll();
    const stats = async () => (await inject('GET', '/api/organization/stats', a.token)).json();
    const before = await stats();
    const [match] = await found(a.token, `name=${encodeURIComponent(mine.name)}`);
    const url = `${BASE}/${match!.key}/erase`;
    for (const payload of [{}, { reason: '' }, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      const res = await inject('POST', url, a.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await inject('POST', url, a.token, { reason: 'Erasure asked by the supporter on 12 May' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toBeGreaterThan(0);

    await rollUpAll();
    expect(await stats()).toEqual(before);
    expect(await found(a.token, `name=${encodeURIComponent(mine.name)}`)).toEqual([]);
    expect(await found(a.token, `ref=${mine.ref}`)).toEqual([]);
    expect(await found(a.token, `email=${encodeURIComponent(mine.email)}`)).toEqual([]);
    // The other organisation's supporter of the same name and address is untouched.
    expect(await found(b.token, `name=${encodeURIComponent(mine.name)}`)).toHaveLength(1);
    expect(await found(b.token, `email=${encodeURIComponent(mine.email)}`)).toHaveLength(1);

    const entry = await lastAudit(a.orgId);
    expect(entry).toMatchObject({ action: 'privacy.erased', actorId: a.userId });
    expect(entry.target).toContain('Erasure asked by the supporter on 12 May');
    const secrets = [mine.visitorId, mine.name, mine.email, mine.ref, 'Lovelace'];
    for (const secret of secrets) expect(JSON.stringify(entry)).not.toContain(secret);

    // The activity log's CSV lists the requests, without the person.
    const csv = await inject('GET', '/api/organization/activity.csv?action=privacy', a.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe('id,at,actor,actorKind,apiKey,action,target');
    expect(lines.filter((l) => l.includes(',privacy.erased,'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(',privacy.exported,')).length).toBeGreaterThanOrEqual(2);
    expect(lines.every((l) => l.includes(',privacy.'))).toBe(true);
    for (const secret of secrets) expect(csv.body).not.toContain(secret);
    expect(csv.body).toContain(a.username);
  });
});

describe('shares of a browser refusing the cookie (stored with no visitor id)', () => {
  it('are found by name and by link, one match each, exported and erased on their own', async () => {
    const db = t.database.db;
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId: a.orgId,
      assets: [{ title: 'A', type: 'text', content: 'Share this' }],
    });
    const base = { assetId: assetIds[0]!, campaignId, organizationId: a.orgId, supporterId: null };
    const rows = await db
      .insertInto('shares')
      .values([
        shareRow({ ...base, ref: 'gpcRef1', supporterName: 'Grace Hopper' }),
        shareRow({ ...base, ref: 'gpcRef2', supporterName: 'Grace Hopper' }),
      ])
      .returning('id')
      .execute();
    const byName = await found(a.token, 'name=grace%20hopper');
    // Nothing joins the two shares up: two matches of one share each.
    expect(byName.map((m) => m.shares)).toEqual([1, 1]);
    const [byLink] = await found(a.token, 'ref=gpcRef2');
    expect(byLink).toMatchObject({ shares: 1, campaigns: 1 });
    expect(await found(b.token, 'ref=gpcRef2')).toEqual([]);

    const data = (await inject('GET', `${BASE}/${byLink!.key}/export.json`, a.token)).json();
    expect(data.shares.map((s: { id: number }) => s.id)).toEqual([rows[1]!.id]);
    const erased = await inject('POST', `${BASE}/${byLink!.key}/erase`, a.token, { reason: 'Asked by mail' });
    expect(erased.statusCode, erased.body).toBe(200);
    const names = await db
      .selectFrom('shares')
      .select(['id', 'supporterName'])
      .where('id', 'in', [rows[0]!.id, rows[1]!.id])
      .orderBy('id')
      .execute();
    expect(names.map((n) => n.supporterName)).toEqual(['Grace Hopper', null]);
  });
});

describe('mail in an export', () => {
  it('never hands an admin a link token, a mail body or an address hash', async () => {
    const db = t.database.db;
    const email = 'held.mail@example.org';
    const key = await emailKeyOf(email);
    await db
      .insertInto('reminderSuppressions')
      .values({ organizationId: a.orgId, emailKey: key, createdAt: new Date().toISOString() })
      .execute();
    await insertHeldMail(db, {
      organizationId: a.orgId,
      kind: 'reminder',
      reason: 'budget',
      recipient: email,
      recipientKey: key,
      subject: 'Your reminder',
      body: 'See your data: https://rally.test/my-data/SECRETTOKEN123 or https://rally.test/unsubscribe/UNSUBTOKEN9',
      headers: '{"List-Unsubscribe":"<https://rally.test/unsubscribe/UNSUBTOKEN9>"}',
    });
    const [match] = await found(a.token, `email=${encodeURIComponent(email)}`);
    const res = await inject('GET', `${BASE}/${match!.key}/export.json`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = supporterDataExportSchema.parse(res.json());
    expect(data.mail).toEqual([
      expect.objectContaining({ subject: 'Your reminder', recipient: email, body: null, headers: null }),
    ]);
    for (const secret of ['SECRETTOKEN123', 'UNSUBTOKEN9', key]) expect(res.body).not.toContain(secret);
    const csv = await inject('GET', `${BASE}/${match!.key}/export.csv`, a.token);
    for (const secret of ['SECRETTOKEN123', 'UNSUBTOKEN9', key]) expect(csv.body).not.toContain(secret);
  });
});
