import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isoBefore } from '../../lib/time.ts';
import { createTestApp, signUp, type TestApp, uniqueName } from '../../test/test-app.ts';
import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_USER,
  LOGIN_WINDOW_MS,
  loginDelayMs,
} from './login-throttle.ts';

// A fresh app (and database) per test: the per-network count is shared by every
// request of a test file, since app.inject always comes from 127.0.0.1. The network's
// budget of password hashes (password-budget.ts, a coarser guard of the CPU) is set
// out of the way: these tests are about the login throttle alone.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ PASSWORD_HASHES_PER_MINUTE: '1000' });
});
afterEach(() => t.close());

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

function expectRetryAfter(res: Awaited<ReturnType<typeof login>>, maxSeconds = LOGIN_WINDOW_MS / 1000) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toBe('Too many login attempts. Please try again later.');
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
  // The client words the wait from the same number.
  expect(res.json().params).toEqual({ retryAfterSeconds: retry, scope: 'login' });
  return retry;
}

/** Ends every pending delay, as if the user had waited. */
const waitOutDelays = () =>
  t.database.db
    .updateTable('loginAttempts')
    .set({ blockedUntil: isoBefore(1000) })
    .execute();

describe('login throttling', () => {
  it('delays a username on one network after repeated failures, even with the right password', async () => {
    const { username } = await signUp(t.app, { org: false });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) {
      expect((await login(username, 'wrong-pass')).statusCode).toBe(401);
    }
    expectRetryAfter(await login(username, 'secret123'), loginDelayMs(1) / 1000);
    // Only that (username, network) pair waits: the user signs in from elsewhere...
    expect((await login(username, 'secret123', '10.0.0.9')).statusCode).toBe(200);
    // ...and another user on the same network is not affected.
    const other = await signUp(t.app, { org: false });
    expect((await login(other.username, 'secret123')).statusCode).toBe(200);
  });

  it('the delay grows with each further failure, up to the window', async () => {
    const { username } = await signUp(t.app, { org: false });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) await login(username, 'wrong-pass');
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      waits.push(expectRetryAfter(await login(username, 'wrong-pass')));
      await waitOutDelays();
      expect((await login(username, 'wrong-pass')).statusCode).toBe(401);
    }
    expect(waits).toEqual([5, 10, 20, 40]);
    expect(loginDelayMs(100)).toBe(LOGIN_WINDOW_MS);
  });

  it('counts the username case-insensitively and Unicode-normalised', async () => {
    const { username } = await signUp(t.app, { org: false });
    const fullWidth = [...username].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) {
      await login([username, username.toUpperCase(), fullWidth][i % 3], 'wrong-pass');
    }
    expectRetryAfter(await login(username, 'secret123'));
  });

  it("failures with many names from one network never refuse another user's correct password", async () => {
    const { username } = await signUp(t.app, { org: false });
    const ghosts = Array.from({ length: LOGIN_MAX_FAILURES_PER_ADDRESS + 10 }, () => uniqueName('ghost'));
    for (const ghost of ghosts) {
      expect((await login(ghost, 'wrong-pass', '10.1.1.1')).statusCode).toBe(401);
    }
    expect((await login(username, 'secret123', '10.1.1.1')).statusCode).toBe(200);
    // Past the network's allowance a failing name gets one try, then waits.
    expectRetryAfter(await login(ghosts.at(-1)!, 'wrong-pass', '10.1.1.1'));
    expect((await login(ghosts[0], 'wrong-pass', '10.1.1.1')).statusCode).toBe(401);
    expectRetryAfter(await login(ghosts[0], 'wrong-pass', '10.1.1.1'));
  });

  it('lets no more than the limit through a burst of parallel guesses', async () => {
    const { username } = await signUp(t.app, { org: false });
    const results = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES_PER_USER * 3 }, () => login(username, 'wrong-pass')),
    );
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_USER);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(results.length - checked);
  });

  it('a successful login clears the username count', async () => {
    const { username } = await signUp(t.app, { org: false });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER - 1; i++) await login(username, 'wrong-pass');
    expect((await login(username, 'secret123')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER - 1; i++) {
      expect((await login(username, 'wrong-pass')).statusCode).toBe(401);
    }
    expect((await login(username, 'secret123')).statusCode).toBe(200);
  });

  it('successful logins do not use up the address allowance', async () => {
    const { username } = await signUp(t.app, { org: false });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS + 5; i++) {
      expect((await login(username, 'secret123', '10.2.2.2')).statusCode).toBe(200);
    }
  }, 60_000);

  it('lets the user in again once the delay has passed', async () => {
    const { username } = await signUp(t.app, { org: false });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) await login(username, 'wrong-pass');
    expect((await login(username, 'secret123')).statusCode).toBe(429);
    await waitOutDelays();
    expect((await login(username, 'secret123')).statusCode).toBe(200);
  });
});

describe('stale attempt counts', () => {
  it('are deleted when someone signs in, so guessed names do not pile up', async () => {
    const { username } = await signUp(t.app, { org: false });
    const stale = isoBefore(LOGIN_WINDOW_MS + 1000);
    await t.database.db
      .insertInto('loginAttempts')
      .values([
        { key: 'user:guessed-key-1@10.9.8.7', windowStart: stale, count: 3, blockedUntil: null },
        { key: 'net:10.9.8.7', windowStart: stale, count: 20, blockedUntil: null },
      ])
      .execute();
    expect((await login('guessed-key-2', 'whatever1')).statusCode).toBe(401);
    expect((await login(username, 'secret123')).statusCode).toBe(200);
    const keys = (await t.database.db.selectFrom('loginAttempts').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('user:guessed-key-1@10.9.8.7');
    expect(keys).not.toContain('net:10.9.8.7');
    // Counts of the current window stay.
    expect(keys).toContain('user:guessed-key-2@127.0.0.1');
  });
});
