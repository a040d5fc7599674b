import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT } from '#shared/schemas/account.ts';
import {
  accountDataSchema,
  LAST_OPERATOR_DELETION_MESSAGE,
  lastAdminDeletionMessage,
} from '#shared/schemas/account-data.ts';
import { ANONYMOUS_PREFIX } from '../../db/personal-data.ts';
import { insertHeldMail } from '../../test/db-rows.ts';
import { addMember, postApiKey } from '../../test/teams.ts';
import { appPerFile, requester, signUp } from '../../test/test-app.ts';
import { accountRowFields } from './account-data.ts';

const t = appPerFile();
const inject = requester(t);

const login = (username: string, password = 'secret123') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

const deleteAccount = (token: string, password?: string) =>
  inject('DELETE', '/api/user', token, password === undefined ? {} : { password });

const expectRefusal = (res: LightMyRequestResponse, status: number, body: object) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject(body);
};

describe('GET /api/user/data', () => {
  it("is the member's own account data, with no token hash and nobody else's", async () => {
    const admin = await signUp(t.app);
    const member = await addMember(t.app, admin, 'admin');
    const key = await postApiKey(t.app, member.token, { name: 'Nightly sync', role: 'viewer' });
    expect(key.statusCode).toBe(201);
    const invite = await inject('POST', '/api/organization/invitations', member.token, {
      email: 'friend@example.org',
      role: 'viewer',
    });
    expect(invite.statusCode).toBe(201);
    await inject('PUT', '/api/user/profile', member.token, { firstName: 'Ada', phone: '+44 20 7946 0000' });

    const res = await inject('GET', '/api/user/data', member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = accountDataSchema.parse(res.json());
    expect(data.profile).toMatchObject({
      id: member.userId,
      username: member.username,
      email: `${member.username}@example.org`,
      firstName: 'Ada',
      phone: '+44 20 7946 0000',
    });
    expect(data.memberships).toEqual([
      {
        organization: { id: admin.orgId, name: `Org of ${admin.username}` },
        role: 'admin',
        joinedAt: expect.any(String),
      },
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.invitationsSent.map((i) => i.email)).toEqual(['friend@example.org']);
    expect(data.invitationsReceived).toEqual([
      expect.objectContaining({ organizationId: admin.orgId, role: 'admin' }),
    ]);
    expect(data.apiKeys.map((k) => k.name)).toEqual(['Nightly sync']);
    expect(data.audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'member.joined',
        'api_key.created',
        'invitation.created',
        'account.profile_updated',
      ]),
    );
    // Nothing secret, nothing of the admin who invited them.
    expect(res.body).not.toMatch(/tokenHash|passwordHash/);
    expect(res.body).not.toContain(key.json().key);
    expect(data.audit.every((a) => a.action !== 'organization.created')).toBe(true);
  });

  it('needs a session', async () => {
    expect((await inject('GET', '/api/user/data')).statusCode).toBe(401);
  });
});

