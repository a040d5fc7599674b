import type { ParsedMail } from 'mailparser';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_ACCEPTED } from '#shared/schemas/account.ts';
import { addressKey, loadAddressKeySecret } from '../../lib/address-key.ts';
import { mailingApps } from '../../test/reminder-kit.ts';
import { requester, sendJson, signUp, type TestApp } from '../../test/test-app.ts';
import { BUDGET_REFUSED, OUTBOX_REASON } from './index.ts';

// Invitations, password resets and email-change mail leave through the outbox like
// reminders: the request commits the row before it answers, the sender delivers it,
// and the budgets apply. Account mail (resets, email changes) has budgets of its own,
// so an organisation's volume cannot block it and a stranger cannot use it to mail
// one address again and again; the notice to an old address is never held.

const ORIGIN = 'https://rally.example';
// The sender runs only when a test says so (`deliver`).
const kit = mailingApps(ORIGIN);
const { appWith, mailsTo } = kit;

/** One tick of the sender; the mail it sends has arrived when this resolves. */
async function deliver(app: TestApp) {
  await app.app.jobs.runOnce();
  await new Promise((r) => setTimeout(r, 200));
}

const rowsOf = (app: TestApp, kind: string) =>
  app.database.db
    .selectFrom('outbox')
    .select(['status', 'reason', 'recipient', 'body', 'organizationId'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

/** As if `n` mails had already gone to `to` today (account mail, or an organisation's). */
async function spendBudget(app: TestApp, to: string, n: number, organizationId: number | null = null) {
  const now = new Date().toISOString();
  const recipientKey = addressKey(await loadAddressKeySecret(app.database.db), to);
  const row = {
    channel: 'email',
    kind: organizationId === null ? 'password-reset' : 'reminder',
    organizationId,
    recipient: null,
    recipientKey,
    subject: 'x',
    status: 'sent',
    nextAttemptAt: now,
    expiresAt: now,
    createdAt: now,
    sentAt: now,
  };
  await app.database.db
    .insertInto('outbox')
    .values(Array.from({ length: n }, () => row))
    .execute();
}

const linkIn = (mail: ParsedMail | undefined, path: string) => {
  const m = new RegExp(`${ORIGIN}/${path}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!m) throw new Error(`no ${path} link in: ${mail?.text}`);
  return m[1];
};

/** Asks for the user's email to become `email`, with the password. */
const changeEmail = (app: TestApp, token: string, email: string) =>
  sendJson(app.app, 'PUT', '/api/user/profile', { email, currentPassword: 'secret123' }, token);

const askReset = (app: TestApp, email: string) =>
  requester(app)('POST', '/api/password-reset', undefined, { email });

/** Waits until the reset requests answered so far have done their work (it runs after the answer). */
const resetsWritten = (app: TestApp, n: number) =>
  vi.waitFor(async () => expect((await rowsOf(app, 'password-reset')).length).toBeGreaterThanOrEqual(n), {
    timeout: 5000,
  });

describe('each kind of mail', () => {
  it('is in the outbox when its request answers, and the sender delivers it', async () => {
    const app = await appWith();
    const inject = requester(app);
    const admin = await signUp(app.app);

    // Invitation: the organisation's mail.
    const invited = await inject('POST', '/api/organization/invitations', admin.token, {
      email: 'invitee@example.org',
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().emailed).toBe(true);
    expect(await rowsOf(app, 'invitation')).toMatchObject([
      { status: 'queued', recipient: 'invitee@example.org', organizationId: admin.orgId },
    ]);
    expect(mailsTo('invitee@example.org')).toEqual([]);
    await deliver(app);
    expect(mailsTo('invitee@example.org')[0]?.text).toContain(invited.json().url);
    // A finished row keeps neither the address nor the link.
    expect(await rowsOf(app, 'invitation')).toMatchObject([{ status: 'sent', recipient: null, body: null }]);

    // Password reset: account mail.
    const email = `${admin.username}@example.org`;
    expect((await askReset(app, email)).statusCode).toBe(202);
    await resetsWritten(app, 1);
    expect(await rowsOf(app, 'password-reset')).toMatchObject([{ status: 'queued', organizationId: null }]);
    await deliver(app);
    expect(linkIn(mailsTo(email).at(-1), 'reset-password')).toHaveLength(43);

    // Email change: the confirmation to the new address, then the notice to the old one.
    const changed = await changeEmail(app, admin.token, 'new-home@example.org');
    expect(changed.statusCode).toBe(200);
    expect(await rowsOf(app, 'email-confirm')).toMatchObject([{ status: 'queued', organizationId: null }]);
    await deliver(app);
    const confirmToken = linkIn(mailsTo('new-home@example.org')[0], 'confirm-email');
    const confirmed = await inject('POST', `/api/email-change/${confirmToken}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(await rowsOf(app, 'email-changed')).toMatchObject([{ status: 'queued', recipient: email }]);
    await deliver(app);
    expect(linkIn(mailsTo(email).at(-1), 'undo-email-change')).toBeTruthy();
    for (const kind of ['invitation', 'password-reset', 'email-confirm', 'email-changed'])
      expect((await rowsOf(app, kind)).map((r) => r.status)).toEqual(['sent']);
  });
});

