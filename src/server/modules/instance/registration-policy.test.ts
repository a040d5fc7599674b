import { describe, expect, it } from 'vitest';
import { tokenOf } from '../../test/teams.ts';
import { appPerFile, bearer, postJson, signUp, signUpOperator, type TestApp } from '../../test/test-app.ts';

// POST /api/register under the instance's sign-up policy: open (to the allowed email
// domains), invite-only (an organisation's invitation or an operator's link), closed
// (an operator's link only). Refusals are 403 with their own code, never a 500.

let n = 0;
const register = (t: TestApp, extra: { email?: string; invitation?: string } = {}) => {
  n += 1;
  const username = `newcomer${n}`;
  return postJson(t.app, '/api/register', {
    username,
    email: extra.email ?? `${username}@example.org`,
    password: 'secret123',
    ...(extra.invitation !== undefined && { invitation: extra.invitation }),
  });
};

const setPolicy = async (t: TestApp, operator: string, payload: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/instance/settings',
    headers: bearer(operator),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const signupLink = async (t: TestApp, operator: string) => {
  const res = await postJson(t.app, '/api/instance/invitations', {}, operator);
  expect(res.statusCode, res.body).toBe(201);
  const { id, url } = res.json() as { id: number; url: string };
  return { id, url, token: new URL(url, 'http://x').searchParams.get('invite')! };
};

const orgInvitation = async (t: TestApp, admin: string) => {
  const res = await postJson(
    t.app,
    '/api/organization/invitations',
    { email: 'invitee@example.org', role: 'viewer' },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return tokenOf(res.json().url);
};

function refused(res: { statusCode: number; json: () => any; body: string }, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
  if (message) expect(res.json().message).toBe(message);
}

const authStatus = async (t: TestApp) => (await t.app.inject({ url: '/api/auth-status' })).json();

describe('the sign-up policy', () => {
  const t = appPerFile({ PUBLIC_URL: 'https://rally.example' });
  let operator: string;
  let admin: string;

  it('is open by default: anyone signs up, and the sign-up page is told so', async () => {
    operator = (await signUpOperator(t)).token;
    admin = (await signUp(t.app)).token;
    expect((await authStatus(t)).registration).toBe('open');
    expect((await register(t)).statusCode).toBe(201);
  });

  it('open, with an allow-list: only those domains, whatever the case', async () => {
    await setPolicy(t, operator, { allowedEmailDomains: ['example.org'] });
    expect((await register(t, { email: 'someone@EXAMPLE.org' })).statusCode).toBe(201);
    refused(
      await register(t, { email: 'someone@elsewhere.example' }),
      'EMAIL_DOMAIN_NOT_ALLOWED',
      'Sign-up on this server is open to some email domains only',
    );
    // A domain that merely ends the same is another domain.
    refused(await register(t, { email: 'someone@notexample.org' }), 'EMAIL_DOMAIN_NOT_ALLOWED');
    await setPolicy(t, operator, { allowedEmailDomains: [] });
  });

  it("invite-only: an organisation's invitation or an operator's link, nothing else", async () => {
    await setPolicy(t, operator, { registration: 'invite-only' });
    expect((await authStatus(t)).registration).toBe('invite-only');
    refused(
      await register(t),
      'REGISTRATION_INVITE_ONLY',
      'Sign-up on this server is by invitation only: use the invitation link you were sent.',
    );
    refused(await register(t, { invitation: 'made-up-token' }), 'SIGNUP_INVITATION_INVALID');

    // The invitation lets in the address it was sent to, not whoever holds its link.
    const token = await orgInvitation(t, admin);
    refused(
      await register(t, { invitation: token, email: 'stranger@evil.test' }),
      'SIGNUP_INVITATION_INVALID',
      'This invitation was sent to another email address: sign up with the address it was sent to',
    );
    // The invitation page registers, then accepts: the invitee joins.
    const invitee = await register(t, { invitation: token, email: ' Invitee@Example.org ' });
    expect(invitee.statusCode, invitee.body).toBe(201);
    // One account per invitation, even before it is accepted.
    refused(
      await register(t, { invitation: token, email: 'invitee@example.org' }),
      'SIGNUP_INVITATION_INVALID',
    );
    const accepted = await postJson(
      t.app,
      `/api/invitations/${token}/accept`,
      undefined,
      invitee.json().token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepted, the invitation lets nobody else in.
    refused(await register(t, { invitation: token }), 'SIGNUP_INVITATION_INVALID');

    const link = await signupLink(t, operator);
    expect(link.url).toBe(`https://rally.example/auth?tab=register&invite=${link.token}`);
    expect((await register(t, { invitation: link.token })).statusCode).toBe(201);
    refused(
      await register(t, { invitation: link.token }),
      'SIGNUP_INVITATION_INVALID',
      'This sign-up link is not valid any more: it was used, withdrawn or has expired',
    );
  });

  it("closed: an operator's link only, and it passes the domain list too", async () => {
    await setPolicy(t, operator, { registration: 'closed', allowedEmailDomains: ['staff.example'] });
    expect((await authStatus(t)).registration).toBe('closed');
    refused(
      await register(t),
      'REGISTRATION_CLOSED',
      'Sign-up is closed on this server: its operators create accounts. Ask them for one.',
    );
    refused(await register(t, { invitation: await orgInvitation(t, admin) }), 'REGISTRATION_CLOSED');
    const link = await signupLink(t, operator);
    const made = await register(t, { invitation: link.token, email: 'guest@elsewhere.example' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().isOperator).toBe(false);
    const used = await t.database.db
      .selectFrom('instanceInvitations')
      .select(['usedBy', 'usedAt'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(used.usedBy).toBe(made.json().id);
    // Used links leave the console's list.
    const list = await t.app.inject({ url: '/api/instance/invitations', headers: bearer(operator) });
    expect(list.json().items.map((i: { id: number }) => i.id)).not.toContain(link.id);
  });

  it('a withdrawn or expired link lets nobody in', async () => {
    const withdrawn = await signupLink(t, operator);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/instance/invitations/${withdrawn.id}`,
      headers: bearer(operator),
    });
    expect(gone.statusCode).toBe(204);
    refused(await register(t, { invitation: withdrawn.token }), 'SIGNUP_INVITATION_INVALID');
    const expired = await signupLink(t, operator);
    await t.database.db
      .updateTable('instanceInvitations')
      .set({ expiresAt: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', expired.id)
      .execute();
    refused(await register(t, { invitation: expired.token }), 'SIGNUP_INVITATION_INVALID');
  });

  it('one link, two sign-ups at the same moment: exactly one account', async () => {
    const link = await signupLink(t, operator);
    const answers = await Promise.all([
      register(t, { invitation: link.token }),
      register(t, { invitation: link.token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    const loser = answers.find((a) => a.statusCode === 403)!;
    expect(loser.json().code).toBe('SIGNUP_INVITATION_INVALID');
  });

  it('lists links with their maker, and refuses bad input', async () => {
    const link = await signupLink(t, operator);
    const list = await t.app.inject({ url: '/api/instance/invitations', headers: bearer(operator) });
    expect(list.json().items[0]).toMatchObject({ id: link.id, createdBy: expect.any(String) });
    for (const payload of [
      { expiresInDays: 0 },
      { expiresInDays: 31 },
      { expiresInDays: 1.5 },
      { days: 3 },
    ]) {
      const res = await postJson(t.app, '/api/instance/invitations', payload, operator);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/instance/invitations/abc',
      headers: bearer(operator),
    });
    expect(res.statusCode).toBe(400);
  });

  it('records every link made and withdrawn in the instance audit log', async () => {
    const actions = await t.database.db.selectFrom('instanceAudit').select('action').execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'signup_invitation.created',
        'signup_invitation.revoked',
        'registration.changed',
      ]),
    );
  });
});