describe('DELETE /api/user', () => {
  it('refuses a wrong or missing password: a stolen session cannot delete the account', async () => {
    const user = await signUp(t.app);
    expectRefusal(await deleteAccount(user.token, 'not-my-password'), 400, {
      code: 'CURRENT_PASSWORD_INCORRECT',
      errors: [{ path: 'password', message: CURRENT_PASSWORD_INCORRECT }],
    });
    expect((await deleteAccount(user.token)).statusCode).toBe(400);
    expect((await inject('GET', '/api/user', user.token)).statusCode).toBe(200);
    expect((await deleteAccount('')).statusCode).toBe(401);
  });

  it("refuses the last admin of an organisation (409 naming it), not once there's another", async () => {
    const admin = await signUp(t.app);
    expectRefusal(await deleteAccount(admin.token, 'secret123'), 409, {
      code: 'LAST_ADMIN',
      message: lastAdminDeletionMessage(`Org of ${admin.username}`),
    });
    expect((await inject('GET', '/api/user', admin.token)).statusCode).toBe(200);

    await addMember(t.app, admin, 'admin');
    expect((await deleteAccount(admin.token, 'secret123')).statusCode).toBe(204);
  });

  it('signs the account out everywhere, removes its personal fields and membership, and is audited', async () => {
    const admin = await signUp(t.app);
    const member = await addMember(t.app, admin, 'editor');
    const other = (await login(member.username)).json().token as string;
    await inject('PUT', '/api/user/profile', member.token, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '555',
    });
    const db = t.database.db;
    await db
      .insertInto('uploads')
      .values({
        name: 'member-file.png',
        organizationId: admin.orgId,
        userId: member.userId,
        size: 10,
        createdAt: new Date().toISOString(),
      })
      .execute();

    const res = await deleteAccount(member.token, 'secret123');
    expect(res.statusCode, res.body).toBe(204);

    // Signed out: this session, the other one, and the password no longer signs in.
    expect((await inject('GET', '/api/user', member.token)).statusCode).toBe(401);
    expect((await inject('GET', '/api/user', other)).statusCode).toBe(401);
    expect((await login(member.username)).statusCode).toBe(401);

    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      organizationId: null,
    });
    expect(row.username.startsWith(ANONYMOUS_PREFIX)).toBe(true);
    expect(row.usernameKey?.startsWith(ANONYMOUS_PREFIX)).toBe(true);
    // Every registry column that finds the account's rows by its id holds it no more.
    for (const f of accountRowFields().filter((r) => r.erase !== 'keep')) {
      const left = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(f.table)} where ${sql.ref(f.column)} = ${member.userId}`.execute(
        db,
      );
      expect(Number(left.rows[0]?.n), `${f.table}.${f.column}`).toBe(0);
    }
    const members = await inject('GET', '/api/organization/members', admin.token);
    expect(members.json().map((m: { id: number }) => m.id)).not.toContain(member.userId);

    // The organisation's log says so; the actor of the member's past entries stays (audit retention).
    const log = await inject('GET', `/api/organization/activity?actorId=${member.userId}`, admin.token);
    expect(log.statusCode).toBe(200);
    const actions = log.json().map((e: { action: string }) => e.action);
    expect(actions).toContain('account.deleted');
    expect(actions).toContain('member.joined');
    // ...but not by the anonymised username: the log shows a former member.
    expect(log.json().every((e: { actor: unknown }) => e.actor === null)).toBe(true);
  });

  it('revokes the API keys and pending invitations the member made', async () => {
    const admin = await signUp(t.app);
    const member = await addMember(t.app, admin, 'admin');
    const key = await postApiKey(t.app, member.token, { name: 'Their key', role: 'editor' });
    await inject('POST', '/api/organization/invitations', member.token, {
      email: 'pending@example.org',
      role: 'viewer',
    });
    expect((await deleteAccount(member.token, 'secret123')).statusCode).toBe(204);
    expect((await inject('GET', '/api/campaigns', key.json().key)).statusCode).toBe(401);
    const invitations = await inject('GET', '/api/organization/invitations', admin.token);
    expect(invitations.json().map((i: { email: string }) => i.email)).not.toContain('pending@example.org');
  });

  it("refuses the instance's last operator (409), not once there's another: only the command line may", async () => {
    const admin = await signUp(t.app);
    const member = await addMember(t.app, admin, 'editor');
    const db = t.database.db;
    const setOperators = (ids: number[]) =>
      db
        .updateTable('users')
        .set((eb) => ({ isOperator: eb.case().when('id', 'in', ids).then(1).else(0).end() }))
        .execute();
    await setOperators([member.userId]);
    expectRefusal(await deleteAccount(member.token, 'secret123'), 409, {
      code: 'LAST_OPERATOR',
      message: LAST_OPERATOR_DELETION_MESSAGE,
    });
    const me = await inject('GET', '/api/user', member.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().isOperator).toBe(true);

    await setOperators([member.userId, admin.userId]);
    expect((await deleteAccount(member.token, 'secret123')).statusCode).toBe(204);
    const operators = await db.selectFrom('users').select('id').where('isOperator', '=', 1).execute();
    expect(operators).toEqual([{ id: admin.userId }]);
  });

  it('lets only one of the last two operators go when both delete their accounts at once', async () => {
    // In two organisations: their rows are not one lock.
    const one = await addMember(t.app, await signUp(t.app), 'editor');
    const two = await addMember(t.app, await signUp(t.app), 'editor');
    const db = t.database.db;
    await db.updateTable('users').set({ isOperator: 0 }).execute();
    await db
      .updateTable('users')
      .set({ isOperator: 1 })
      .where('id', 'in', [one.userId, two.userId])
      .execute();
    const answers = await Promise.all([one, two].map((m) => deleteAccount(m.token, 'secret123')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const operators = await db.selectFrom('users').select('id').where('isOperator', '=', 1).execute();
    expect(operators).toHaveLength(1);
  });

  it("drops the mail still waiting to go to the member's addresses, and no one else's", async () => {
    const admin = await signUp(t.app);
    const member = await addMember(t.app, admin, 'editor');
    const db = t.database.db;
    const email = `${member.username}@example.org`;
    const newEmail = `${member.username}.new@example.org`;
    const now = new Date().toISOString();
    await db
      .insertInto('emailChanges')
      .values({
        userId: member.userId,
        oldEmail: email,
        newEmail,
        confirmTokenHash: 'hash',
        confirmBy: new Date(Date.now() + 3_600_000).toISOString(),
        createdAt: now,
      })
      .execute();
    const mail = async (recipient: string, status: 'queued' | 'held' | 'sent', kind?: string) => {
      const id = await insertHeldMail(db, { organizationId: admin.orgId, recipient, kind });
      if (status !== 'held')
        await db.updateTable('outbox').set({ status, reason: null }).where('id', '=', id).execute();
      return id;
    };
    const theirs = [
      await mail(email, 'queued', 'member-notification'),
      await mail(email, 'held'),
      await mail(newEmail, 'queued', 'email-confirm'),
    ];
    const sent = await mail(email, 'sent');
    const others = [await mail('someone-else@example.org', 'queued'), await mail(newEmail, 'queued')];

    expect((await deleteAccount(member.token, 'secret123')).statusCode).toBe(204);
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'status', 'reason', 'recipient', 'body'])
      .where('id', 'in', [...theirs, sent, ...others])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of theirs)
      expect(byId.get(id)).toEqual({
        id,
        status: 'dropped',
        reason: 'erased-on-request',
        recipient: null,
        body: null,
      });
    expect(byId.get(sent)?.status).toBe('sent');
    // Another address, and another kind of mail to the changed-to address (not this account's doing), go on.
    for (const id of others) expect(byId.get(id)?.status).toBe('queued');
  });
});
