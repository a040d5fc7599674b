import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp, uniqueName } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('register and login', () => {
  it('registers, returns a token and never a password', async () => {
    const username = uniqueName();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, email: 'a@b.org', password: 'secret123' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.username).toBe(username);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toMatch(/password/i);
    const me = await t.app.inject({ url: '/api/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(username);
  });

  it('answers 400 with the section 5 wording', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'ab', email: 'nope', password: '123' },
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Username must be at least 3 characters',
        'Please enter a valid email address',
        'Password must be at least 6 characters',
      ]),
    );
  });

  it('lets exactly one of two concurrent registrations of a name win', async () => {
    const username = uniqueName();
    const payload = { username, email: 'x@y.org', password: 'secret123' };
    const results = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/register', payload }),
      t.app.inject({ method: 'POST', url: '/api/register', payload }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('logs in and out; the token then gets 401', async () => {
    const { username } = await signUp(t.app, { org: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });
});
