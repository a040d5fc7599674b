import { describe, expect, it } from 'vitest';
import { MAX_EMAIL, MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD, MIN_USERNAME } from '#shared/constants.ts';
import { countRows } from '../../test/db-rows.ts';
import { type FieldCase, itRefusesEachField, overLong, tooShort } from '../../test/refused-fields.ts';
import { appPerFile, bearer, postJson, postRaw, sendJson, signUp, uniqueName } from '../../test/test-app.ts';

// The "Bad input, named" list for the account calls: each gets a clear 4xx
// naming the field, never a 500, and nothing is stored.

const t = appPerFile();

const post = (url: string, payload: unknown) => postJson(t.app, url, payload);

const userCount = () => countRows(t.database.db, 'users');

const valid = () => ({ username: uniqueName(), email: 'ok@example.org', password: 'secret123' });

describe('register: bad fields', () => {
  const cases: FieldCase[] = [
    ...tooShort('username', 'Username', MIN_USERNAME, { trimmed: true }),
    overLong('username', 'Username', MAX_USERNAME),
    // Passwords are taken as typed: spaces count.
    ...tooShort('password', 'Password', MIN_PASSWORD, { trimmed: false }),
    overLong('password', 'Password', MAX_PASSWORD),
    ['empty email', { email: '' }, 'email', 'Please enter a valid email address'],
    ['invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      'over-long email',
      { email: `${'e'.repeat(MAX_EMAIL)}@example.org` },
      'email',
      'Please enter a valid email address',
    ],
    ['numeric username', { username: 12345 }, 'username', 'username must be a string'],
    ['boolean password', { password: true }, 'password', 'password must be a string'],
    ['array email', { email: ['a@b.org'] }, 'email', 'email must be a string'],
    ['object username', { username: { $ne: null } }, 'username', 'username must be a string'],
    ['null password', { password: null }, 'password', 'password must be a string'],
    ['missing username', { username: undefined }, 'username', 'username is required'],
  ];

  itRefusesEachField(cases, (patch) => post('/api/register', { ...valid(), ...patch }), userCount);

  it('an unknown field (confirmPassword is never sent): 400', async () => {
    const res = await post('/api/register', { ...valid(), confirmPassword: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field: confirmPassword');
    const role = await post('/api/register', { ...valid(), role: 'admin', organizationId: 1 });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe('Unknown fields: role, organizationId');
  });

  it('a body that is not an object: 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await postRaw(t.app, '/api/register', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe('Request body must be a JSON object');
    }
  });

  it('no body at all: 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register' });
    expect(res.statusCode).toBe(400);
  });

  it('malformed JSON: 400', async () => {
    for (const payload of ['{"username":', "{'username':'abc'}", '{"a":1}}', '\u0000']) {
      const res = await postRaw(t.app, '/api/login', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ code: 'MALFORMED_REQUEST', message: 'Malformed JSON in request body' });
    }
  });

  it('a prototype-poisoning body: 400', async () => {
    const res = await postRaw(
      t.app,
      '/api/register',
      `{"__proto__":{"role":"admin"},"username":"${uniqueName()}","email":"a@b.org","password":"secret123"}`,
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('login: bad fields', () => {
  it('wrong types and unknown fields are 400 and count no attempt', async () => {
    const { username } = await signUp(t.app, { org: false });
    for (const payload of [
      { username, password: 123456 },
      { username: [username], password: 'secret123' },
      { username, password: 'secret123', remember: true },
      { username },
    ]) {
      const res = await post('/api/login', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect((await post('/api/login', { username, password: 'secret123' })).statusCode).toBe(200);
  });

  it('trims the username but never the password', async () => {
    const { username } = await signUp(t.app, { org: false, password: ' spaced pw ' });
    expect(
      (await post('/api/login', { username: ` ${username} `, password: ' spaced pw ' })).statusCode,
    ).toBe(200);
    expect((await post('/api/login', { username, password: 'spaced pw' })).statusCode).toBe(401);
  });
});

describe('metacharacters are stored and returned verbatim', () => {
  const nasty = `Robert'); DROP TABLE users;--<b>"&`;
  const script = `<script>alert('x')</script>`;
  const sqlish = `' OR '1'='1' --; SELECT * FROM sessions`;

  it('in registration, login and every profile field', async () => {
    const username = nasty;
    const password = `${sqlish}<>"&`;
    const email = "o'brien+tag@example.org";
    const reg = await post('/api/register', { username, email, password });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ username, email });
    const { token } = reg.json();

    const login = await post('/api/login', { username, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().username).toBe(username);
    // A SQL-injection password does not match anything.
    expect((await post('/api/login', { username, password: "' OR '1'='1" })).statusCode).toBe(401);

    const profile = { firstName: script, lastName: sqlish, email, phone: `+1 <555> & 'x'` };
    const put = await sendJson(t.app, 'PUT', '/api/user/profile', profile, token);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject(profile);
    const me = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(me.json()).toMatchObject({ ...profile, username });
    expect(me.headers['content-type']).toMatch(/^application\/json/);

    const status = await t.app.inject({ url: '/api/auth-status', headers: bearer(token) });
    expect(status.json()).toMatchObject({ authenticated: true, username });
    // The tables are all still there.
    expect(await userCount()).toBeGreaterThan(0);
  });

  it('unicode and emoji survive a round trip', async () => {
    const username = `zoë-日本-${Date.now().toString(36)}🙂`;
    const reg = await post('/api/register', { username, email: 'u@example.org', password: 'pässwörd🙂' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().username).toBe(username);
    expect((await post('/api/login', { username, password: 'pässwörd🙂' })).statusCode).toBe(200);
  });

  it('a NUL character never causes a 500', async () => {
    const res = await post('/api/register', {
      username: `nul\u0000${Date.now().toString(36)}`,
      email: 'n@example.org',
      password: 'secret123',
    });
    expect([201, 400]).toContain(res.statusCode);
  });
});
