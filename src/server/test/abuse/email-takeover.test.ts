import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_CHANGE_INVALID,
  EMAIL_CHANGE_NEEDS_PASSWORD,
} from '#shared/schemas/account.ts';
import { isoBefore } from '../../lib/time.ts';
import { hashToken } from '../../modules/auth/index.ts';
import { appPerFile, mailingAppPerFile, postJson, requester, sendJson, signUp } from '../test-app.ts';

// A stolen session (the token alone) must not become the account. The email is
// where password resets go, so changing it needs the current password, happens only
// when the link mailed to the new address is followed, tells the old address with a
// link that undoes it and signs every session out, and is in the audit log.

const { t, smtp } = mailingAppPerFile();
const inject = requester(t);

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https://rally\\.example/${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
};
/** The text of the first mail to `to` whose subject matches (waiting for it up to 5 s). */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  for (const until = Date.now() + 5000; Date.now() < until; ) {
    const found = smtp.messages.find(
      (m) => JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''),
    );
    if (found) return found.text ?? '';
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}
const profile = (token: string, body: object) => sendJson(t.app, 'PUT', '/api/user/profile', body, token);
const me = async (token: string) => (await inject('GET', '/api/user', token)).json();
const activity = async (token: string) =>
  ((await inject('GET', '/api/user/activity', token)).json() as { action: string; target: string }[]).map(
    (e) => `${e.action} ${e.target}`,
  );

