import { describe, expect, it } from 'vitest';
import { recipients } from '../smtp.ts';
import { passwordWork } from '../../modules/auth/index.ts';
import { appPerFile, bearer, mailingAppPerFile, signUp } from '../test-app.ts';

// Issue 23 items 2 and 4: the email change checks the current password with
// argon2, and mails the new address. Both are things a signed-up stranger can repeat.

const BUDGET = 4;

describe('PUT /api/user/profile with a new email (argon2 budget, issue 23 item 4)', () => {
  const t = appPerFile({ PASSWORD_HASHES_PER_MINUTE: String(BUDGET) });

  it('spends the network hash budget like login and password change: 429 past it', async () => {
    const user = await signUp(t.app, { org: false });
    const address = '198.51.100.77';
    const before = passwordWork.stats().started;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    // The caller knows their own password: every request is a successful verification,
    // so the login throttle (which forgives successes) never steps in.
    for (let i = 0; i < BUDGET + 4; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        remoteAddress: address,
        headers: bearer(user.token),
        payload: { email: `other${i}@example.net`, currentPassword: 'secret123' },
      });
      statuses.push(res.statusCode);
      last = res;
    }
    const hashed = passwordWork.stats().started - before;
    expect(statuses.slice(BUDGET)).toEqual([429, 429, 429, 429]);
    // The budget is the network's, whoever is signed in.
    expect(last?.json().params).toEqual({
      retryAfterSeconds: Number(last?.headers['retry-after']),
      scope: 'network',
    });
    expect(hashed).toBeLessThanOrEqual(BUDGET);
  });

  it('a wrong current password through the profile counts against the budget shared with login', async () => {
    const user = await signUp(t.app, { org: false });
    const address = '198.51.100.78';
    for (let i = 0; i < BUDGET; i++) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        remoteAddress: address,
        headers: bearer(user.token),
        payload: { email: `x${i}@example.net`, currentPassword: i % 2 ? 'secret123' : `wrong-${i}` },
      });
    }
    // The network has hashed BUDGET passwords: a login from it must now wait.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      payload: { username: user.username, password: 'secret123' },
    });
    expect(login.statusCode).toBe(429);
  });
});

describe('email-change confirmation mail (issue 23 item 1: mail to anyone)', () => {
  const { t, smtp } = mailingAppPerFile();

  it('one account cannot make the instance mail an unbounded list of strangers', async () => {
    const user = await signUp(t.app, { org: false });
    const targets = Array.from({ length: 12 }, (_, i) => `stranger${i}@victims.example`);
    const statuses: number[] = [];
    for (const to of targets) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: bearer(user.token),
        payload: { email: to, currentPassword: 'secret123' },
      });
      statuses.push(res.statusCode);
    }
    await new Promise((r) => setTimeout(r, 300));
    const mailed = new Set(smtp.messages.flatMap(recipients).filter((a) => a?.endsWith('@victims.example')));
    // The reminder budget for one recipient per day is 8 (MAIL_BUDGET_PER_RECIPIENT) and an
    // organisation's 200; an account asking for twelve different new addresses in a row is
    // at least throttled (429) before the twelfth, as reset requests are (10 an hour).
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(mailed.size).toBeLessThan(targets.length);
  });
});
