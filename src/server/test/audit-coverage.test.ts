import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../modules/auth/index.ts';
import { multipartFile, PNG_1X1 } from './sample-files.ts';
import { insertHeldMail } from './db-rows.ts';
import { addMember, tokenOf } from './teams.ts';
import { seedSupporterKey } from './supporter-key.ts';
import { visitorCookie } from './visitor.ts';
import { bearer, createTestApp, signUp, signUpOperator, type SignedUp, type TestApp } from './test-app.ts';
import { isoAfter, nowIso } from '../lib/time.ts';
import { PERMISSIONS, routeRule } from '../lib/permissions.ts';

// Every write through the API leaves an audit entry naming who acted (a person, or an
// API key with its id and name and the person who made it) and the organisation. The
// routes come from the permission table, so a new write route fails here until it is
// audited or listed below with the reason it is not.

/** Writes that leave no entry, each with why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/register':
    'creates the account itself: there is no actor or organisation yet (the first sign-in is recorded)',
  'POST /api/password-reset':
    'an anonymous request for a reset mail; it changes no account, and answers alike whether one exists',
  'POST /api/shares': "a supporter's public share: counted in the figures, not in the staff audit log",
  'POST /api/shares/schedule': "a supporter's public scheduled share: counted in the figures",
  'POST /api/clicks': "the supporter page's click-through confirmation: counted in the figures",
  'POST /api/supporter/moments/:id/commit':
    "a supporter's commitment to a shared moment (a public scheduled share): counted in the moment's figure",
  'PUT /api/user/first-run/:step':
    "a tick on the member's own getting-started checklist: nothing of the organisation changes",
  'DELETE /api/supporter/my-data':
    "a supporter erasing their own browser's data: a record of it would keep what was erased (staff data requests are audited)",
  'POST /api/supporter/campaigns/:id/visits':
    "the supporter page's visit confirmation: counted in the figures",
  'PUT /api/supporter/cookie-choice':
    "a supporter's choice about the visitor cookie: cookies only, nothing stored",
  'PUT /api/supporter/campaigns/:id/profile':
    "a supporter's own display name and board choice: theirs to change, and staff hiding it is audited",
  'POST /api/webhooks/:id/test':
    "queues a test event to one of the organisation's own endpoints: nothing of the organisation changes (the delivery log shows it)",
  'POST /api/webhooks/:id/deliveries/:messageId/retry':
    'sends an event once more to the endpoint it was for: nothing of the organisation changes (the delivery log shows it)',
  'POST /api/debug/run-jobs':
    'a tester runs the background jobs now (DEV_TOOLS only): what they do leaves its own entries, as it would on their timer',
};

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writeRoutes = Object.keys(PERMISSIONS).filter((key) => {
  const [method, url] = key.split(' ');
  return WRITE.has(method) && url.startsWith('/api/');
});

type Headers = Record<string, string>;
interface Done {
  res: LightMyRequestResponse;
  /** Who the entry must name (default: the admin who made the request or the key). */
  actorId?: number;
  /** Which organisation (default: the admin's). */
  orgId?: number;
}
/** Makes one successful call of the route, authenticated with `auth` (a session or an API key). */
type Call = (auth: Headers) => Promise<Done>;

let t: TestApp;
let admin: SignedUp;
let fileServer: http.Server;
let fileUrl: string;

const inject = (method: string, url: string, auth: Headers, payload?: object) =>
  t.app.inject({ method: method as 'POST', url, headers: auth, payload });

async function newCampaign(auth: Headers = bearer(admin.token), assets = 1) {
  const c = await inject('POST', '/api/campaigns', auth, { name: 'Audited drive', status: 'draft' });
  expect(c.statusCode, c.body).toBe(201);
  const ids: number[] = [];
  for (let i = 0; i < assets; i++) {
    const a = await inject('POST', '/api/assets', auth, {
      campaignId: c.json().id,
      title: `Asset ${i}`,
      type: 'text',
      content: 'Share this',
    });
    expect(a.statusCode, a.body).toBe(201);
    ids.push(a.json().id);
  }
  // Published once it has something to share; without assets it stays a draft.
  if (assets > 0) {
    const live = await inject('PUT', `/api/campaigns/${c.json().id}`, auth, { status: 'active' });
    expect(live.statusCode, live.body).toBe(200);
  }
  return { id: c.json().id as number, assetIds: ids };
}

