import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '#shared/durations.ts';
import { addressKey, loadAddressKeySecret } from '../../lib/address-key.ts';
import { insertHeldMail } from '../../test/db-rows.ts';
import { mailingApps, reminderRunner } from '../../test/reminder-kit.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { addMember, tokenOf } from '../../test/teams.ts';
import {
  appPerFile,
  bearer,
  json,
  postJson,
  requester,
  sendJson,
  signUp,
  signUpOperator,
  type TestApp,
} from '../../test/test-app.ts';
import { enqueueMail, OUTBOX_REASON } from '../outbox/index.ts';

// Suspending and restoring an organisation, the held mail and the instance audit log
// (docs/api.md "Operators"): every call by an operator, and every refusal; what a
// suspension stops (public pages, embed cards, tracked links, QR files, API keys,
// members' writes, mail) and what restoring brings back.

const ORIGIN = 'https://rally.example';
const REASON = 'Phishing reported by three recipients';
const kit = mailingApps(ORIGIN);

const suspendUrl = (id: number) => `/api/instance/organizations/${id}/suspend`;
const restoreUrl = (id: number) => `/api/instance/organizations/${id}/restore`;

async function organizationWithCampaign(t: TestApp) {
  const admin = await signUp(t.app);
  const orgName = `Org of ${admin.username}`;
  const campaign = await createCampaign(t.app, admin.token, { name: 'Rivers Now' });
  await createAsset(t.app, admin.token, campaign.id);
  const key = json(
    await postJson(t.app, '/api/organization/api-keys', { name: 'CI', role: 'editor' }, admin.token),
  );
  return { admin, orgName, campaignId: campaign.id as number, apiKey: key.key as string };
}

/** A mail of the organisation into the outbox, as any of its mail is written. */
async function mailOf(t: TestApp, organizationId: number, to: string, expiresInMs = HOUR_MS) {
  const secret = await loadAddressKeySecret(t.database.db);
  return enqueueMail(t.database.db, t.config, {
    kind: 'invitation',
    organizationId,
    to,
    recipientKey: addressKey(secret, to),
    subject: 'You are invited to join an organization on Rally',
    text: 'Join us',
    expiresAt: Date.now() + expiresInMs,
  });
}

