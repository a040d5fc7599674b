import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_ACCEPTED } from '#shared/schemas/account.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { mailingAppPerFile, requester, signUp } from '../../test/test-app.ts';

const { t, smtp } = mailingAppPerFile();
const inject = requester(t);

const TOKEN = /reset-password\/([A-Za-z0-9_-]{43})/;

/** Asks for a reset link for the user and returns its token (read from the mail). */
async function resetToken(username: string): Promise<string> {
  const to = `${username}@example.org`;
  const seen = smtp.messages.length;
  expect((await inject('POST', '/api/password-reset', undefined, { email: to })).statusCode).toBe(202);
  await vi.waitFor(() => expect(smtp.messages.length).toBeGreaterThan(seen), { timeout: 5000 });
  const mail = smtp.messages.slice(seen).find((m) => m.text?.includes(`"${username}"`));
  return TOKEN.exec(mail?.text ?? '')?.[1] as string;
}

const reset = (token: string, newPassword = 'brandnew1') =>
  inject('POST', `/api/password-reset/${token}`, undefined, { newPassword });

describe('a password reset request', () => {
  it('is answered before any of its work (lookup, token, mail) runs, for a known address too', async () => {
    const user = await signUp(t.app);
    const mailer = t.deps.mailer;
    const send = mailer.send;
    const sent: MailMessage[] = [];
    // A slow mail server: the answer must not wait for it, nor for the lookup before it.
    mailer.send = async (message) => {
      sent.push(message);
      await new Promise((r) => setTimeout(r, 800));
      return send.call(mailer, message);
    };
    try {
      const started = performance.now();
      const res = await inject('POST', '/api/password-reset', undefined, {
        email: `${user.username}@example.org`,
      });
      const took = performance.now() - started;
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_ACCEPTED });
      // At the moment of the answer nothing has been looked up, stored or sent yet.
      expect(sent).toEqual([]);
      const rows = await t.database.db
        .selectFrom('passwordResets')
        .select('id')
        .where('userId', '=', user.userId)
        .execute();
      expect(rows).toEqual([]);
      expect(took).toBeLessThan(400);
      // The work follows.
      await vi.waitFor(() => expect(sent.map((m) => m.to)).toEqual([`${user.username}@example.org`]), {
        timeout: 5000,
      });
    } finally {
      mailer.send = send;
    }
  });
});

describe('outstanding reset tokens', () => {
  it('all die with a reset: the earlier link no longer works after the later one was used', async () => {
    const user = await signUp(t.app);
    const first = await resetToken(user.username);
    const second = await resetToken(user.username);
    expect(first).not.toBe(second);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'attacker1')).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: 'brandnew1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('all die with a password change', async () => {
    const user = await signUp(t.app);
    const token = await resetToken(user.username);
    const change = await inject('PUT', '/api/user/password', user.token, {
      currentPassword: 'secret123',
      newPassword: 'changed123',
    });
    expect(change.statusCode).toBe(200);
    expect((await reset(token, 'attacker1')).statusCode).toBe(400);
  });
});

describe('the reset mail', () => {
  it("is in the member's profile language", async () => {
    const user = await signUp(t.app);
    await t.database.db.updateTable('users').set({ language: 'fr' }).where('id', '=', user.userId).execute();
    const seen = smtp.messages.length;
    const to = `${user.username}@example.org`;
    expect((await inject('POST', '/api/password-reset', undefined, { email: to })).statusCode).toBe(202);
    const mine = () => smtp.messages.slice(seen).find((m) => m.text?.includes(user.username));
    await vi.waitFor(() => expect(mine()).toBeDefined(), { timeout: 5000 });
    const mail = mine();
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Rally');
  });
});