describe('the attack: a stolen session changes the email, then resets the password', () => {
  it('is refused without the current password, and a wrong one counts like a failed login', async () => {
    const victim = await signUp(t.app);
    const oldEmail = `${victim.username}@example.org`;
    const stolen = victim.token;

    const bare = await profile(stolen, { email: 'attacker@evil.example' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual([{ path: 'currentPassword', message: EMAIL_CHANGE_NEEDS_PASSWORD }]);
    const guessed = await profile(stolen, { email: 'attacker@evil.example', currentPassword: 'guess' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().message).toBe(CURRENT_PASSWORD_INCORRECT);
    expect((await me(stolen)).email).toBe(oldEmail);

    // The reset the attacker asks for next goes nowhere near them.
    const reset = await postJson(t.app, '/api/password-reset', { email: 'attacker@evil.example' });
    expect(reset.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes('attacker@evil.example'))).toHaveLength(
      0,
    );
  });

  it('even with the password, nothing changes until the new address confirms', async () => {
    const victim = await signUp(t.app);
    const oldEmail = `${victim.username}@example.org`;
    const newEmail = `new-${victim.username}@example.org`;
    const res = await profile(victim.token, {
      firstName: 'Vic',
      email: newEmail,
      currentPassword: 'secret123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: oldEmail, firstName: 'Vic', pendingEmail: newEmail });
    expect((await me(victim.token)).email).toBe(oldEmail);
    const mail = await smtp.waitFor(newEmail);
    expect(mail.subject).toBe('Confirm your new email address for Rally');
    const token = linkIn(mail.text ?? '', 'confirm-email');
    // Stored hashed only.
    const rows = await t.database.db.selectFrom('emailChanges').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((r) => r.confirmTokenHash === hashToken(token))).toBe(true);
    expect(await activity(victim.token)).toContain(
      `account.email_change_requested ${oldEmail} -> ${newEmail}`,
    );
  });
});

describe('the honest change, and its undo', () => {
  it('confirming changes the email, tells the old address, and the undo restores it and signs everyone out', async () => {
    const user = await signUp(t.app);
    const oldEmail = `${user.username}@example.org`;
    const newEmail = `moved-${user.username}@example.org`;
    await profile(user.token, { email: newEmail, currentPassword: 'secret123' });
    const confirmToken = linkIn((await smtp.waitFor(newEmail)).text ?? '', 'confirm-email');

    const confirmed = await inject('POST', `/api/email-change/${confirmToken}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: `Your email address is now ${newEmail}.`, email: newEmail });
    expect((await me(user.token)).email).toBe(newEmail);
    // Single use.
    expect((await inject('POST', `/api/email-change/${confirmToken}/confirm`)).json().message).toBe(
      EMAIL_CHANGE_INVALID,
    );
    expect(await activity(user.token)).toContain(`account.email_changed ${oldEmail} -> ${newEmail}`);

    const notice = await smtp.waitFor(oldEmail);
    expect(notice.subject).toBe('The email address of your Rally account was changed');
    expect(notice.text).toContain(newEmail);
    const undoToken = linkIn(notice.text ?? '', 'undo-email-change');

    // Meanwhile whoever holds the account asks for a reset to the new address.
    const second = await postJson(t.app, '/api/login', { username: user.username, password: 'secret123' });
    const sessions = [user.token, second.json().token as string];
    expect((await postJson(t.app, '/api/password-reset', { email: newEmail })).statusCode).toBe(202);
    const resetToken = linkIn(await mailTo(newEmail, /reset/i), 'reset-password');

    const undone = await inject('POST', `/api/email-change/${undoToken}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().email).toBe(oldEmail);
    for (const token of sessions) expect((await inject('GET', '/api/user', token)).statusCode).toBe(401);
    // The reset link sent to the new address is void.
    const reset = await postJson(t.app, `/api/password-reset/${resetToken}`, { newPassword: 'taken-over' });
    expect(reset.statusCode).toBe(400);
    // Single use.
    expect((await inject('POST', `/api/email-change/${undoToken}/undo`)).statusCode).toBe(400);

    const login = await postJson(t.app, '/api/login', { username: user.username, password: 'secret123' });
    expect(login.json().email).toBe(oldEmail);
    expect(await activity(login.json().token)).toContain(
      `account.email_change_undone ${newEmail} -> ${oldEmail}`,
    );
    // Admins see it in the organisation's log too.
    const orgLog = await inject('GET', '/api/organization/activity', login.json().token);
    expect(orgLog.json().map((e: { action: string }) => e.action)).toContain('account.email_changed');
  });

  it('a confirmation link expires, and a newer request voids the older link', async () => {
    const user = await signUp(t.app);
    await profile(user.token, { email: `first-${user.username}@example.org`, currentPassword: 'secret123' });
    const first = linkIn(
      (await smtp.waitFor(`first-${user.username}@example.org`)).text ?? '',
      'confirm-email',
    );
    await profile(user.token, { email: `second-${user.username}@example.org`, currentPassword: 'secret123' });
    const second = linkIn(
      (await smtp.waitFor(`second-${user.username}@example.org`)).text ?? '',
      'confirm-email',
    );
    expect((await inject('POST', `/api/email-change/${first}/confirm`)).statusCode).toBe(400);
    await t.database.db
      .updateTable('emailChanges')
      .set({ confirmBy: isoBefore(1000) })
      .where('confirmTokenHash', '=', hashToken(second))
      .execute();
    const late = await inject('POST', `/api/email-change/${second}/confirm`);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(EMAIL_CHANGE_INVALID);
    expect((await me(user.token)).email).toBe(`${user.username}@example.org`);
  });

  it('removing the email needs the password and tells the old address, with the undo link', async () => {
    const user = await signUp(t.app);
    const oldEmail = `${user.username}@example.org`;
    expect((await profile(user.token, { email: '' })).statusCode).toBe(400);
    const res = await profile(user.token, { email: '', currentPassword: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBeNull();
    const notice = await smtp.waitFor(oldEmail);
    expect(notice.text).toContain('was removed');
    const undo = await inject(
      'POST',
      `/api/email-change/${linkIn(notice.text ?? '', 'undo-email-change')}/undo`,
    );
    expect(undo.json().email).toBe(oldEmail);
  });

  it('other fields, and the same email in another case, need no password', async () => {
    const user = await signUp(t.app);
    const res = await profile(user.token, {
      firstName: 'Same',
      email: `${user.username.toUpperCase()}@EXAMPLE.ORG`,
      phone: '123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Same', email: `${user.username}@example.org` });
    expect(res.json()).not.toHaveProperty('pendingEmail');
  });
});

describe('without mail', () => {
  const plain = appPerFile();
  it('the password alone changes the email (no link could reach anyone), and it is in the log', async () => {
    const user = await signUp(plain.app);
    const bare = await sendJson(
      plain.app,
      'PUT',
      '/api/user/profile',
      { email: 'x@example.org' },
      user.token,
    );
    expect(bare.statusCode).toBe(400);
    const res = await sendJson(
      plain.app,
      'PUT',
      '/api/user/profile',
      { email: 'x@example.org', currentPassword: 'secret123' },
      user.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('x@example.org');
    const log = await requester(plain)('GET', '/api/user/activity', user.token);
    expect(log.json().map((e: { action: string }) => e.action)).toContain('account.email_changed');
  });
});
