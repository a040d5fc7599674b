import { beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '#shared/schemas/members.ts';
import { hashToken } from '../auth/index.ts';
import { addMember, tokenOf } from '../../test/teams.ts';
import { mailingAppPerFile, requester, type SignedUp, signUp } from '../../test/test-app.ts';

// Invitations are the organisation's mail: sent at once here (a new organisation's
// mail waits MAIL_HOLD_NEW_ORGS_HOURS otherwise; the hold has its test below).
const { t, smtp } = mailingAppPerFile('Rally <rally@example.org>', { MAIL_HOLD_NEW_ORGS_HOURS: '0' });
const inject = requester(t);
let admin: SignedUp;
beforeAll(async () => {
  admin = await signUp(t.app);
});

const invite = (email: string, role = 'editor', token = admin.token) =>
  inject('POST', '/api/organization/invitations', token, { email, role });

describe('invitations', () => {
  it('mails a single-use link that makes the invitee a member with that role', async () => {
    const res = await invite('colleague@example.org', 'editor');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'colleague@example.org', role: 'editor', emailed: true });
    expect(body.url).toMatch(/^https:\/\/rally\.example\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const mail = await smtp.waitFor('colleague@example.org');
    // The subject is the instance's own words; the organisation is named in the body.
    expect(mail.subject).toBe('You are invited to join an organization on Rally');
    expect(mail.text).toContain(`Org of ${admin.username}`);
    expect(mail.text).toContain(body.url);

    // Stored hashed: the token itself is nowhere in the table.
    const rows = await t.database.db.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(tokenOf(body.url));
    expect(rows.some((r) => r.tokenHash === hashToken(tokenOf(body.url)))).toBe(true);

    const preview = await inject('GET', `/api/invitations/${tokenOf(body.url)}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      organization: { name: `Org of ${admin.username}` },
      role: 'editor',
      email: 'colleague@example.org',
    });

    const pending = await inject('GET', '/api/organization/invitations', admin.token);
    expect(pending.json().map((i: { email: string }) => i.email)).toContain('colleague@example.org');
    expect(pending.body).not.toContain(tokenOf(body.url));

    const invitee = await signUp(t.app, { org: false });
    const accept = await inject('POST', `/api/invitations/${tokenOf(body.url)}/accept`, invitee.token);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ organizationId: admin.orgId, role: 'editor' });
    const me = await inject('GET', '/api/user', invitee.token);
    expect(me.json()).toMatchObject({ organizationId: admin.orgId, role: 'editor' });

    // Used: 404 for preview and accept alike.
    expect((await inject('GET', `/api/invitations/${tokenOf(body.url)}`)).statusCode).toBe(404);
    const again = await signUp(t.app, { org: false });
    expect(
      (await inject('POST', `/api/invitations/${tokenOf(body.url)}/accept`, again.token)).statusCode,
    ).toBe(404);
  });

  it('works for an email that already has an account: that account accepts', async () => {
    const existing = await signUp(t.app, { org: false });
    const res = await invite(`${existing.username}@example.org`, 'viewer');
    const accept = await inject('POST', `/api/invitations/${tokenOf(res.json().url)}/accept`, existing.token);
    expect(accept.statusCode).toBe(200);
    expect(accept.json().role).toBe('viewer');
  });

  it('refuses a caller who already belongs to an organisation (409) and keeps the token usable', async () => {
    const res = await invite('someone@example.org');
    const other = await signUp(t.app);
    const accept = await inject('POST', `/api/invitations/${tokenOf(res.json().url)}/accept`, other.token);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('You already belong to an organization');
    expect((await inject('GET', `/api/invitations/${tokenOf(res.json().url)}`)).statusCode).toBe(200);
  });

  it('answers 410 for an expired invitation and 404 for an unknown or revoked one', async () => {
    const res = await invite('late@example.org');
    await t.database.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', res.json().id)
      .execute();
    const token = tokenOf(res.json().url);
    expect((await inject('GET', `/api/invitations/${token}`)).statusCode).toBe(410);
    const late = await signUp(t.app, { org: false });
    const accept = await inject('POST', `/api/invitations/${token}/accept`, late.token);
    expect(accept.statusCode).toBe(410);
    expect(accept.json().message).toBe('This invitation has expired');

    expect((await inject('GET', '/api/invitations/not-a-token')).statusCode).toBe(404);

    const revoked = await invite('revoked@example.org');
    expect(
      (await inject('DELETE', `/api/organization/invitations/${revoked.json().id}`, admin.token)).statusCode,
    ).toBe(204);
    expect((await inject('GET', `/api/invitations/${tokenOf(revoked.json().url)}`)).statusCode).toBe(404);
  });

  it('rejects role values outside the list (400)', async () => {
    for (const role of ['owner', 'Admin', '', 3]) {
      const res = await inject('POST', '/api/organization/invitations', admin.token, {
        email: 'r@example.org',
        role,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('role');
    }
    const member = await addMember(t.app, admin, 'viewer');
    const put = await inject('PUT', `/api/organization/members/${member.userId}`, admin.token, {
      role: 'superuser',
    });
    expect(put.statusCode).toBe(400);
  });

  it('lets exactly one of two concurrent accepts of one token win', async () => {
    const res = await invite('race@example.org');
    const token = tokenOf(res.json().url);
    const [a, b] = await Promise.all([signUp(t.app, { org: false }), signUp(t.app, { org: false })]);
    const results = await Promise.all([
      inject('POST', `/api/invitations/${token}/accept`, a.token),
      inject('POST', `/api/invitations/${token}/accept`, b.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const members = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [a.userId, b.userId])
      .where('organizationId', '=', admin.orgId)
      .execute();
    expect(members).toHaveLength(1);
  });
});

describe('members', () => {
  it('lists members with roles; an admin changes a role; the audit log records it', async () => {
    const member = await addMember(t.app, admin, 'viewer');
    const list = await inject('GET', '/api/organization/members', member.token);
    expect(list.statusCode).toBe(200);
    const me = list.json().find((m: { id: number }) => m.id === member.userId);
    expect(me).toMatchObject({ username: member.username, role: 'viewer' });
    expect(me.joinedAt).toBeTruthy();
    expect(list.body).not.toMatch(/password/i);

    const put = await inject('PUT', `/api/organization/members/${member.userId}`, admin.token, {
      role: 'editor',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().role).toBe('editor');
    // The new role applies at the member's next call.
    const create = await inject('POST', '/api/campaigns', member.token, {
      name: 'Now allowed',
      description: 'x',
      status: 'draft',
    });
    expect(create.statusCode).toBe(201);

    const log = await inject('GET', '/api/organization/activity?limit=5', admin.token);
    expect(log.json()[0]).toMatchObject({ action: 'campaign.created', actor: { id: member.userId } });
    expect(
      log
        .json()
        .some(
          (e: { action: string; target: string }) =>
            e.action === 'member.role_changed' && e.target.includes('viewer -> editor'),
        ),
    ).toBe(true);
  });

  it('keeps at least one admin (409 on demoting or removing the last), and a member can leave', async () => {
    const solo = await signUp(t.app);
    const demote = await inject('PUT', `/api/organization/members/${solo.userId}`, solo.token, {
      role: 'editor',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_ADMIN_MESSAGE);
    const leave = await inject('DELETE', `/api/organization/members/${solo.userId}`, solo.token);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe(LAST_ADMIN_MESSAGE);

    const viewer = await addMember(t.app, solo, 'viewer');
    expect(
      (await inject('DELETE', `/api/organization/members/${viewer.userId}`, viewer.token)).statusCode,
    ).toBe(204);
    const me = await inject('GET', '/api/user', viewer.token);
    expect(me.json()).toMatchObject({ organizationId: null });
  });

  it("a removed member's open session ends: 401 at the next call; the account stays", async () => {
    const editor = await addMember(t.app, admin, 'editor');
    expect((await inject('GET', '/api/campaigns', editor.token)).statusCode).toBe(200);
    expect(
      (await inject('DELETE', `/api/organization/members/${editor.userId}`, admin.token)).statusCode,
    ).toBe(204);
    expect((await inject('GET', '/api/campaigns', editor.token)).statusCode).toBe(401);
    expect((await inject('GET', '/api/user', editor.token)).statusCode).toBe(401);
    // The account itself stays: its owner signs in again, outside the organisation.
    const again = await inject('POST', '/api/login', undefined, {
      username: editor.username,
      password: 'secret123',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().organizationId).toBeNull();
  });

  it('an editor calling an admin route gets 403 naming the role; a viewer forging organizationId gets 403', async () => {
    const editor = await addMember(t.app, admin, 'editor');
    const res = await invite('x@example.org', 'viewer', editor.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This needs the admin role');

    const viewer = await addMember(t.app, admin, 'viewer');
    const other = await signUp(t.app);
    const forged = { name: 'Forged', description: 'x', status: 'active', organizationId: other.orgId };
    for (const member of [viewer, editor])
      expect((await inject('POST', '/api/campaigns', member.token, forged)).statusCode).toBe(403);
    const theirs = await inject('GET', '/api/campaigns', other.token);
    expect(theirs.json()).toEqual([]);
  });

  it("another organisation's member ids are not found", async () => {
    const other = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    expect(
      (await inject('PUT', `/api/organization/members/${viewer.userId}`, other.token, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('DELETE', `/api/organization/members/${viewer.userId}`, other.token)).statusCode,
    ).toBe(404);
  });
});
