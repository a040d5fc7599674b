import { describe, expect, it } from 'vitest';
import { recipients, startSmtp, type TestSmtp } from '../smtp.ts';
import { bearer, createTestApp, madeInBeforeAll, readThrough, signUp, type TestApp } from '../test-app.ts';

// Issue 23 item 14: links in mail come from PUBLIC_URL, and "mail without
// one is not sent". The email-change confirmation is mailed whatever the origin.

const current = madeInBeforeAll(
  async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'rally@example.org' });
    return { smtp, t };
  },
  async ({ smtp, t }) => {
    await t.close();
    await smtp.close();
  },
);
const t: TestApp = readThrough(() => current().t);
const smtp: TestSmtp = readThrough(() => current().smtp);

describe('email-change mail on an instance without PUBLIC_URL', () => {
  it('is not sent with a link built from a Host the server does not know', async () => {
    const user = await signUp(t.app, { org: false });
    const to = `new-${user.username}@example.net`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(user.token), host: 'evil.example:6666' },
      payload: { email: to, currentPassword: 'secret123' },
    });
    expect(res.statusCode).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 500));
    const mail = smtp.messages.find((m) => recipients(m).includes(to));
    if (mail) {
      // A mail went: its link must at least be absolute and not the request's host.
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text ?? '').toMatch(/https?:\/\/[^\s]+\/confirm-email\//);
    }
  });
});