/** The status of one outbox row or share. */
const statusOf = async (t: TestApp, table: 'outbox' | 'shares', id: number) =>
  (await t.database.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

const outboxOf = (t: TestApp, organizationId: number) =>
  t.database.db
    .selectFrom('outbox')
    .select(['id', 'status', 'reason'])
    .where('organizationId', '=', organizationId)
    .orderBy('id')
    .execute();

describe('a suspended organisation', () => {
  it('is gone from the public, read-only for its members, its keys and mail stopped; restored, all comes back', async () => {
    const t = await kit.appWith();
    const operator = await signUpOperator(t);
    const { admin, orgName, campaignId, apiKey } = await organizationWithCampaign(t);
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
    const trackedLink = `/supporter/${campaignId}?ref=suspRef0001abcd`;
    const rename = () =>
      sendJson(t.app, 'PUT', `/api/campaigns/${campaignId}`, { name: 'Renamed' }, admin.token);
    const queuedBefore = await mailOf(t, admin.orgId, 'before@example.org');
    // Warm the cache: the suspension must reach views already cached.
    expect((await get(`/api/supporter/campaigns/${campaignId}`)).statusCode).toBe(200);
    expect((await get(`/supporter/${campaignId}`)).statusCode).toBe(200);

    const suspended = await postJson(
      t.app,
      suspendUrl(admin.orgId),
      { reason: ` ${REASON} ` },
      operator.token,
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ id: admin.orgId, status: 'suspended', suspendedReason: REASON });

    const data = await get(`/api/supporter/campaigns/${campaignId}`);
    expect(data.statusCode).toBe(410);
    expect(data.json()).toMatchObject({
      code: 'CAMPAIGN_UNAVAILABLE',
      message: 'This campaign is not available',
    });
    for (const url of [`/supporter/${campaignId}`, `/supporter/campaign/${campaignId}`, trackedLink]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(410);
      expect(page.body).toContain('This campaign is not available');
      expect(page.body).not.toContain(orgName);
      expect(page.body).not.toContain('Rivers Now');
      expect(page.body).not.toContain('og:');
    }
    const card = await get(`/embed/${campaignId}`);
    expect(card.statusCode).toBe(410);
    expect(card.body).toContain('This campaign is not available');
    expect(card.body).not.toContain(orgName);
    for (const file of ['qr.svg', 'qr.png', 'poster.pdf']) {
      const res = await get(`/api/campaigns/${campaignId}/${file}`, bearer(admin.token));
      expect(res.statusCode, file).toBe(403);
      expect(res.json().code).toBe('ORGANIZATION_SUSPENDED');
    }
    const byKey = await get('/api/campaigns', bearer(apiKey));
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ code: 'ORGANIZATION_SUSPENDED' });
    expect(byKey.json().message).toContain(REASON);
    // Its members still read, and are told why they cannot write.
    expect((await get('/api/campaigns', bearer(admin.token))).statusCode).toBe(200);
    expect((await get('/api/organization', bearer(admin.token))).json()).toMatchObject({
      suspendedReason: REASON,
    });
    const write = await rename();
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('ORGANIZATION_SUSPENDED');
    expect(write.json().message).toContain(REASON);
    // Mail waits: what was queued and what is written now; what passes its time expires with the reason.
    const during = await mailOf(t, admin.orgId, 'during@example.org');
    const lapsing = await mailOf(t, admin.orgId, 'lapsing@example.org', 1000);
    expect(during.status).toBe('held');
    await reminderRunner(t, () => Date.now() + 2000).runOnce();
    expect(await outboxOf(t, admin.orgId)).toEqual([
      { id: queuedBefore.id, status: 'held', reason: OUTBOX_REASON.organizationSuspended },
      { id: during.id, status: 'held', reason: OUTBOX_REASON.organizationSuspended },
      { id: lapsing.id, status: 'expired', reason: OUTBOX_REASON.organizationSuspended },
    ]);
    expect(kit.mailsTo('before@example.org')).toHaveLength(0);
    // Its held mail goes when it is restored, not one by one.
    const release = await postJson(t.app, `/api/instance/held-mail/${during.id}/release`, {}, operator.token);
    expect(release.statusCode).toBe(409);
    expect(release.json()).toMatchObject({ code: 'MAIL_NOT_HELD' });

    const restored = await postJson(t.app, restoreUrl(admin.orgId), undefined, operator.token);
    expect(restored.json()).toMatchObject({ id: admin.orgId, status: 'active', suspendedReason: null });

    expect((await get(`/api/supporter/campaigns/${campaignId}`)).statusCode).toBe(200);
    const page = await get(trackedLink);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rivers Now');
    expect((await get(`/embed/${campaignId}`)).statusCode).toBe(200);
    expect((await get(`/api/campaigns/${campaignId}/qr.svg`, bearer(admin.token))).statusCode).toBe(200);
    expect((await get('/api/campaigns', bearer(apiKey))).statusCode).toBe(200);
    expect((await rename()).statusCode).toBe(200);
    await reminderRunner(t, () => Date.now()).runOnce();
    await kit.smtp.waitFor('before@example.org');
    await kit.smtp.waitFor('during@example.org');

    const audit = (await get('/api/instance/audit', bearer(operator.token))).json();
    expect(audit.items.slice(0, 2)).toMatchObject([
      { action: 'organization.restored', actorName: operator.username, organizationId: admin.orgId },
      {
        action: 'organization.suspended',
        actorName: operator.username,
        organizationId: admin.orgId,
        detail: { reason: REASON },
      },
    ]);
  });

  it('takes no shares or scheduled shares from its campaigns (410, as its pages), and takes them again when restored', async () => {
    const t = await kit.appWith();
    const operator = await signUpOperator(t);
    const { admin, campaignId } = await organizationWithCampaign(t);
    const assetId = (await createAsset(t.app, admin.token, campaignId)).id as number;
    const ids = { assetId, campaignId, organizationId: admin.orgId };
    const share = () => postJson(t.app, '/api/shares', { ...ids, platform: 'twitter' });
    const schedule = () =>
      postJson(t.app, '/api/shares/schedule', {
        ...ids,
        platform: 'twitter',
        scheduledFor: new Date(Date.now() + 2 * HOUR_MS).toISOString(),
      });
    // Shares and scheduled shares alike (one of each is made before the suspension).
    const sharesLogged = async () =>
      (await t.database.db.selectFrom('shares').select('id').where('campaignId', '=', campaignId).execute())
        .length;
    expect((await share()).statusCode).toBe(201);

    // The supporter's own scheduled share, read back with the visitor cookie it was given.
    const scheduling = await schedule();
    const cookie = String(scheduling.headers['set-cookie']).split(';')[0];
    const scheduledRead = () =>
      t.app.inject({
        url: `/api/supporter/campaigns/${campaignId}/scheduled/${scheduling.json().id}`,
        headers: { cookie },
      });
    expect((await scheduledRead()).statusCode).toBe(200);
    await postJson(t.app, suspendUrl(admin.orgId), { reason: REASON }, operator.token);
    // The reminder's link no longer opens the share either.
    expect((await scheduledRead()).statusCode).toBe(410);

    for (const refused of [await share(), await schedule()]) {
      expect(refused.statusCode, refused.body).toBe(410);
      expect(refused.json()).toMatchObject({ code: 'CAMPAIGN_UNAVAILABLE' });
    }
    expect(await sharesLogged()).toBe(2);

    await postJson(t.app, restoreUrl(admin.orgId), undefined, operator.token);
    expect((await share()).statusCode).toBe(201);
    expect((await schedule()).statusCode).toBe(201);
  });

  it('gains no members: its pending invitation cannot be accepted while it is suspended', async () => {
    const t = await kit.appWith();
    const operator = await signUpOperator(t);
    const { admin } = await organizationWithCampaign(t);
    const invited = await postJson(
      t.app,
      '/api/organization/invitations',
      { email: 'joiner@example.org', role: 'viewer' },
      admin.token,
    );
    const token = tokenOf(invited.json().url);
    // Someone with an account and no organisation yet, as an invitee is.
    const joiner = (
      await postJson(t.app, '/api/register', {
        username: 'joiner',
        email: 'joiner@example.org',
        password: 'secret123',
      })
    ).json() as { token: string };
    await postJson(t.app, suspendUrl(admin.orgId), { reason: REASON }, operator.token);
    const accept = () => postJson(t.app, `/api/invitations/${token}/accept`, undefined, joiner.token);
    const refused = await accept();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORGANIZATION_SUSPENDED');
    await postJson(t.app, restoreUrl(admin.orgId), undefined, operator.token);
    expect((await accept()).statusCode).toBe(200);
  });

  it('after its restore, expires the reminders whose moment passed while it was suspended; a held one too', async () => {
    // New organisations' mail is held (the hold's reason is kept when it expires).
    const t = await kit.appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '24' });
    const operator = await signUpOperator(t);
    const { admin, campaignId } = await organizationWithCampaign(t);
    const assetId = (
      await t.database.db
        .selectFrom('assets')
        .select('id')
        .where('campaignId', '=', campaignId)
        .executeTakeFirstOrThrow()
    ).id;
    const { db } = t.database;
    const now = Date.now();
    const shareAt = (at: number, ref: string) =>
      db
        .insertInto('shares')
        .values({
          assetId,
          campaignId,
          organizationId: admin.orgId,
          platform: 'twitter',
          scheduledFor: new Date(at).toISOString(),
          status: 'pending',
          ref,
          supporterId: null,
          parentShareId: null,
          createdAt: new Date(now - 10 * HOUR_MS).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const long = await shareAt(now - 7 * HOUR_MS, 'suspLong0001abcd');
    const recent = await shareAt(now + HOUR_MS, 'suspSoon0001abcd');
    const secret = await loadAddressKeySecret(db);
    for (const [share, at] of [
      [long.id, now - 7 * HOUR_MS],
      [recent.id, now + HOUR_MS],
    ] as const)
      await db
        .insertInto('reminders')
        .values({
          shareId: share,
          organizationId: admin.orgId,
          email: 'fan@example.org',
          emailKey: addressKey(secret, 'fan@example.org'),
          pushSubscription: null,
          origin: ORIGIN,
          dueAt: new Date(at).toISOString(),
          createdAt: new Date(now - 10 * HOUR_MS).toISOString(),
        })
        .execute();
    await postJson(t.app, suspendUrl(admin.orgId), { reason: REASON }, operator.token);
    // Suspended: the job leaves its due reminders waiting (two hours ago, when the long one's
    // moment had not yet passed: after that the reminder-data retention expires it without a restore).
    await reminderRunner(t, () => now - 2 * HOUR_MS).runOnce();
    expect(await db.selectFrom('reminders').select('shareId').orderBy('shareId').execute()).toHaveLength(2);
    await postJson(t.app, restoreUrl(admin.orgId), undefined, operator.token);
    const shares = await db.selectFrom('shares').select(['id', 'status']).orderBy('id').execute();
    expect(shares).toEqual([
      { id: long.id, status: 'expired' },
      { id: recent.id, status: 'pending' },
    ]);
    expect(await outboxOf(t, admin.orgId)).toEqual([
      expect.objectContaining({ status: 'expired', reason: OUTBOX_REASON.organizationSuspended }),
    ]);
    expect(await db.selectFrom('reminders').select('shareId').execute()).toEqual([{ shareId: recent.id }]);
    // A reminder held for a new organisation whose time passes expires too, keeping its reason.
    const held = await insertHeldMail(db, {
      organizationId: admin.orgId,
      kind: 'reminder',
      refId: recent.id,
      expiresAt: new Date(now + 1000).toISOString(),
    });
    await db.deleteFrom('reminders').execute();
    await reminderRunner(t, () => now + 2000).runOnce();
    const row = await db
      .selectFrom('outbox')
      .select(['status', 'reason'])
      .where('id', '=', held)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', reason: OUTBOX_REASON.newOrganization });
    expect(await statusOf(t, 'shares', recent.id)).toBe('expired');
  });
});

