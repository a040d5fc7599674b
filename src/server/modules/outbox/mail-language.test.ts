import type { ParsedMail } from 'mailparser';
import { describe, expect, it, vi } from 'vitest';
import { mailingApps } from '../../test/reminder-kit.ts';
import { requester, sendJson, signUp, type TestApp } from '../../test/test-app.ts';

// Account and organisation mail in the reader's language (docs/api.md "Mails and the
// pages their links open"): a member's mail in their profile language, else their
// organisation's default; an invitation in the organisation's default language.
// English mail is worded exactly as before.

const ORIGIN = 'https://rally.example';
const { appWith, mailsTo } = mailingApps(ORIGIN);

/** One tick of the sender; the mail it sends has arrived when this resolves. */
async function deliver(app: TestApp) {
  await app.app.jobs.runOnce();
  await new Promise((r) => setTimeout(r, 200));
}

const linkIn = (mail: ParsedMail | undefined, path: string) => {
  const m = new RegExp(`${ORIGIN}/${path}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!m) throw new Error(`no ${path} link in: ${mail?.text}`);
  return m[1];
};

const changeEmail = (app: TestApp, token: string, email: string) =>
  sendJson(app.app, 'PUT', '/api/user/profile', { email, currentPassword: 'secret123' }, token);

const setOrganizationLanguage = (app: TestApp, token: string, defaultLanguage: string) =>
  sendJson(app.app, 'PUT', '/api/organization/settings', { general: { defaultLanguage } }, token);

describe('the address-change mails', () => {
  it("are in the member's profile language: the confirmation to the new address and the notice to the old", async () => {
    const app = await appWith();
    const user = await signUp(app.app);
    const oldEmail = `${user.username}@example.org`;
    // The profile language set in the same request as the change counts.
    const res = await sendJson(
      app.app,
      'PUT',
      '/api/user/profile',
      { email: 'nueva@example.org', currentPassword: 'secret123', language: 'es' },
      user.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    await deliver(app);
    const confirm = mailsTo('nueva@example.org')[0];
    expect(confirm?.subject).toBe('Confirme su nueva dirección de correo para Rally');
    expect(confirm?.text).toContain(user.username);
    const token = linkIn(confirm, 'confirm-email');
    expect((await requester(app)('POST', `/api/email-change/${token}/confirm`)).statusCode).toBe(200);
    await deliver(app);
    const notice = mailsTo(oldEmail).at(-1);
    expect(notice?.subject).toBe('Se cambió la dirección de correo de su cuenta de Rally');
    expect(notice?.text).toContain('nueva@example.org');
    expect(linkIn(notice, 'undo-email-change')).toHaveLength(43);
  });

  it("without a profile language, are in the organisation's default language; English stays as it was", async () => {
    const app = await appWith();
    const french = await signUp(app.app);
    expect((await setOrganizationLanguage(app, french.token, 'fr')).statusCode).toBe(200);
    expect((await changeEmail(app, french.token, 'nouvelle@example.org')).statusCode).toBe(200);
    const english = await signUp(app.app);
    expect((await changeEmail(app, english.token, 'new-one@example.org')).statusCode).toBe(200);
    await deliver(app);
    expect(mailsTo('nouvelle@example.org')[0]?.subject).toBe(
      'Confirmez votre nouvelle adresse e-mail pour Rally',
    );
    const mail = mailsTo('new-one@example.org')[0];
    expect(mail?.subject).toBe('Confirm your new email address for Rally');
    expect(mail?.text).toBe(
      `Someone asked to use this address for the Rally account "${english.username}".\n\nOpen this link to confirm (valid for 24 hours, single use):\n${ORIGIN}/confirm-email/${linkIn(mail, 'confirm-email')}\n\nIf it was not you, ignore this mail: nothing changes until the link is followed.\n`,
    );
  });
});

describe('the password reset mail', () => {
  it("without a profile language, is in the organisation's default language", async () => {
    const app = await appWith();
    const user = await signUp(app.app);
    expect((await setOrganizationLanguage(app, user.token, 'de')).statusCode).toBe(200);
    const to = `${user.username}@example.org`;
    expect((await requester(app)('POST', '/api/password-reset', undefined, { email: to })).statusCode).toBe(
      202,
    );
    await vi.waitFor(
      async () => {
        await deliver(app);
        expect(mailsTo(to)).toHaveLength(1);
      },
      { timeout: 5000 },
    );
    expect(mailsTo(to)[0].subject).toBe('Setzen Sie Ihr Rally-Passwort zurück');
  });
});

describe('the invitation mail', () => {
  it("is in the organisation's default language, the role named in it too", async () => {
    const app = await appWith();
    const admin = await signUp(app.app);
    // The admin's own profile language is not the invitee's.
    expect(
      (await sendJson(app.app, 'PUT', '/api/user/profile', { language: 'de' }, admin.token)).statusCode,
    ).toBe(200);
    expect((await setOrganizationLanguage(app, admin.token, 'fr')).statusCode).toBe(200);
    const invited = await requester(app)('POST', '/api/organization/invitations', admin.token, {
      email: 'invitee-fr@example.org',
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    await deliver(app);
    const mail = mailsTo('invitee-fr@example.org')[0];
    expect(mail?.subject).toBe('Vous êtes invité à rejoindre une organisation sur Rally');
    expect(mail?.text).toContain(`Org of ${admin.username}`);
    expect(mail?.text).toContain('éditeur');
    expect(mail?.text).toContain(invited.json().url);
  });

  it('is worded exactly as before in English', async () => {
    const app = await appWith();
    const admin = await signUp(app.app);
    const invited = await requester(app)('POST', '/api/organization/invitations', admin.token, {
      email: 'invitee-en@example.org',
      role: 'viewer',
    });
    await deliver(app);
    const mail = mailsTo('invitee-en@example.org')[0];
    expect(mail?.subject).toBe('You are invited to join an organization on Rally');
    expect(mail?.text).toBe(
      `${admin.username} invited you to join Org of ${admin.username} on Rally as viewer.\n\nOpen this link to accept (valid for 7 days, single use):\n${invited.json().url}\n`,
    );
  });
});
