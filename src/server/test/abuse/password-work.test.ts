import { describe, expect, it } from 'vitest';
import { hashToken, passwordWork } from '../../modules/auth/index.ts';
import { appPerFile, appPerTest, bearer, signUp, uniqueName } from '../test-app.ts';

// argon2 is the one thing an anonymous caller can make the server do that costs real
// CPU (tens of milliseconds and 19 MiB a time). A reset token is checked before any
// hashing; every hash (login, sign-up, reset, password change) spends one network's
// per-minute budget first; and only a few run at once, the rest waiting in a short
// queue, so that other requests keep their latency.

const BUDGET = 6;
const t = appPerFile({ PASSWORD_HASHES_PER_MINUTE: String(BUDGET) });

let n = 0;
/** A fresh address inside 2001:db8:99:1::/64 on every call. */
const inNetwork = () => `2001:db8:99:1:${(++n).toString(16)}::7`;

const login = (remoteAddress: string, username = uniqueName('nobody')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { username, password: 'guess-123' },
  });

/** A signed-in write of `user` from `remoteAddress`. */
const asUser = (user: { token: string }, remoteAddress: string, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, remoteAddress, headers: bearer(user.token), payload });

describe('a password reset token', () => {
  it('is checked before anything is hashed: random tokens cost no argon2 work', async () => {
    const before = passwordWork.stats().started;
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/password-reset/${'R'.repeat(30)}${i}`,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { newPassword: 'whatever-1' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(passwordWork.stats().started).toBe(before);
  });
});

describe('the per-network budget of password hashing', () => {
  it('refuses logins with made-up names from one /64 past the budget (429, Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 3; i++) statuses.push((await login(inNetwork())).statusCode);
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(401));
    expect(statuses.slice(BUDGET)).toEqual([429, 429, 429]);
    const refused = await login(inNetwork());
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not held back.
    expect((await login('2001:db8:99:2::7')).statusCode).toBe(401);
  });

  it('is one budget for login, sign-up, reset and password change', async () => {
    const user = await signUp(t.app, { org: false });
    const address = '198.51.100.10';
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: address,
        payload: { username: uniqueName('budget'), email: 'b@example.org', password: 'secret123' },
      });
    for (let i = 0; i < BUDGET; i++) expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(429);
    expect((await login(address, user.username)).statusCode).toBe(429);
    const change = await asUser(user, address, '/api/user/password', {
      currentPassword: 'secret123',
      newPassword: 'newsecret1',
    });
    expect(change.statusCode).toBe(429);
    const hashesBefore = passwordWork.stats().started;
    const emailChange = await asUser(user, address, '/api/user/profile', {
      email: 'moved@example.org',
      currentPassword: 'secret123',
    });
    expect(emailChange.statusCode).toBe(429);
    expect(passwordWork.stats().started).toBe(hashesBefore);
    // A valid reset token still costs a hash: refused too, and the token stays usable.
    const token = 'A'.repeat(43);
    await t.database.db
      .insertInto('passwordResets')
      .values({
        userId: user.userId,
        tokenHash: hashToken(token),
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        usedAt: null,
      })
      .execute();
    const reset = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/password-reset/${token}`,
        remoteAddress,
        payload: { newPassword: 'brandnew1' },
      });
    expect((await reset(address)).statusCode).toBe(429);
    expect((await reset('198.51.100.11')).statusCode).toBe(200);
  });
});

describe('an email change', () => {
  it("spends its network's budget when it checks the current password, and is 429 once it is spent", async () => {
    const user = await signUp(t.app, { org: false });
    const address = '198.51.100.20';
    const changeEmail = (currentPassword: string) =>
      asUser(user, address, '/api/user/profile', { email: 'moved@example.org', currentPassword });
    for (let i = 0; i < BUDGET - 1; i++) expect((await login(address)).statusCode).toBe(401);
    // The last unit goes to the email change's argon2 check.
    expect((await changeEmail('wrong-guess-1')).statusCode).toBe(400);
    expect((await login(address)).statusCode).toBe(429);
    const refused = await changeEmail('secret123');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other fields need no password, so no budget.
    const named = await asUser(user, address, '/api/user/profile', { firstName: 'Ada' });
    expect(named.statusCode).toBe(200);
    expect(named.json().email).toBe(`${user.username}@example.org`);
  });
});

describe('password change from one /64 (a stolen session guessing the password)', () => {
  it('is held back like login: 429 after the allowance, however the addresses of the /64 rotate', async () => {
    const user = await signUp(t.app, { org: false });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await asUser(user, `2001:db8:97:1:${i + 1}::1`, '/api/user/password', {
        currentPassword: `wrong-${i}-guess`,
        newPassword: 'newsecret1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('hashes running at once', () => {
  const makeApp = appPerTest();

  it('never exceed the concurrency; past the queue the answer is 503 with Retry-After', async () => {
    const app = await makeApp({ PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '3' });
    passwordWork.resetPeak();
    const requests = Array.from({ length: 14 }, (_, i) =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `192.0.2.${i + 1}`,
        payload: { username: uniqueName('parallel'), password: 'guess-123' },
      }),
    );
    const answers = await Promise.all(requests);
    expect(passwordWork.stats().peak).toBeLessThanOrEqual(2);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/busy/i);
      expect(res.json().code).toBe('SERVER_BUSY');
      expect(res.json().params).toEqual({ retryAfterSeconds: Number(res.headers['retry-after']) });
    }
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(5);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 503)).toBe(true);
    // Once the burst is over, a login is answered again.
    const later = await app.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '192.0.2.200',
      payload: { username: 'nobody-later', password: 'guess-123' },
    });
    expect(later.statusCode).toBe(401);
  });
});
