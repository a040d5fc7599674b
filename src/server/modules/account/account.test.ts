import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT, PASSWORD_RESET_ACCEPTED } from '#shared/schemas/account.ts';
import { bearer, mailingAppPerFile, requester, signUp } from '../../test/test-app.ts';
import { LOGIN_MAX_FAILURES_PER_USER } from '../auth/index.ts';
import { RESETS_PER_ACCOUNT_PER_HOUR } from './password-reset.service.ts';

const { t, smtp } = mailingAppPerFile();
const inject = requester(t);

const login = async (username: string, password = 'secret123', ua = 'TestBrowser/1') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': ua },
    payload: { username, password },
  });
  return res;
};

describe('PUT /api/user/password', () => {
  it('needs the current password, counts wrong ones like failed logins, and ends every other session', async () => {
    const user = await signUp(t.app);
    const other = (await login(user.username)).json().token;

    const wrong = await inject('PUT', '/api/user/password', user.token, {
      currentPassword: 'nope-nope',
      newPassword: 'newsecret1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: CURRENT_PASSWORD_INCORRECT,
      errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }],
    });
    const short = await inject('PUT', '/api/user/password', user.token, {
      currentPassword: 'secret123',
      newPassword: '123',
    });
    expect(short.statusCode).toBe(400);

    const ok = await inject('PUT', '/api/user/password', user.token, {
      currentPassword: 'secret123',
      newPassword: 'newsecret1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await inject('GET', '/api/user', user.token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/user', other)).statusCode).toBe(401);
    expect((await login(user.username, 'newsecret1')).statusCode).toBe(200);
    expect((await login(user.username, 'secret123')).statusCode).toBe(401);
  });

  it('stops guessing past the login limit (429)', async () => {
    const user = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_MAX_FAILURES_PER_USER; i++) {
      const res = await inject('PUT', '/api/user/password', user.token, {
        currentPassword: `guess${i}xx`,
        newPassword: 'newsecret1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN_MAX_FAILURES_PER_USER).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sessions', () => {
  it('lists own sessions with browser and last use, and ends one (404 for anyone else’s)', async () => {
    const user = await signUp(t.app);
    const phone = (await login(user.username, 'secret123', 'PhoneBrowser/2')).json().token;
    await t.app.inject({ url: '/api/user', headers: { ...bearer(phone), 'user-agent': 'PhoneBrowser/2' } });
    const list = await t.app.inject({
      url: '/api/user/sessions',
      headers: { ...bearer(user.token), 'user-agent': 'DeskBrowser/1' },
    });
    expect(list.statusCode).toBe(200);
    const sessions = list.json();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s: { current: boolean }) => s.current);
    const phoneSession = sessions.find((s: { current: boolean }) => !s.current);
    expect(current.userAgent).toBe('DeskBrowser/1');
    expect(phoneSession.userAgent).toBe('PhoneBrowser/2');
    expect(phoneSession.lastSeenAt).toBeTruthy();
    expect(list.body).not.toMatch(/token/i);

    const stranger = await signUp(t.app);
    expect((await inject('DELETE', `/api/user/sessions/${phoneSession.id}`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/user/sessions/${phoneSession.id}`, user.token)).statusCode).toBe(
      204,
    );
    expect((await inject('GET', '/api/user', phone)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/user/sessions/${phoneSession.id}`, user.token)).statusCode).toBe(
      404,
    );
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password and ends every session; reuse is 400', async () => {
    const user = await signUp(t.app);
    const res = await inject('POST', '/api/password-reset', undefined, {
      email: `${user.username}@example.org`,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_ACCEPTED });

    const mail = await smtp.waitFor(`${user.username}@example.org`);
    const link = /https:\/\/rally\.example\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] as string;

    const reset = await inject('POST', `/api/password-reset/${token}`, undefined, {
      newPassword: 'brandnew1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await inject('GET', '/api/user', user.token)).statusCode).toBe(401);
    expect((await login(user.username, 'brandnew1')).statusCode).toBe(200);

    const reuse = await inject('POST', `/api/password-reset/${token}`, undefined, {
      newPassword: 'another1',
    });
    expect(reuse.statusCode).toBe(400);
    expect(
      (await inject('POST', '/api/password-reset/unknown', undefined, { newPassword: 'another1' }))
        .statusCode,
    ).toBe(400);
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const before = smtp.messages.length;
    const res = await inject('POST', '/api/password-reset', undefined, { email: 'nobody-here@example.org' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_ACCEPTED });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before);
  });

  it('mails one account at most 3 links an hour, still answering 202', async () => {
    const user = await signUp(t.app);
    const email = `${user.username}@example.org`;
    for (let i = 0; i < RESETS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      const res = await inject('POST', '/api/password-reset', undefined, { email });
      expect(res.statusCode).toBe(202);
    }
    const deadline = Date.now() + 3000;
    const count = () => smtp.messages.filter((m) => m.text?.includes(`"${user.username}"`)).length;
    while (count() < RESETS_PER_ACCOUNT_PER_HOUR && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(count()).toBe(RESETS_PER_ACCOUNT_PER_HOUR);
  });

  it('refuses an expired link (400)', async () => {
    const user = await signUp(t.app);
    await inject('POST', '/api/password-reset', undefined, { email: `${user.username}@example.org` });
    const mail = await smtp.waitFor(`${user.username}@example.org`);
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1] as string;
    await t.database.db
      .updateTable('passwordResets')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where('userId', '=', user.userId)
      .execute();
    expect(
      (await inject('POST', `/api/password-reset/${token}`, undefined, { newPassword: 'brandnew1' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('activity', () => {
  it("shows the user's own recent actions from the audit log, newest first", async () => {
    const user = await signUp(t.app);
    await login(user.username);
    await inject('POST', '/api/campaigns', user.token, {
      name: 'Audit me',
      description: 'x',
      status: 'draft',
    });
    const res = await inject('GET', '/api/user/activity', user.token);
    expect(res.statusCode).toBe(200);
    const actions = res.json().map((a: { action: string }) => a.action);
    expect(actions).toEqual(['campaign.created', 'auth.sign_in', 'organization.created']);
    expect(res.json()[0].target).toBe('Audit me');
  });

  it('pages the organisation log with before/limit', async () => {
    const admin = await signUp(t.app);
    for (const name of ['One', 'Two', 'Three'])
      await inject('POST', '/api/campaigns', admin.token, {
        name: `Campaign ${name}`,
        description: 'x',
        status: 'draft',
      });
    const first = await inject('GET', '/api/organization/activity?limit=2', admin.token);
    expect(first.json().map((e: { target: string }) => e.target)).toEqual(['Campaign Three', 'Campaign Two']);
    expect(first.json()[0].actor).toEqual({ id: admin.userId, username: admin.username });
    const next = await inject(
      'GET',
      `/api/organization/activity?limit=2&before=${first.json()[1].id}`,
      admin.token,
    );
    expect(next.json().map((e: { target: string }) => e.target)).toEqual([
      'Campaign One',
      expect.any(String),
    ]);
    expect((await inject('GET', '/api/organization/activity?limit=0', admin.token)).statusCode).toBe(400);
  });
});