describe('the operators’ calls', () => {
  const t = appPerFile();
  const call = requester(t);
  // The first account of an instance is its operator: this one, so the others are not.
  beforeAll(() => signUp(t.app, { org: false }));

  it('refuse everyone but an operator: member, organisation admin, API key, no session', async () => {
    const admin = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    const key = json(
      await postJson(t.app, '/api/organization/api-keys', { name: 'K', role: 'editor' }, admin.token),
    );
    const held = await insertHeldMail(t.database.db, { organizationId: admin.orgId });
    const routes: ['GET' | 'POST', string, object?][] = [
      ['POST', suspendUrl(admin.orgId), { reason: 'Mine now' }],
      ['POST', restoreUrl(admin.orgId)],
      ['GET', '/api/instance/held-mail'],
      ['POST', `/api/instance/held-mail/${held}/release`],
      ['POST', `/api/instance/held-mail/${held}/drop`],
      ['GET', '/api/instance/audit'],
    ];
    for (const [method, url, body] of routes) {
      const what = `${method} ${url}`;
      expect((await call(method, url, undefined, body)).statusCode, what).toBe(401);
      for (const token of [viewer.token, admin.token]) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, what).toBe(403);
        expect(res.json().code, what).toBe('OPERATOR_REQUIRED');
      }
      const byKey = await call(method, url, key.key, body);
      expect(byKey.statusCode, what).toBe(403);
      expect(byKey.json().code, what).toBe('API_KEY_NOT_ALLOWED');
    }
    // Nothing happened.
    expect((await call('GET', '/api/organization', admin.token)).json().suspendedAt).toBeNull();
    expect(await statusOf(t, 'outbox', held)).toBe('held');
  });

  it('answer an unknown id with 404 and a missing or empty reason with a clear 400', async () => {
    const operator = await signUpOperator(t);
    const admin = await signUp(t.app);
    for (const url of [suspendUrl(999999), restoreUrl(999999)]) {
      const res = await call('POST', url, operator.token, { reason: 'Spam' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such organization' });
    }
    for (const action of ['release', 'drop']) {
      const res = await call('POST', `/api/instance/held-mail/999999/${action}`, operator.token);
      expect(res.statusCode).toBe(404);
    }
    const cases: [object | undefined, string][] = [
      [{}, 'reason is required'],
      [undefined, 'Request body must be a JSON object'],
      [{ reason: '   ' }, 'Give the reason for the suspension: its members are shown it'],
      [{ reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
      [{ reason: 42 }, 'reason must be a string'],
      [{ reason: 'Spam', until: 'tomorrow' }, 'until'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', suspendUrl(admin.orgId), operator.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect((await call('GET', '/api/instance/audit?page=0', operator.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/instance/held-mail?page=x', operator.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/organization', admin.token)).json().suspendedAt).toBeNull();
  });

  it('list held mail by its domain only, and release it (sent by the next run) or drop it, recorded', async () => {
    const operator = await signUpOperator(t);
    const admin = await signUp(t.app);
    const campaign = await createCampaign(t.app, admin.token, { name: 'Held Campaign' });
    const asset = await createAsset(t.app, admin.token, campaign.id);
    const share = await t.database.db
      .insertInto('shares')
      .values({
        assetId: asset.id,
        campaignId: campaign.id,
        organizationId: admin.orgId,
        platform: 'twitter',
        scheduledFor: new Date(Date.now() + HOUR_MS).toISOString(),
        status: 'pending',
        ref: 'heldRef0001abcdef',
        supporterId: null,
        parentShareId: null,
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reminder = await insertHeldMail(t.database.db, {
      organizationId: admin.orgId,
      kind: 'reminder',
      refId: share.id,
      recipient: 'Private.Person@Example.NET',
    });
    const invitation = await insertHeldMail(t.database.db, {
      organizationId: admin.orgId,
      reason: OUTBOX_REASON.budgetOrganization,
    });
    const list = await call('GET', '/api/instance/held-mail', operator.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Private.Person');
    const ours = list
      .json()
      .items.filter((m: { organizationId: number }) => m.organizationId === admin.orgId);
    expect(ours).toEqual([
      {
        id: reminder,
        organizationId: admin.orgId,
        organizationName: `Org of ${admin.username}`,
        recipientDomain: 'example.net',
        subject: 'You are invited to join an organization on Rally',
        campaignName: 'Held Campaign',
        kind: 'reminder',
        reason: OUTBOX_REASON.newOrganization,
        heldSince: expect.any(String),
        expiresAt: expect.any(String),
      },
      expect.objectContaining({
        id: invitation,
        campaignName: null,
        reason: OUTBOX_REASON.budgetOrganization,
      }),
    ]);
    expect(list.json()).toMatchObject({ page: 1, pageSize: 50, total: expect.any(Number) });

    const released = await call('POST', `/api/instance/held-mail/${reminder}/release`, operator.token);
    expect(released.json()).toEqual({ id: reminder, status: 'queued' });
    const dropped = await call('POST', `/api/instance/held-mail/${invitation}/drop`, operator.token);
    expect(dropped.json()).toEqual({ id: invitation, status: 'dropped' });
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['id', 'status', 'reason', 'recipient', 'body'])
      .where('id', 'in', [reminder, invitation])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: reminder,
        status: 'queued',
        reason: null,
        recipient: 'Private.Person@Example.NET',
        body: 'Join us',
      },
      { id: invitation, status: 'dropped', reason: OUTBOX_REASON.operator, recipient: null, body: null },
    ]);
    // Once acted on, it is not held any more.
    const again = await call('POST', `/api/instance/held-mail/${invitation}/release`, operator.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This mail is not held any more: it is dropped');
    const audit = (await call('GET', '/api/instance/audit', operator.token)).json();
    expect(audit.items.slice(0, 2)).toMatchObject([
      { action: 'held_mail.dropped', actorName: operator.username, target: 'invitation mail to example.org' },
      { action: 'held_mail.released', actorName: operator.username, target: 'reminder mail to example.net' },
    ]);
    expect(JSON.stringify(audit)).not.toContain('Private.Person');
  });
});