/** A moment's time a day ahead. */
const soon = () => new Date(Date.now() + 86_400_000).toISOString();

async function login(username: string, password = 'secret123') {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/**
 * An email change of `userId` as its mails leave it: waiting for the link to the new
 * address (`confirm`), or made and waiting for the old address's undo link. Its token.
 */
/** A pending email change of a new user, opened through its confirm or undo link. */
async function emailChangeLink(link: 'confirm' | 'undo') {
  const user = await signUp(t.app);
  const confirm = link === 'confirm';
  const token = `email-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await t.database.db
    .insertInto('emailChanges')
    .values({
      userId: user.userId,
      oldEmail: 'old@example.org',
      newEmail: 'new@example.org',
      confirmTokenHash: confirm ? hashToken(token) : null,
      confirmBy: isoAfter(3_600_000),
      confirmedAt: confirm ? null : nowIso(),
      undoTokenHash: confirm ? null : hashToken(token),
      undoBy: confirm ? null : isoAfter(3_600_000),
      createdAt: nowIso(),
    })
    .execute();
  return {
    res: await t.app.inject({ method: 'POST', url: `/api/email-change/${token}/${link}` }),
    actorId: user.userId,
    orgId: user.orgId,
  };
}

/** A webhook endpoint, turned off (nothing is posted to it); the admin's, made anew (at most 10 exist). */
const WEBHOOK = { url: 'http://127.0.0.1:9/hooks', events: ['asset.created'], enabled: false };
async function newWebhook(): Promise<number> {
  const listed = await inject('GET', '/api/webhooks', bearer(admin.token));
  for (const old of listed.json() as { id: number }[])
    await inject('DELETE', `/api/webhooks/${old.id}`, bearer(admin.token));
  const made = await inject('POST', '/api/webhooks', bearer(admin.token), WEBHOOK);
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id;
}

/**
 * A published campaign of the admin's with a change waiting for review: by nobody
 * (anyone may decide), or by the admin (who, with a key too, may withdraw it).
 */
async function waitingChange(submittedBy: number | null = null): Promise<number> {
  const { id } = await newCampaign();
  await t.database.db
    .insertInto('campaignRevisions')
    .values({
      organizationId: admin.orgId,
      campaignId: id,
      openCampaignId: id,
      state: 'pending',
      changes: JSON.stringify([{ kind: 'campaign', fields: { description: 'Reviewed words' } }]),
      comments: '[]',
      contributors: '[]',
      submittedBy,
      submittedAt: nowIso(),
      decidedBy: null,
      decidedAt: null,
    })
    .execute();
  return id;
}

/** One successful call per audited write route. */
const CALLS: Record<string, Call> = {
  'POST /api/login': async () => ({
    res: await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: admin.username, password: 'secret123' },
    }),
  }),
  'POST /api/logout': async () => ({
    res: await inject('POST', '/api/logout', bearer(await login(admin.username))),
  }),
  'PUT /api/user/notifications': async (auth) => ({
    res: await inject('PUT', '/api/user/notifications', auth, { weeklyDigest: true }),
  }),
  'PUT /api/user/profile': async (auth) => ({
    res: await inject('PUT', '/api/user/profile', auth, { firstName: 'Ada' }),
  }),
  'PUT /api/user/password': async () => {
    const user = await signUp(t.app);
    return {
      res: await inject('PUT', '/api/user/password', bearer(user.token), {
        currentPassword: 'secret123',
        newPassword: 'another123',
      }),
      actorId: user.userId,
      orgId: user.orgId,
    };
  },
  'POST /api/organization/supporter-profiles/:id/hide': async (auth) => ({
    res: await inject('POST', `/api/organization/supporter-profiles/${await supporterProfile()}/hide`, auth),
  }),
  'POST /api/organization/supporter-profiles/:id/unhide': async (auth) => {
    const id = await supporterProfile();
    await inject('POST', `/api/organization/supporter-profiles/${id}/hide`, bearer(admin.token));
    return { res: await inject('POST', `/api/organization/supporter-profiles/${id}/unhide`, auth) };
  },
  'POST /api/organization/privacy/supporters/:key/erase': async (auth) => {
    const key = await seedSupporterKey(t, admin);
    return {
      res: await inject('POST', `/api/organization/privacy/supporters/${key}/erase`, auth, {
        reason: 'Asked by the supporter',
      }),
    };
  },
  'DELETE /api/user': async () => {
    const member = await addMember(t.app, admin, 'viewer');
    return {
      res: await inject('DELETE', '/api/user', bearer(member.token), { password: 'secret123' }),
      actorId: member.userId,
    };
  },
  'DELETE /api/user/sessions/:id': async (auth) => {
    await login(admin.username);
    const other = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', admin.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { res: await inject('DELETE', `/api/user/sessions/${other.id}`, auth) };
  },
  'POST /api/password-reset/:token': async () => {
    const user = await signUp(t.app);
    const token = `reset-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await t.database.db
      .insertInto('passwordResets')
      .values({
        userId: user.userId,
        tokenHash: hashToken(token),
        createdAt: nowIso(),
        expiresAt: isoAfter(3_600_000),
      })
      .execute();
    return {
      res: await t.app.inject({
        method: 'POST',
        url: `/api/password-reset/${token}`,
        payload: { newPassword: 'another123' },
      }),
      actorId: user.userId,
      orgId: user.orgId,
    };
  },
  'POST /api/email-change/:token/confirm': () => emailChangeLink('confirm'),
  'POST /api/email-change/:token/undo': () => emailChangeLink('undo'),
  'POST /api/organizations': async () => {
    const user = await signUp(t.app, { org: false });
    const res = await inject('POST', '/api/organizations', bearer(user.token), {
      name: 'Second org',
      username: `second-${user.username}`,
    });
    return { res, actorId: user.userId, orgId: res.json().id };
  },
  'PUT /api/organization/settings': async (auth) => ({
    res: await inject('PUT', '/api/organization/settings', auth, { supporters: { collectInfo: true } }),
  }),
  'PUT /api/organization/members/:userId': async (auth) => {
    const member = await addMember(t.app, admin, 'viewer');
    return {
      res: await inject('PUT', `/api/organization/members/${member.userId}`, auth, { role: 'editor' }),
    };
  },
  'DELETE /api/organization/members/:userId': async (auth) => {
    const member = await addMember(t.app, admin, 'viewer');
    return { res: await inject('DELETE', `/api/organization/members/${member.userId}`, auth) };
  },
  'POST /api/organization/invitations': async (auth) => ({
    res: await inject('POST', '/api/organization/invitations', auth, {
      email: 'new@example.org',
      role: 'viewer',
    }),
  }),
  'DELETE /api/organization/invitations/:id': async (auth) => {
    const inv = await inject('POST', '/api/organization/invitations', auth, {
      email: 'gone@example.org',
      role: 'viewer',
    });
    return { res: await inject('DELETE', `/api/organization/invitations/${inv.json().id}`, auth) };
  },
  'POST /api/invitations/:token/accept': async () => {
    const inv = await inject('POST', '/api/organization/invitations', bearer(admin.token), {
      email: 'joiner@example.org',
      role: 'viewer',
    });
    const user = await signUp(t.app, { org: false });
    return {
      res: await inject('POST', `/api/invitations/${tokenOf(inv.json().url)}/accept`, bearer(user.token)),
      actorId: user.userId,
    };
  },
  'POST /api/organization/api-keys': async (auth) => ({
    res: await inject('POST', '/api/organization/api-keys', auth, { name: 'Another key', role: 'viewer' }),
  }),
  'DELETE /api/organization/api-keys/:id': async (auth) => {
    const key = await inject('POST', '/api/organization/api-keys', auth, {
      name: 'Short-lived',
      role: 'viewer',
    });
    return { res: await inject('DELETE', `/api/organization/api-keys/${key.json().id}`, auth) };
  },
  'POST /api/webhooks': async (auth) => ({
    res: await inject('POST', '/api/webhooks', auth, WEBHOOK),
  }),
  'PUT /api/webhooks/:id': async (auth) => ({
    res: await inject('PUT', `/api/webhooks/${await newWebhook()}`, auth, { description: 'Audited' }),
  }),
  'DELETE /api/webhooks/:id': async (auth) => ({
    res: await inject('DELETE', `/api/webhooks/${await newWebhook()}`, auth),
  }),
  'POST /api/webhooks/:id/rotate-secret': async (auth) => ({
    res: await inject('POST', `/api/webhooks/${await newWebhook()}/rotate-secret`, auth),
  }),
  'POST /api/campaigns': async (auth) => ({
    res: await inject('POST', '/api/campaigns', auth, { name: 'New drive', status: 'draft' }),
  }),
  'PUT /api/campaigns/:id': async (auth) => {
    const c = await newCampaign();
    return { res: await inject('PUT', `/api/campaigns/${c.id}`, auth, { name: 'Renamed drive' }) };
  },
  'DELETE /api/campaigns/:id': async (auth) => {
    const c = await newCampaign();
    return { res: await inject('DELETE', `/api/campaigns/${c.id}`, auth) };
  },
  'POST /api/campaigns/:id/review/approve': async (auth) => ({
    res: await inject('POST', `/api/campaigns/${await waitingChange()}/review/approve`, auth, {}),
  }),
  'POST /api/campaigns/:id/review/request-changes': async (auth) => ({
    res: await inject('POST', `/api/campaigns/${await waitingChange()}/review/request-changes`, auth, {
      comment: 'Please check the words',
    }),
  }),
  'POST /api/campaigns/:id/review/withdraw': async (auth) => ({
    res: await inject('POST', `/api/campaigns/${await waitingChange(admin.userId)}/review/withdraw`, auth),
  }),
  'POST /api/campaigns/:id/duplicate': async (auth) => {
    const c = await newCampaign();
    return { res: await inject('POST', `/api/campaigns/${c.id}/duplicate`, auth) };
  },
  'POST /api/campaigns/import': async (auth) => ({
    res: await inject('POST', '/api/campaigns/import?dryRun=false', auth, {
      rows: [
        {
          campaign_name: 'Imported drive',
          asset_type: 'text',
          title: 'Imported post',
          share_text: 'Share this',
        },
      ],
    }),
  }),
  'PUT /api/campaigns/:id/assets/order': async (auth) => {
    const c = await newCampaign(undefined, 2);
    return {
      res: await inject('PUT', `/api/campaigns/${c.id}/assets/order`, auth, {
        assetIds: [...c.assetIds].reverse(),
      }),
    };
  },
  'POST /api/assets': async (auth) => {
    const c = await newCampaign(undefined, 0);
    return {
      res: await inject('POST', '/api/assets', auth, {
        campaignId: c.id,
        title: 'Text',
        type: 'text',
        content: 'Hi',
      }),
    };
  },
  'PUT /api/assets/:id': async (auth) => {
    const c = await newCampaign();
    return { res: await inject('PUT', `/api/assets/${c.assetIds[0]}`, auth, { title: 'Retitled' }) };
  },
  'DELETE /api/assets/:id': async (auth) => {
    const c = await newCampaign(undefined, 2);
    return { res: await inject('DELETE', `/api/assets/${c.assetIds[0]}`, auth) };
  },
  'POST /api/campaigns/:id/moments': async (auth) => {
    const c = await newCampaign();
    return {
      res: await inject('POST', `/api/campaigns/${c.id}/moments`, auth, { at: soon(), platform: 'any' }),
    };
  },
  'DELETE /api/moments/:id': async (auth) => {
    const c = await newCampaign();
    const m = await inject('POST', `/api/campaigns/${c.id}/moments`, bearer(admin.token), {
      at: soon(),
      platform: 'any',
    });
    expect(m.statusCode, m.body).toBe(201);
    return { res: await inject('DELETE', `/api/moments/${m.json().id}`, auth) };
  },
  'POST /api/templates': async (auth) => {
    const c = await newCampaign();
    return { res: await inject('POST', '/api/templates', auth, { campaignId: c.id, name: 'Our template' }) };
  },
  'POST /api/templates/:id/use': async (auth) => ({
    res: await inject('POST', '/api/templates/follower-growth/use', auth, { name: 'From a template' }),
  }),
  'POST /api/upload': async (auth) => {
    const body = multipartFile({ filename: 'dot.png', contentType: 'image/png', bytes: PNG_1X1 });
    return {
      res: await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...auth, ...body.headers },
      }),
    };
  },
  'POST /api/upload-from-url': async (auth) => ({
    res: await inject('POST', '/api/upload-from-url', auth, { imageUrl: fileUrl }),
  }),
  'POST /api/debug/create-test-content': async (auth) => ({
    res: await inject('POST', '/api/debug/create-test-content', auth),
  }),
};

