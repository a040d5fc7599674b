import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, postApiKey, tokenOf } from '../teams.ts';
import { appPerFile, postJson, requester, type SignedUp, sendJson, signUp } from '../test-app.ts';

// A member an admin removes loses every way back in at once, on every instance:
// their sessions end, the invitations they sent die, and the API keys they made are
// revoked (a rejoin does not bring them back). A demotion takes away what the new
// role could not have made: API keys above it, and invitations (only admins invite).
// Two instances on one database: the removal is made on A, its effect checked on B.

const a = appPerFile();
const b = appPerFile({}, { sameDatabaseAs: a });
const onA = requester(a);
const onB = requester(b);
let admin: SignedUp;

beforeAll(async () => {
  admin = await signUp(a.app);
});

const makeKey = async (token: string, role: 'viewer' | 'editor') => {
  const res = await postApiKey(a.app, token, { name: `Key ${role}`, role });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key as string;
};

const invite = async (token: string, email: string, role = 'admin') => {
  const res = await onA('POST', '/api/organization/invitations', token, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return tokenOf(res.json().url);
};

/** Removes (by `by`'s token) the member from the organisation, on instance A. */
const removeMember = (userId: number, by: string) =>
  sendJson(a.app, 'DELETE', `/api/organization/members/${userId}`, undefined, by);

/** Sets the member's role, on instance A, as the admin. */
const setRole = (userId: number, role: 'viewer' | 'editor' | 'admin') =>
  sendJson(a.app, 'PUT', `/api/organization/members/${userId}`, { role }, admin.token);

const rejoin = async (userToken: string, role: 'viewer' | 'editor' | 'admin') => {
  const again = await invite(admin.token, `back-${Date.now()}@example.org`, role);
  const res = await onA('POST', `/api/invitations/${again}/accept`, userToken);
  expect(res.statusCode, res.body).toBe(200);
};

describe('removing a member', () => {
  it('ends their sessions at once: GET /api/user is 401 on every instance', async () => {
    const member = await addMember(a.app, admin, 'editor');
    const login = await postJson(b.app, '/api/login', { username: member.username, password: 'secret123' });
    expect(login.statusCode).toBe(200);
    const second = login.json().token as string;
    expect((await onB('GET', '/api/user', member.token)).statusCode).toBe(200);
    expect((await onB('GET', '/api/user', second)).statusCode).toBe(200);

    const removed = await removeMember(member.userId, admin.token);
    expect(removed.statusCode).toBe(204);
    for (const token of [member.token, second]) {
      expect((await onB('GET', '/api/user', token)).statusCode).toBe(401);
      expect((await onA('GET', '/api/user', token)).statusCode).toBe(401);
    }
    // The account stays: the person can sign in again, outside the organisation.
    const back = await postJson(b.app, '/api/login', { username: member.username, password: 'secret123' });
    expect(back.statusCode).toBe(200);
    expect(back.json().organizationId).toBeNull();
  });

  it('revokes the invitations they sent: one to a second address of theirs cannot be accepted', async () => {
    const member = await addMember(a.app, admin, 'admin');
    const sneaky = await invite(member.token, 'my-other-address@example.org', 'admin');
    const other = await signUp(a.app, { org: false });
    expect((await onB('GET', `/api/invitations/${sneaky}`)).statusCode).toBe(200);

    await removeMember(member.userId, admin.token);
    expect((await onB('GET', `/api/invitations/${sneaky}`)).statusCode).toBe(404);
    const accept = await onB('POST', `/api/invitations/${sneaky}/accept`, other.token);
    expect(accept.statusCode).toBe(404);
    const me = await onB('GET', '/api/user', other.token);
    expect(me.json().organizationId).toBeNull();
    // The admin's list no longer shows it either.
    const pending = await onA('GET', '/api/organization/invitations', admin.token);
    expect(pending.json().map((i: { email: string }) => i.email)).not.toContain(
      'my-other-address@example.org',
    );
  });

  it('revokes the API keys they made: after they rejoin, the old key stays dead', async () => {
    const member = await addMember(a.app, admin, 'admin');
    const key = await makeKey(member.token, 'editor');
    expect((await onB('GET', '/api/campaigns', key)).statusCode).toBe(200);

    await removeMember(member.userId, admin.token);
    expect((await onB('GET', '/api/campaigns', key)).statusCode).toBe(401);

    const fresh = await postJson(a.app, '/api/login', { username: member.username, password: 'secret123' });
    await rejoin(fresh.json().token, 'admin');
    expect((await onB('GET', '/api/campaigns', key)).statusCode).toBe(401);
    expect((await postJson(b.app, '/api/campaigns', { name: 'Back door' }, key)).statusCode).toBe(401);
    const keys = await onA('GET', '/api/organization/api-keys', admin.token);
    expect(keys.json().map((k: { prefix: string }) => k.prefix)).not.toContain(key.slice(0, 10));
  });

  it('is in the organisation’s activity, with what was revoked', async () => {
    const member = await addMember(a.app, admin, 'admin');
    await makeKey(member.token, 'viewer');
    await invite(member.token, 'someone-else@example.org', 'viewer');
    await removeMember(member.userId, admin.token);
    const log = await onA('GET', '/api/organization/activity', admin.token);
    const actions = log.json().map((e: { action: string; target: string }) => `${e.action} ${e.target}`);
    expect(actions).toContain(`member.removed ${member.username}`);
    expect(actions).toContain('api_key.revoked Key viewer (viewer)');
    expect(actions).toContain('invitation.revoked someone-else@example.org as viewer');
  });

  it('a member who leaves takes their keys and invitations with them, and keeps their own session', async () => {
    const member = await addMember(a.app, admin, 'admin');
    const key = await makeKey(member.token, 'viewer');
    const sent = await invite(member.token, 'left-behind@example.org', 'viewer');
    const left = await removeMember(member.userId, member.token);
    expect(left.statusCode).toBe(204);
    expect((await onB('GET', '/api/campaigns', key)).statusCode).toBe(401);
    expect((await onB('GET', `/api/invitations/${sent}`)).statusCode).toBe(404);
    expect((await onB('GET', '/api/user', member.token)).statusCode).toBe(200);
  });
});

describe('demoting a member', () => {
  it('revokes their keys above the new role and their invitations; their session goes on at the new role', async () => {
    const member = await addMember(a.app, admin, 'admin');
    const editorKey = await makeKey(member.token, 'editor');
    const viewerKey = await makeKey(member.token, 'viewer');
    const sent = await invite(member.token, 'demoted-sent@example.org', 'admin');

    const demoted = await setRole(member.userId, 'viewer');
    expect(demoted.statusCode).toBe(200);
    expect((await onB('GET', '/api/campaigns', editorKey)).statusCode).toBe(401);
    expect((await onB('GET', '/api/campaigns', viewerKey)).statusCode).toBe(200);
    expect((await onB('GET', `/api/invitations/${sent}`)).statusCode).toBe(404);
    const me = await onB('GET', '/api/user', member.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('viewer');
    expect((await postJson(b.app, '/api/campaigns', { name: 'No' }, member.token)).statusCode).toBe(403);

    // Promoted again, the editor key does not come back.
    await setRole(member.userId, 'admin');
    expect((await onB('GET', '/api/campaigns', editorKey)).statusCode).toBe(401);
    expect((await onB('GET', '/api/campaigns', viewerKey)).statusCode).toBe(200);
  });

  it('from admin to editor keeps their editor and viewer keys', async () => {
    const member = await addMember(a.app, admin, 'admin');
    const editorKey = await makeKey(member.token, 'editor');
    await setRole(member.userId, 'editor');
    expect((await postJson(b.app, '/api/campaigns', { name: 'Still fine' }, editorKey)).statusCode).toBe(201);
  });
});
