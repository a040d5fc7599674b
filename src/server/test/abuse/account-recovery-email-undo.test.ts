import { describe, expect, it } from 'vitest';
import { recipients } from '../smtp.ts';
import { bearer, mailingAppPerFile, postJson, signUp } from '../test-app.ts';

// Issue 23 items 2 and 6: once the owner has taken the account back (the undo
// link, then a new password), nothing the intruder collected earlier may move the
// account's email again.

const { t, smtp } = mailingAppPerFile();

/** The token of the last link with this path in the newest mail to `to`. */
async function linkIn(to: string, path: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = [...smtp.messages]
      .reverse()
      .find((m) => recipients(m).includes(to.toLowerCase()) && new RegExp(`/${path}/`).test(m.text ?? ''));
    const token = mail && new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no ${path} link to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const changeEmail = (token: string, email: string, currentPassword = 'secret123') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: bearer(token),
    payload: { email, currentPassword },
  });

async function resetPasswordByMail(email: string, newPassword: string) {
  smtp.messages.length = 0;
  expect((await postJson(t.app, '/api/password-reset', { email })).statusCode).toBe(202);
  const token = await linkIn(email, 'reset-password');
  const res = await postJson(t.app, `/api/password-reset/${token}`, { newPassword });
  expect(res.statusCode).toBe(200);
}

describe('taking an account back after an intruder moved its email', () => {
  it('an undo link the intruder got for a later change is void once the owner undid the first', async () => {
    const victim = await signUp(t.app, { org: false });
    const original = `${victim.username}@example.org`;
    const first = `first-${victim.username}@intruder.example`;
    const second = `second-${victim.username}@intruder.example`;
    // The intruder (session and password phished) moves the email twice.
    expect((await changeEmail(victim.token, first)).statusCode).toBe(200);
    expect(
      (await postJson(t.app, `/api/email-change/${await linkIn(first, 'confirm-email')}/confirm`)).statusCode,
    ).toBe(200);
    const ownersUndo = await linkIn(original, 'undo-email-change');
    expect((await changeEmail(victim.token, second)).statusCode).toBe(200);
    expect(
      (await postJson(t.app, `/api/email-change/${await linkIn(second, 'confirm-email')}/confirm`))
        .statusCode,
    ).toBe(200);
    const intrudersUndo = await linkIn(first, 'undo-email-change');
    // The owner follows the undo link and chooses a new password.
    expect((await postJson(t.app, `/api/email-change/${ownersUndo}/undo`)).json().email).toBe(original);
    await resetPasswordByMail(original, 'owners-new-1');
    // The intruder's undo link (old address: theirs) must not put their address back.
    const replay = await postJson(t.app, `/api/email-change/${intrudersUndo}/undo`);
    expect(replay.statusCode).toBe(400);
    const login = await postJson(t.app, '/api/login', {
      username: victim.username,
      password: 'owners-new-1',
    });
    expect(login.json().email).toBe(original);
  });

  it('a pending change the intruder asked for dies with a password reset', async () => {
    const victim = await signUp(t.app, { org: false });
    const original = `${victim.username}@example.org`;
    const theirs = `pending-${victim.username}@intruder.example`;
    expect((await changeEmail(victim.token, theirs)).statusCode).toBe(200);
    const confirm = await linkIn(theirs, 'confirm-email');
    // The owner resets the password (every session ends, every reset link dies) ...
    await resetPasswordByMail(original, 'owners-new-2');
    // ... so the confirmation link the intruder holds must be dead too.
    const late = await postJson(t.app, `/api/email-change/${confirm}/confirm`);
    expect(late.statusCode).toBe(400);
  });

  it('a pending change dies with a password change', async () => {
    const victim = await signUp(t.app, { org: false });
    const theirs = `pending2-${victim.username}@intruder.example`;
    expect((await changeEmail(victim.token, theirs)).statusCode).toBe(200);
    const confirm = await linkIn(theirs, 'confirm-email');
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(victim.token),
      payload: { currentPassword: 'secret123', newPassword: 'owners-new-3' },
    });
    expect(change.statusCode).toBe(200);
    expect((await postJson(t.app, `/api/email-change/${confirm}/confirm`)).statusCode).toBe(400);
  });
});