/**
 * The instance's writes (the operators' console) go to the instance audit log instead
 * (lib/instance-audit.ts): one successful call each, made by an operator.
 */
const INSTANCE_CALLS: Record<string, Call> = {
  'PUT /api/instance/settings': async (auth) => ({
    res: await inject('PUT', '/api/instance/settings', auth, { allowedEmailDomains: ['example.org'] }),
  }),
  'POST /api/instance/invitations': async (auth) => ({
    res: await inject('POST', '/api/instance/invitations', auth, {}),
  }),
  'DELETE /api/instance/invitations/:id': async (auth) => {
    const link = await inject('POST', '/api/instance/invitations', auth, {});
    return { res: await inject('DELETE', `/api/instance/invitations/${link.json().id}`, auth) };
  },
  'POST /api/instance/organizations/:id/suspend': async (auth) => ({
    res: await inject('POST', `/api/instance/organizations/${(await signUp(t.app)).orgId}/suspend`, auth, {
      reason: 'Audit coverage',
    }),
  }),
  'POST /api/instance/organizations/:id/restore': async (auth) => {
    const { orgId } = await signUp(t.app);
    await inject('POST', `/api/instance/organizations/${orgId}/suspend`, auth, { reason: 'Audit coverage' });
    return { res: await inject('POST', `/api/instance/organizations/${orgId}/restore`, auth) };
  },
  'POST /api/instance/held-mail/:id/release': async (auth) => ({
    res: await inject('POST', `/api/instance/held-mail/${await heldMail()}/release`, auth),
  }),
  'POST /api/instance/held-mail/:id/drop': async (auth) => ({
    res: await inject('POST', `/api/instance/held-mail/${await heldMail()}/drop`, auth),
  }),
};

