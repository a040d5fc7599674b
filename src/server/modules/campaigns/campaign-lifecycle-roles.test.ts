import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgActivityItem } from '#shared/schemas/account.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';

// The campaign and asset lifecycle in a team: editors change it, viewers only read
// (and still preview drafts on the public page), and every change is in the
// organisation's audit log, written in the transaction that made it.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let editor: Awaited<ReturnType<typeof addMember>>;
let viewer: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  editor = await addMember(t.app, admin, 'editor');
  viewer = await addMember(t.app, admin, 'viewer');
});
afterAll(() => t.close());

const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function activity(): Promise<OrgActivityItem[]> {
  const res = await req('GET', '/api/organization/activity?limit=100', admin.token);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('lifecycle writes by role', () => {
  it('refuses a viewer every lifecycle write with the role it needs, and lets an editor make them', async () => {
    const campaign = await createCampaign(t.app, admin.token, { name: 'Role check' });
    const asset = await createAsset(t.app, admin.token, campaign.id, { title: 'Role text' });
    // A second asset: a live campaign keeps at least one.
    const kept = await createAsset(t.app, admin.token, campaign.id, { title: 'Kept text' });
    const writes: [method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['PUT', `/api/campaigns/${campaign.id}`, { description: 'Changed' }],
      ['POST', `/api/campaigns/${campaign.id}/duplicate`],
      ['PUT', `/api/assets/${asset.id}`, { title: 'Changed text' }],
      ['DELETE', `/api/assets/${asset.id}`],
      ['DELETE', `/api/campaigns/${campaign.id}`],
    ];
    for (const [method, url, body] of writes) {
      const refused = await req(method, url, viewer.token, body);
      expect(refused.statusCode, `${method} ${url} as viewer`).toBe(403);
      expect(refused.json().message).toBe('This needs the editor role');
    }
    // Nothing changed for the viewer's attempts.
    expect((await req('GET', `/api/campaigns/${campaign.id}`, viewer.token)).json()).toMatchObject({
      description: campaign.description,
      status: 'active',
      assets: [
        { id: asset.id, title: 'Role text' },
        { id: kept.id, title: 'Kept text' },
      ],
    });
    for (const [method, url, body] of writes) {
      const done = await req(method, url, editor.token, body);
      expect(done.statusCode, `${method} ${url} as editor`).toBeLessThan(300);
    }
    expect((await req('GET', `/api/campaigns/${campaign.id}`, viewer.token)).json().status).toBe('archived');
  });

  it('shows a draft to every member as a preview, viewers included, and hides it from the public', async () => {
    const draft = await createCampaign(t.app, admin.token, { name: 'Quiet draft', status: 'draft' });
    const url = `/api/supporter/campaigns/${draft.id}`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    for (const token of [viewer.token, editor.token, admin.token]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ campaign: { name: 'Quiet draft' }, preview: 'draft' });
    }
    const stranger = await signUp(t.app);
    expect((await t.app.inject({ url, headers: bearer(stranger.token) })).statusCode).toBe(404);
  });
});

describe('lifecycle writes in the audit log', () => {
  it('records edits, status changes, duplicates, archives and asset edits and deletes, with the actor', async () => {
    const campaign = await createCampaign(t.app, admin.token, { name: 'Audited drive' });
    const asset = await createAsset(t.app, admin.token, campaign.id, { title: 'Audited text' });
    await createAsset(t.app, admin.token, campaign.id, { title: 'Kept text' });
    const e = editor.token;
    expect(
      (await req('PUT', `/api/campaigns/${campaign.id}`, e, { name: 'Audited drive 2' })).statusCode,
    ).toBe(200);
    expect((await req('PUT', `/api/campaigns/${campaign.id}`, e, { status: 'paused' })).statusCode).toBe(200);
    expect((await req('PUT', `/api/assets/${asset.id}`, e, { title: 'Audited text 2' })).statusCode).toBe(
      200,
    );
    expect((await req('POST', `/api/campaigns/${campaign.id}/duplicate`, e)).statusCode).toBe(201);
    expect((await req('DELETE', `/api/assets/${asset.id}`, e)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/campaigns/${campaign.id}`, e)).statusCode).toBe(204);

    const mine = (await activity()).filter(
      (a) => a.actor?.id === editor.userId && a.target.startsWith('Audited'),
    );
    expect(mine.map((a) => [a.action, a.target]).reverse()).toEqual([
      ['campaign.updated', 'Audited drive 2'],
      ['campaign.status_changed', 'Audited drive 2: active to paused'],
      ['asset.updated', 'Audited text 2'],
      ['campaign.duplicated', 'Audited drive 2 as Audited drive 2 (copy)'],
      ['asset.deleted', 'Audited text 2'],
      ['campaign.archived', 'Audited drive 2'],
    ]);
  });

  it('writes nothing for a refused or empty change (the entry shares the change transaction)', async () => {
    const campaign = await createCampaign(t.app, admin.token, { name: 'Refused drive' });
    await createAsset(t.app, admin.token, campaign.id);
    const before = (await activity()).length;
    // Not allowed: back to draft; a no-op edit (same status) changes nothing either.
    expect(
      (await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { status: 'draft' })).statusCode,
    ).toBe(400);
    expect(
      (await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { status: 'active' })).statusCode,
    ).toBe(200);
    expect((await req('DELETE', `/api/campaigns/${campaign.id}`, editor.token)).statusCode).toBe(204);
    // Archiving twice is idempotent: one entry.
    expect((await req('DELETE', `/api/campaigns/${campaign.id}`, editor.token)).statusCode).toBe(204);
    const after = await activity();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ action: 'campaign.archived', target: 'Refused drive' });
  });
});
