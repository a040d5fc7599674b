import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION, MAX_NAME, MAX_USERNAME, MIN_ORG_NAME, MIN_USERNAME } from '#shared/constants.ts';
import { countRows } from '../../test/db-rows.ts';
import { type FieldCase, itRefusesEachField, overLong, tooShort } from '../../test/refused-fields.ts';
import { appPerFile, bearer, postJson, signUp, uniqueName } from '../../test/test-app.ts';

const t = appPerFile();

const createOrg = (token: string, payload: unknown) =>
  postJson(t.app, '/api/organizations', payload as object, token);
const getOrg = (token: string, query = '') =>
  t.app.inject({ url: `/api/organization${query}`, headers: bearer(token) });

describe('POST /api/organizations', () => {
  it('creates the organisation; the caller becomes its member and admin', async () => {
    const { token, userId } = await signUp(t.app, { org: false });
    const username = uniqueName('org');
    const res = await createOrg(token, {
      name: 'Clean Air Now',
      username,
      description: 'Cleaner air for every city',
      creatorId: userId,
    });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({ name: 'Clean Air Now', username, creatorId: userId });
    expect(org.description).toBe('Cleaner air for every city');
    expect(res.body).not.toMatch(/password/i);
    const me = (await t.app.inject({ url: '/api/user', headers: bearer(token) })).json();
    expect(me.organizationId).toBe(org.id);
    expect(me.role).toBe('admin');
    expect((await getOrg(token)).json()).toEqual(org);
    expect((await getOrg(token, `?id=${org.id}`)).json()).toEqual(org);
  });

  it('ignores a creatorId naming someone else: the caller is the creator', async () => {
    const victim = await signUp(t.app, { org: false });
    const { token, userId } = await signUp(t.app, { org: false });
    const res = await createOrg(token, {
      name: 'Mine',
      username: uniqueName('org'),
      creatorId: victim.userId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().creatorId).toBe(userId);
    const victimMe = (await t.app.inject({ url: '/api/user', headers: bearer(victim.token) })).json();
    expect(victimMe.organizationId).toBeNull();
  });

  it('needs a session', async () => {
    const res = await postJson(t.app, '/api/organizations', { name: 'Nope', username: uniqueName('org') });
    expect(res.statusCode).toBe(401);
  });

  it('answers 409 for a taken organisation username and changes nothing', async () => {
    const first = await signUp(t.app, { org: false });
    const username = uniqueName('org');
    expect((await createOrg(first.token, { name: 'First', username })).statusCode).toBe(201);
    const second = await signUp(t.app, { org: false });
    const res = await createOrg(second.token, { name: 'Second', username });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'ORGANIZATION_USERNAME_TAKEN',
      message: 'Organization username already exists',
      errors: [{ path: 'username', message: 'Organization username already exists' }],
    });
    const me = (await t.app.inject({ url: '/api/user', headers: bearer(second.token) })).json();
    expect(me.organizationId).toBeNull();
  });

  it('lets exactly one of two concurrent creations of a username win', async () => {
    const a = await signUp(t.app, { org: false });
    const b = await signUp(t.app, { org: false });
    const username = uniqueName('org');
    const results = await Promise.all([
      createOrg(a.token, { name: 'Org A', username }),
      createOrg(b.token, { name: 'Org B', username }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  const usernameChars = 'Username can only contain letters, numbers, underscores, and hyphens';
  const cases: FieldCase[] = [
    ...tooShort('name', 'Organization name', MIN_ORG_NAME, { trimmed: true }),
    overLong('name', 'Organization name', MAX_NAME),
    ...tooShort('username', 'Username', MIN_USERNAME, { trimmed: true }),
    overLong('username', 'Username', MAX_USERNAME),
    ['username with spaces', { username: 'my org' }, 'username', usernameChars],
    ['SQL in username', { username: "x'; DROP TABLE organizations;--" }, 'username', usernameChars],
    overLong('description', 'Description', MAX_DESCRIPTION),
    ['numeric name', { name: 123 }, 'name', 'name must be a string'],
    ['string creatorId', { creatorId: '1' }, 'creatorId', 'creatorId must be a number'],
    ['missing name', { name: undefined }, 'name', 'name is required'],
  ];
  itRefusesEachField(
    cases,
    async (patch) => {
      const { token } = await signUp(t.app, { org: false });
      return createOrg(token, { name: 'Valid Name', username: uniqueName('org'), ...patch });
    },
    () => countRows(t.database.db, 'organizations'),
  );

  it('an unknown field: 400', async () => {
    const { token } = await signUp(t.app, { org: false });
    const res = await createOrg(token, { name: 'Valid', username: uniqueName('org'), password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field: password');
  });

  it('stores metacharacters in name and description verbatim', async () => {
    const { token } = await signUp(t.app, { org: false });
    const name = `<img src=x onerror=alert(1)> & "Friends" of O'Brien`;
    const description = `'; DELETE FROM organizations; -- </textarea><script>x()</script>`;
    const res = await createOrg(token, { name, username: uniqueName('org'), description });
    expect(res.statusCode).toBe(201);
    expect((await getOrg(token)).json()).toMatchObject({ name, description });
  });
});

describe('GET /api/organization', () => {
  it("answers 403 for another organisation's id", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await getOrg(a.token, `?id=${b.orgId}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(`Org of ${b.username}`);
    expect((await getOrg(a.token, '?id=999999')).statusCode).toBe(403);
  });

  it('answers 404 before the user has an organisation, 403 for any id', async () => {
    const { token } = await signUp(t.app, { org: false });
    expect((await getOrg(token)).statusCode).toBe(404);
    expect((await getOrg(token, '?id=1')).statusCode).toBe(403);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    const { token } = await signUp(t.app);
    for (const q of ['?id=abc', '?id=-1', '?id=1.5', '?id=99999999999999999999', '?other=1']) {
      expect((await getOrg(token, q)).statusCode, q).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/organization' })).statusCode).toBe(401);
  });
});