/** A supporter's named profile in the admin's organisation (through a new campaign's page). */
async function supporterProfile(): Promise<number> {
  const { id } = await newCampaign();
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/supporter/campaigns/${id}/profile`,
    headers: { 'sec-fetch-site': 'same-origin', cookie: await visitorCookie(t.app, id) },
    payload: { displayName: 'Audited Fan', onBoard: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.database.db
    .selectFrom('supporterProfiles')
    .select('id')
    .where('organizationId', '=', admin.orgId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A mail held for the admin's (new) organisation: what an operator releases or drops. */
const heldMail = () => insertHeldMail(t.database.db, { organizationId: admin.orgId });

beforeAll(async () => {
  // DEV_TOOLS registers the debug route; ALLOW_PRIVATE_FETCH lets upload-from-url fetch from loopback.
  t = await createTestApp({ DEV_TOOLS: '1', ALLOW_PRIVATE_FETCH: 'true' });
  admin = await signUp(t.app);
  fileServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG_1X1);
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}/dot.png`;
});
afterAll(async () => {
  await new Promise((resolve) => fileServer.close(resolve));
  await t.close();
});

const lastAuditId = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id ?? 0,
  );

const entriesAfter = (id: number) =>
  t.database.db.selectFrom('auditLog').selectAll().where('id', '>', id).orderBy('id').execute();

