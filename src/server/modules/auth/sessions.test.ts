import { describe, expect, it } from 'vitest';
import { EXPIRED_SESSION_MEMORY_MS } from '#shared/constants.ts';
import { isoBefore } from '../../lib/time.ts';
import { appPerFile, bearer, postJson, signUp } from '../../test/test-app.ts';
import { hashToken } from './sessions.ts';

const t = appPerFile();

const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/user', headers });

async function expire(token: string, agoMs = 60_000) {
  await t.database.db
    .updateTable('sessions')
    .set({ expiresAt: isoBefore(agoMs) })
    .where('tokenHash', '=', hashToken(token))
    .execute();
}

describe('sessions', () => {
  it('lasts 30 days', async () => {
    const { token } = await signUp(t.app, { org: false });
    const row = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const days = (Date.parse(row.expiresAt) - Date.parse(row.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('accepts the bearer header and the token cookie', async () => {
    const { token, username } = await signUp(t.app, { org: false });
    expect((await me(bearer(token))).json().username).toBe(username);
    const viaCookie = await t.app.inject({ url: '/api/user', cookies: { token } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().username).toBe(username);
  });

  it('answers 401 without a token, with a random one and with a tampered one', async () => {
    const { token } = await signUp(t.app, { org: false });
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const headers of [
      {},
      bearer('random-token-value'),
      bearer(tampered),
      bearer(`${token}x`),
      { authorization: token },
      { authorization: 'Bearer ' },
    ]) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Not authenticated');
      expect(res.json().tokenExpired).toBeUndefined();
    }
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it('answers 401 to a logged-out token, also from the cookie', async () => {
    const { token } = await signUp(t.app, { org: false });
    // From the app's own page (a cookie-only write must show it: plugins/csrf.ts).
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { token },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(bearer(token))).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', cookies: { token } })).statusCode).toBe(401);
  });

  it('logging out one session leaves the others alive', async () => {
    const { token, username } = await signUp(t.app, { org: false });
    const other = (await postJson(t.app, '/api/login', { username, password: 'secret123' })).json().token;
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await me(bearer(token))).statusCode).toBe(401);
    expect((await me(bearer(other))).statusCode).toBe(200);
  });

  it('tells an expired token apart: 401 with tokenExpired', async () => {
    const { token } = await signUp(t.app);
    await expire(token);
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'Session expired', tokenExpired: true });
    // Every protected call says the same.
    const org = await t.app.inject({ url: '/api/organization', headers: bearer(token) });
    expect(org.statusCode).toBe(401);
    expect(org.json().tokenExpired).toBe(true);
    const status = await t.app.inject({ url: '/api/auth-status', headers: bearer(token) });
    expect(status.json()).toMatchObject({ authenticated: false });
    expect(status.json().username).toBeUndefined();
  });

  it('remembers an expired session long enough, then forgets it on a later login', async () => {
    const { token: old } = await signUp(t.app, { org: false });
    await expire(old, EXPIRED_SESSION_MEMORY_MS - 60_000);
    expect((await me(bearer(old))).json().tokenExpired).toBe(true);
    await expire(old, EXPIRED_SESSION_MEMORY_MS + 60_000);
    const { username } = await signUp(t.app, { org: false });
    await postJson(t.app, '/api/login', { username, password: 'secret123' });
    const res = await me(bearer(old));
    expect(res.statusCode).toBe(401);
    expect(res.json().tokenExpired).toBeUndefined();
  });

  it('answers 401 for a session whose user is gone', async () => {
    const { token, userId } = await signUp(t.app, { org: false });
    await t.database.db.deleteFrom('users').where('id', '=', userId).execute();
    expect((await me(bearer(token))).statusCode).toBe(401);
  });
});