describe('account mail budgets', () => {
  it('past the budget of an address, reset requests send nothing more and answer exactly the same', async () => {
    const app = await appWith({ MAIL_BUDGET_PER_RECIPIENT: '2' });
    const user = await signUp(app.app, { org: false });
    const email = `${user.username}@example.org`;
    for (let i = 0; i < 4; i++) {
      const res = await askReset(app, email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_ACCEPTED });
      // Each request's work is done before the next (as a stranger's loop would be).
      await resetsWritten(app, i + 1);
    }
    const rows = await rowsOf(app, 'password-reset');
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ['queued', null],
      ['queued', null],
      ['dropped', OUTBOX_REASON.budgetRecipient],
      ['dropped', OUTBOX_REASON.budgetRecipient],
    ]);
    // A dropped mail keeps no address, no body, and made no token.
    expect(rows.slice(2).every((r) => r.recipient === null && r.body === null)).toBe(true);
    const tokens = await app.database.db
      .selectFrom('passwordResets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(tokens.n)).toBe(2);
    await deliver(app);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("an organisation's mail to the address does not block its password reset", async () => {
    const app = await appWith({ MAIL_BUDGET_PER_RECIPIENT: '2', MAIL_BUDGET_PER_INSTANCE: '3' });
    const user = await signUp(app.app);
    const email = `${user.username}@example.org`;
    // The organisation's reminders have spent its recipient and instance budgets today.
    await spendBudget(app, email, 3, user.orgId);
    expect((await askReset(app, email)).statusCode).toBe(202);
    await resetsWritten(app, 1);
    await deliver(app);
    expect(await rowsOf(app, 'password-reset')).toMatchObject([{ status: 'sent' }]);
    expect(linkIn(mailsTo(email)[0], 'reset-password')).toHaveLength(43);
  });

  it('an email change to an address past its budget is 429 and changes nothing; the notice to the old address is never held', async () => {
    const app = await appWith({ MAIL_BUDGET_PER_RECIPIENT: '2' });
    const user = await signUp(app.app, { org: false });
    const oldEmail = `${user.username}@example.org`;
    const change = (email: string) => changeEmail(app, user.token, email);

    await spendBudget(app, 'spent@example.org', 2);
    const refused = await change('SPENT+tag@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: BUDGET_REFUSED.recipient });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await app.database.db.selectFrom('emailChanges').selectAll().execute()).toEqual([]);
    expect(await rowsOf(app, 'email-confirm')).toEqual([]);

    // The old address has had its day's account mail, yet it hears of the change.
    await spendBudget(app, oldEmail, 2);
    expect((await change('fresh@example.org')).statusCode).toBe(200);
    await deliver(app);
    const token = linkIn(mailsTo('fresh@example.org')[0], 'confirm-email');
    expect((await requester(app)('POST', `/api/email-change/${token}/confirm`)).statusCode).toBe(200);
    await deliver(app);
    expect(await rowsOf(app, 'email-changed')).toMatchObject([{ status: 'sent' }]);
    expect(mailsTo(oldEmail).at(-1)?.subject).toBe('The email address of your Rally account was changed');
  });
});

describe("an organisation's invitations", () => {
  it('are held while the organisation is new, and past its budget are 429 with no invitation made', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '24', MAIL_BUDGET_PER_ORGANIZATION: '1' });
    const admin = await signUp(app.app);
    const invite = (email: string) =>
      requester(app)('POST', '/api/organization/invitations', admin.token, { email, role: 'viewer' });
    const held = await invite('first@example.org');
    expect(held.statusCode).toBe(201);
    // The link is there to copy; the mail waits.
    expect(held.json()).toMatchObject({ emailed: false, url: expect.stringMatching(/\/invite\//) });
    expect(await rowsOf(app, 'invitation')).toMatchObject([
      { status: 'held', reason: OUTBOX_REASON.newOrganization },
    ]);
    await deliver(app);
    expect(mailsTo('first@example.org')).toEqual([]);

    const refused = await invite('second@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: BUDGET_REFUSED.organization });
    const invitations = await app.database.db.selectFrom('invitations').select('email').execute();
    expect(invitations.map((i) => i.email)).toEqual(['first@example.org']);
  });
});