describe('the audit log', () => {
  it('has a call or a stated reason for every write route in the permission table', () => {
    expect(writeRoutes.length).toBeGreaterThan(30);
    const listed = { ...CALLS, ...NOT_AUDITED, ...INSTANCE_CALLS };
    expect(writeRoutes.filter((r) => !(r in listed))).toEqual([]);
    // And nothing listed for a route that no longer exists.
    expect(Object.keys(listed).filter((r) => !writeRoutes.includes(r))).toEqual([]);
  });

  it.each(Object.keys(INSTANCE_CALLS))('%s records the operator in the instance audit log', async (route) => {
    const operator = await signUpOperator(t);
    const last = await t.database.db
      .selectFrom('instanceAudit')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const done = await INSTANCE_CALLS[route](bearer(operator.token));
    expect(done.res.statusCode, done.res.body).toBeLessThan(300);
    const entries = await t.database.db
      .selectFrom('instanceAudit')
      .selectAll()
      .where('id', '>', Number(last.id ?? 0))
      .execute();
    expect(entries.map((e) => [e.actorId, e.actorName])).toContainEqual([operator.userId, operator.username]);
  });

  it.each(writeRoutes.filter((r) => r in CALLS))('%s records who did it, and where', async (route) => {
    const before = await lastAuditId();
    const done = await CALLS[route](bearer(admin.token));
    expect(done.res.statusCode, done.res.body).toBeLessThan(300);
    const entries = await entriesAfter(before);
    const own = entries.filter((e) => e.actorId === (done.actorId ?? admin.userId));
    expect(own.length, `no entry by the caller for ${route}: ${JSON.stringify(entries)}`).toBeGreaterThan(0);
    const last = own.at(-1)!;
    expect(last).toMatchObject({
      organizationId: done.orgId ?? admin.orgId,
      actorKind: 'user',
      apiKeyId: null,
      apiKeyName: null,
    });
  });

  // What an API key may call: every write the table does not keep for sessions.
  const keyRoutes = writeRoutes.filter((r) => {
    const rule = routeRule(PERMISSIONS[r]);
    return r in CALLS && !rule.sessionOnly && rule.access !== 'public';
  });

  it('lets API keys make writes (else the next test would prove nothing)', () => {
    expect(keyRoutes).toEqual(
      expect.arrayContaining(['POST /api/campaigns', 'POST /api/upload', 'POST /api/templates/:id/use']),
    );
  });

  it.each(keyRoutes)('%s with an API key records the key, its name and its maker', async (route) => {
    const created = await inject('POST', '/api/organization/api-keys', bearer(admin.token), {
      name: `Sync for ${route}`,
      role: 'editor',
    });
    expect(created.statusCode).toBe(201);
    const key = created.json() as { id: number; key: string; name: string };
    const before = await lastAuditId();
    const done = await CALLS[route](bearer(key.key));
    expect(done.res.statusCode, done.res.body).toBeLessThan(300);
    const entries = (await entriesAfter(before)).filter((e) => e.apiKeyId === key.id);
    expect(entries.length, `no entry marked with the key for ${route}`).toBeGreaterThan(0);
    for (const e of entries)
      expect(e).toMatchObject({
        organizationId: admin.orgId,
        actorId: admin.userId,
        actorKind: 'api_key',
        apiKeyName: key.name,
      });
  });

  it('shows the key in the activity log, also once the key is revoked', async () => {
    const created = await inject('POST', '/api/organization/api-keys', bearer(admin.token), {
      name: 'Nightly import',
      role: 'editor',
    });
    const key = created.json() as { id: number; key: string };
    const made = await inject('POST', '/api/campaigns', bearer(key.key), {
      name: 'Imported',
      status: 'draft',
    });
    expect(made.statusCode).toBe(201);
    expect(
      (await inject('DELETE', `/api/organization/api-keys/${key.id}`, bearer(admin.token))).statusCode,
    ).toBe(204);
    for (const url of ['/api/organization/activity', '/api/user/activity']) {
      const res = await inject('GET', url, bearer(admin.token));
      expect(res.statusCode).toBe(200);
      const items = res.json() as { action: string; target: string; actorKind: string; apiKey: unknown }[];
      expect(items.find((i) => i.action === 'campaign.created' && i.target === 'Imported')).toMatchObject({
        actorKind: 'api_key',
        apiKey: { id: key.id, name: 'Nightly import' },
      });
      // The admin's own revocation is theirs, not the key's.
      expect(items.find((i) => i.action === 'api_key.revoked')).toMatchObject({
        actorKind: 'user',
        apiKey: null,
      });
    }
  });
});
