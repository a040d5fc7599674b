import { describe, expect, it } from 'vitest';
import {
  appPerFile,
  bearer,
  errorMessages,
  postJson,
  sendJson,
  signUp,
  uniqueName,
} from '../../test/test-app.ts';
import { REGISTRATIONS_PER_HOUR } from './auth.routes.ts';

const t = appPerFile();

const register = (payload: unknown) => postJson(t.app, '/api/register', payload as object);
const login = (payload: unknown) => postJson(t.app, '/api/login', payload as object);

describe('register and login', () => {
  it('registers, returns a token and never a password', async () => {
    const username = uniqueName();
    const res = await register({ username, email: 'a@b.org', password: 'secret123' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.username).toBe(username);
    expect(body.email).toBe('a@b.org');
    expect(body.role).toBe('user');
    expect(body.organizationId).toBeNull();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toMatch(/password/i);
    const me = await t.app.inject({ url: '/api/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(username);
    expect(me.body).not.toMatch(/password/i);
  });

  it('stores only a hash of the token', async () => {
    const { token, userId } = await signUp(t.app, { org: false });
    const rows = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { userId } = await signUp(t.app, { org: false, password: 'plain-text-pw' });
    const row = await t.database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('plain-text-pw');
  });

  it('answers 400 naming each bad field', async () => {
    const res = await register({ username: 'ab', email: 'nope', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(errorMessages(res)).toEqual(
      expect.arrayContaining([
        'Username must be at least 3 characters',
        'Please enter a valid email address',
        'Password must be at least 6 characters',
      ]),
    );
    const bad = await login({ username: 'ab', password: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        {
          path: 'username',
          message: 'Username must be at least 3 characters',
          rule: 'too_small',
          params: { minimum: 3 },
        },
        {
          path: 'password',
          message: 'Password must be at least 6 characters',
          rule: 'too_small',
          params: { minimum: 6 },
        },
      ]),
    );
  });

  it('lets exactly one of two concurrent registrations of a name win', async () => {
    const username = uniqueName();
    const payload = { username, email: 'x@y.org', password: 'secret123' };
    const results = await Promise.all([register(payload), register(payload), register(payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({
      code: 'USERNAME_TAKEN',
      message: 'Username already exists',
      errors: [{ path: 'username', message: 'Username already exists' }],
    });
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 409 for a taken username and keeps the first account working', async () => {
    const { username } = await signUp(t.app, { org: false });
    const res = await register({ username, email: 'other@y.org', password: 'another1' });
    expect(res.statusCode).toBe(409);
    expect((await login({ username, password: 'secret123' })).statusCode).toBe(200);
    expect((await login({ username, password: 'another1' })).statusCode).toBe(401);
  });

  it('answers 401 with one message for a wrong password and for an unknown user', async () => {
    const { username } = await signUp(t.app, { org: false });
    const wrong = await login({ username, password: 'wrong-password' });
    const unknown = await login({ username: uniqueName('ghost'), password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
    expect(unknown.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
  });

  it('logs in with a fresh token; the user carries no password', async () => {
    const { username, token: first } = await signUp(t.app, { org: false });
    const res = await login({ username, password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).not.toBe(first);
    expect(res.json().username).toBe(username);
    expect(res.body).not.toMatch(/password/i);
  });

  it('logs in and out; the token then gets 401', async () => {
    const { username } = await signUp(t.app, { org: false });
    const res = await login({ username, password: 'secret123' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBeTruthy();
    const me = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().tokenExpired).toBeUndefined();
  });

  it('answers 200 to a logout without a session', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(none.statusCode).toBe(200);
    expect(none.json().message).toBeTruthy();
    const random = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer('nonsense') });
    expect(random.statusCode).toBe(200);
  });
});

describe('auth-status', () => {
  it('reports the session state', async () => {
    const { token, username } = await signUp(t.app, { org: false });
    const yes = await t.app.inject({ url: '/api/auth-status', headers: bearer(token) });
    const server = { devTools: false, uploadMaxBytes: 5 * 1024 * 1024, mail: false, registration: 'open' };
    expect(yes.json()).toEqual({ authenticated: true, username, ...server });
    const no = await t.app.inject({ url: '/api/auth-status' });
    expect(no.statusCode).toBe(200);
    expect(no.json()).toEqual({ authenticated: false, ...server });
  });
});

describe('profile', () => {
  it('saves the personal information and returns the user', async () => {
    const { token } = await signUp(t.app, { org: false });
    const res = await sendJson(
      t.app,
      'PUT',
      '/api/user/profile',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        phone: '+44 20 1234',
        currentPassword: 'secret123',
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      phone: '+44 20 1234',
    });
    expect(res.body).not.toMatch(/password/i);
    const me = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(me.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 1234' });
    expect(me.json().updatedAt >= me.json().createdAt).toBe(true);
  });

  it('needs a session', async () => {
    const res = await sendJson(t.app, 'PUT', '/api/user/profile', { firstName: 'X' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a bad email, unknown fields and over-long values', async () => {
    const { token } = await signUp(t.app, { org: false });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload });
    const email = await put({ email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual([
      {
        path: 'email',
        message: 'Please enter a valid email address',
        rule: 'invalid_format',
        params: { format: 'email' },
      },
    ]);
    const role = await put({ role: 'admin' });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe('Unknown field: role');
    const long = await put({ firstName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('firstName');
    const me = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(me.json().role).toBe('user');
  });
});

describe('sign-up rate limit', () => {
  it(`allows ${REGISTRATIONS_PER_HOUR} registrations an hour per address, then 429 with Retry-After`, async () => {
    const register = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress,
        payload: { username: uniqueName(), email: 'r@example.org', password: 'secret123' },
      });
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      expect((await register('203.0.113.7')).statusCode).toBe(201);
    }
    const limited = await register('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many sign-ups from this address/);
    // Another address has its own budget.
    expect((await register('203.0.113.8')).statusCode).toBe(201);
  });
});
