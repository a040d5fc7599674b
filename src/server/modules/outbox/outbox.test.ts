import { describe, expect, it } from 'vitest';
import { HOUR_MS as HOUR } from '#shared/durations.ts';
import { addressKey, loadAddressKeySecret } from '../../lib/address-key.ts';
import { confirmLink, mailingApps, markConfirmed, reminderRunner } from '../../test/reminder-kit.ts';
import { startSmtp } from '../../test/smtp.ts';
import type { TestApp } from '../../test/test-app.ts';
import { JobRunner } from '../../jobs/runner.ts';
import type { Mailer } from '../../lib/mail.ts';
import { CONFIRM_SUBJECT, REMINDER_REFUSED, REMINDER_SUBJECT } from '../reminders/index.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { scheduleShare, visitorCookie } from '../../test/visitor.ts';
import {
  BUDGET_REFUSED,
  dropHeldMail,
  enqueueMail,
  OUTBOX_REASON,
  outboxSenderJob,
  releaseHeldMail,
} from './index.ts';

// The outbox against the attack of issue 23 (a stranger mailing anything to anyone
// through the instance): reminder addresses confirm first, addresses are normalised
// before every limit, daily budgets answer 429 and hold mail, a new organisation's
// mail waits, no subject carries campaign text, and two senders send each mail once.

const ORIGIN = 'https://rally.example';
const PHISH = 'ACTION REQUIRED: your mailbox will be closed, verify at http://phish.example/verify';
// mailingEnv turns the new-organisation hold off; the tests of the hold set it.
const kit = mailingApps(ORIGIN);
const { appWith, mailsTo } = kit;

/** An organisation with a campaign named `campaignName`, and a scheduler for its supporter page. */
async function setup(app: TestApp, campaignName = 'Clean Rivers', orgName = 'Rivers Org') {
  const org = await seedOrganization(app.database.db, orgName);
  const { campaignId, assetIds } = await seedCampaign(app.database.db, {
    organizationId: org,
    name: campaignName,
    assets: [{ title: `${campaignName} <b>now</b>`, type: 'text', content: 'Rivers need us' }],
  });
  const cookie = await visitorCookie(app.app, campaignId);
  let n = 0;
  const schedule = (email: string, hours = 2) =>
    scheduleShare(
      app.app,
      cookie,
      { assetId: assetIds[0], campaignId, organizationId: org, inHours: hours },
      {
        ref: `outboxRef${String(++n).padStart(4, '0')}${Math.random().toString(36).slice(2, 6)}`,
        reminder: { email, consent: true },
      },
    );
  return { org, campaignId, schedule };
}

const outboxOf = (app: TestApp, organizationId: number) =>
  app.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('id')
    .execute();
/** Lets mail in flight arrive before counting what did not. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the attack: a new organisation schedules reminders to addresses it typed', () => {
  it('sends no reminder, at most the budgeted confirmations, and never the campaign text in a subject', async () => {
    const budget = 20;
    const app = await appWith({
      MAIL_HOLD_NEW_ORGS_HOURS: '0',
      MAIL_BUDGET_PER_ORGANIZATION: String(budget),
    });
    const s = await setup(app, PHISH, PHISH);
    // 60 schedules to 59 addresses, one typed twice (spaces and the domain's case aside).
    const addresses = Array.from({ length: 59 }, (_, i) => `victim${i}@example.net`);
    const typed = [...addresses, ' victim0@EXAMPLE.net '];
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (const email of typed) {
      const res = await s.schedule(email);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter = res.headers['retry-after'] as string;
        expect(res.json().message).toBe(BUDGET_REFUSED.organization);
      } else expect(res.statusCode, res.body).toBe(201);
    }
    // The budget's worth, and the address typed twice (its confirmation is already on the way).
    expect(statuses.filter((c) => c === 201)).toHaveLength(budget + 1);
    expect(Number(retryAfter)).toBeGreaterThan(23 * 3600);
    expect(Number(retryAfter)).toBeLessThanOrEqual(24 * 3600);

    // Every reminder's time comes: nobody confirmed, so nothing but the confirmations went.
    await reminderRunner(app, () => Date.now()).runOnce();
    await reminderRunner(app, () => Date.now() + 3 * HOUR).runOnce();
    await settle();
    const got = addresses.flatMap(mailsTo);
    expect(got.filter((m) => m.subject === REMINDER_SUBJECT)).toHaveLength(0);
    expect(got.length).toBeLessThanOrEqual(budget);
    for (const mail of got) {
      expect(mail.subject).toBe(CONFIRM_SUBJECT);
      expect(mail.from?.value[0]).toMatchObject({ name: 'Rally', address: 'rally@example.org' });
      for (const part of [mail.subject ?? '', mail.text ?? '', String(mail.html)]) {
        expect(part).not.toContain('ACTION REQUIRED');
        expect(part).not.toContain('phish.example');
      }
    }
    // Each unsent reminder has its row and reason; no address kept in them.
    const reminders = (await outboxOf(app, s.org)).filter((r) => r.kind === 'reminder');
    expect(reminders).toHaveLength(budget + 1);
    for (const r of reminders) {
      expect(r).toMatchObject({
        status: 'expired',
        reason: OUTBOX_REASON.addressUnconfirmed,
        recipient: null,
      });
    }
  });

  it('counts case, spaces and +tag variants of an address as one', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0' });
    const s = await setup(app);
    for (const email of ['boss@example.com', ' boss@Example.com ', 'BOSS@example.com']) {
      const res = await s.schedule(email);
      expect(res.statusCode, res.body).toBe(201);
    }
    // The fourth spelling is the same mailbox: its cap of waiting reminders is full.
    const tagged = await s.schedule('boss+1@example.com');
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json().message).toBe(REMINDER_REFUSED.tooMany);
    await reminderRunner(app, () => Date.now()).runOnce();
    await settle();
    // A confirmation is of the exact address (domain case and spaces aside): `boss@` and
    // `BOSS@` are each asked, and both count against the one normalised address.
    const rows = await outboxOf(app, s.org);
    expect(rows.map((r) => r.kind)).toEqual(['reminder-confirm', 'reminder-confirm']);
    const key = addressKey(await loadAddressKeySecret(app.database.db), 'boss+news@EXAMPLE.com');
    expect(rows.map((r) => r.recipientKey)).toEqual([key, key]);
    expect(mailsTo('boss@example.com')).toHaveLength(2);
  });
});

describe('daily budgets', () => {
  it('answer 429 with Retry-After per recipient, per organisation and per instance, counted in the database', async () => {
    const budgets = {
      MAIL_HOLD_NEW_ORGS_HOURS: '0',
      MAIL_BUDGET_PER_RECIPIENT: '2',
      MAIL_BUDGET_PER_ORGANIZATION: '3',
      MAIL_BUDGET_PER_INSTANCE: '5',
    };
    const app = await appWith(budgets);
    // A second instance on the same database shares the counts.
    const other = await appWith(budgets, app);
    const a = await setup(app, 'A campaign', 'Org A');
    const b = await setup(other, 'B campaign', 'Org B');
    const c = await setup(app, 'C campaign', 'Org C');
    // Recipient: two organisations may ask, a third (another spelling, another instance) may not.
    expect((await a.schedule('target@example.org')).statusCode).toBe(201);
    expect((await b.schedule('target@example.org')).statusCode).toBe(201);
    const third = await c.schedule('Target+x@example.org');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(BUDGET_REFUSED.recipient);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json().params).toEqual({
      retryAfterSeconds: Number(third.headers['retry-after']),
      scope: 'recipient',
    });
    // Nothing was written for the refused request.
    expect(await outboxOf(app, c.org)).toEqual([]);
    expect(
      await app.database.db.selectFrom('shares').select('id').where('organizationId', '=', c.org).execute(),
    ).toEqual([]);
    // Organisation: A has one, may have two more, not a fourth.
    expect((await a.schedule('a2@example.org')).statusCode).toBe(201);
    expect((await a.schedule('a3@example.org')).statusCode).toBe(201);
    const org = await a.schedule('a4@example.org');
    expect(org.statusCode).toBe(429);
    expect(org.json().message).toBe(BUDGET_REFUSED.organization);
    expect(org.json().params.scope).toBe('organization');
    // Instance: four mails so far (A 3, B 1): one more for C, then none for anyone.
    expect((await c.schedule('c1@example.org')).statusCode).toBe(201);
    const full = await c.schedule('c2@example.org');
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe(BUDGET_REFUSED.instance);
    expect(full.headers['retry-after']).toMatch(/^\d+$/);
    expect(full.json().params).toEqual({
      retryAfterSeconds: Number(full.headers['retry-after']),
      scope: 'instance',
    });
  });

  it('hold mail at send time rather than send past a budget, and send it once the day has passed', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0', MAIL_BUDGET_PER_RECIPIENT: '2' });
    const org = await seedOrganization(app.database.db, 'Budget Org');
    const secret = await loadAddressKeySecret(app.database.db);
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      await enqueueMail(
        app.database.db,
        app.config,
        {
          kind: 'test',
          organizationId: org,
          to: 'held@example.org',
          recipientKey: addressKey(secret, 'held@example.org'),
          subject: `Test ${i}`,
          text: 'Hello',
          expiresAt: now + 3 * 24 * HOUR,
        },
        now,
      );
    }
    const sender = (at: number) => reminderRunner(app, () => at);
    await sender(now).runOnce();
    await expect.poll(() => mailsTo('held@example.org').length).toBe(2);
    const rows = await outboxOf(app, org);
    expect(rows.map((r) => r.status).sort()).toEqual(['held', 'sent', 'sent']);
    const held = rows.find((r) => r.status === 'held');
    expect(held?.reason).toBe(OUTBOX_REASON.budgetRecipient);
    // Sent rows keep no address or body.
    for (const r of rows.filter((x) => x.status === 'sent'))
      expect(r).toMatchObject({ recipient: null, body: null });
    await sender(now + 2 * HOUR).runOnce();
    await settle();
    expect(mailsTo('held@example.org')).toHaveLength(2);
    await sender(now + 25 * HOUR).runOnce();
    await expect.poll(() => mailsTo('held@example.org').length).toBe(3);
  });
});

describe("a new organisation's mail", () => {
  it('is held until the organisation is old enough, then leaves by itself', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '24' });
    const s = await setup(app, 'Fresh campaign', 'Fresh Org');
    const res = await s.schedule('fresh@example.org', 48);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await outboxOf(app, s.org);
    expect(row).toMatchObject({
      kind: 'reminder-confirm',
      status: 'held',
      reason: OUTBOX_REASON.newOrganization,
    });
    const now = Date.now();
    await reminderRunner(app, () => now + 60_000).runOnce();
    await reminderRunner(app, () => now + 23 * HOUR).runOnce();
    await settle();
    expect(mailsTo('fresh@example.org')).toHaveLength(0);
    await reminderRunner(app, () => now + 24 * HOUR + 60_000).runOnce();
    const mail = await kit.smtp.waitFor('fresh@example.org');
    expect(mail.subject).toBe(CONFIRM_SUBJECT);
    expect((await outboxOf(app, s.org))[0]).toMatchObject({ status: 'sent', reason: null });
  });

  it('can be released or dropped by an operator (releaseHeldMail, dropHeldMail)', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '24' });
    const s = await setup(app, 'Op campaign', 'Op Org');
    expect((await s.schedule('op1@example.org')).statusCode).toBe(201);
    expect((await s.schedule('op2@example.org')).statusCode).toBe(201);
    const [first, second] = await outboxOf(app, s.org);
    expect(await releaseHeldMail(app.database.db, { ids: [first.id] })).toBe(1);
    expect(await dropHeldMail(app.database.db, { organizationId: s.org })).toBe(1);
    await reminderRunner(app, () => Date.now()).runOnce();
    await kit.smtp.waitFor('op1@example.org');
    await settle();
    expect(mailsTo('op2@example.org')).toHaveLength(0);
    const rows = await outboxOf(app, s.org);
    expect(rows.find((r) => r.id === second.id)).toMatchObject({
      status: 'dropped',
      reason: OUTBOX_REASON.operator,
      recipient: null,
      body: null,
    });
    expect(await releaseHeldMail(app.database.db, { ids: [] })).toBe(0);
  });

  // Deterministic: the sender is driven by hand on a fixed clock with a mailer that
  // records what it is given, so nothing waits on a timer or the SMTP round trip (it
  // once timed out on a loaded machine, and a retry could not mend it). Job errors fail
  // the test instead of leaving the mail unsent.
  it('spends no one else’s budget while held, and is counted once released: past a budget it waits', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '24', MAIL_BUDGET_PER_INSTANCE: '2' });
    const fresh = await setup(app, 'Fresh campaign', 'Fresh Org');
    const honest = await setup(app, 'Old campaign', 'Old Org');
    await app.database.db
      .updateTable('organizations')
      .set({ createdAt: new Date(Date.now() - 90 * 24 * HOUR).toISOString() })
      .where('id', '=', honest.org)
      .execute();
    // Held, the fresh organisation's three mails leave the instance's two to the others.
    for (const i of [1, 2, 3])
      expect((await fresh.schedule(`released${i}@example.org`)).statusCode).toBe(201);
    expect((await honest.schedule('honest1@example.org')).statusCode).toBe(201);
    // Released a moment later (a release is due from its own time: in the same
    // millisecond the two would tie and leave in either order).
    await new Promise((r) => setTimeout(r, 5));
    // Released, they count: the instance's budget is spent.
    expect(await releaseHeldMail(app.database.db, { organizationId: fresh.org })).toBe(3);
    const refused = await honest.schedule('honest2@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(BUDGET_REFUSED.instance);
    // Sent in order: the mail that was waiting first, then one released; the rest waits
    // for the budget (an hour at a time) rather than leave past it.
    const at = Date.now();
    const sent: string[] = [];
    const errors: unknown[] = [];
    const recording: Mailer = {
      enabled: true,
      send: async (message) => {
        sent.push(message.to);
        return true;
      },
    };
    const { db, dialect } = app.database;
    const sender = () =>
      new JobRunner({
        db,
        dialect,
        jobs: [outboxSenderJob({ db, dialect, config: app.config, mailer: recording, now: () => at })],
        intervalMs: 0,
        onError: (_job, error) => errors.push(error),
      }).runOnce();
    await sender();
    expect(errors).toEqual([]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe('honest1@example.org');
    expect(sent[1]).toMatch(/^released[123]@example\.org$/);
    // Run again at the same instant: the held mail's hour has not passed, nothing more leaves.
    await sender();
    expect(errors).toEqual([]);
    expect(sent).toHaveLength(2);
    const rows = await app.database.db
      .selectFrom('outbox')
      .select(['status', 'reason'])
      .where('organizationId', 'in', [fresh.org, honest.org])
      .execute();
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'held')).toEqual(
      Array(2).fill({ status: 'held', reason: OUTBOX_REASON.budgetInstance }),
    );
    // Mail written days ago and sent today counts from its sending.
    await app.database.db
      .updateTable('outbox')
      .set({ createdAt: new Date(Date.now() - 3 * 24 * HOUR).toISOString() })
      .where('organizationId', 'in', [fresh.org, honest.org])
      .execute();
    expect((await honest.schedule('honest3@example.org')).statusCode).toBe(429);
  });
});

describe('reminder address confirmation', () => {
  it('lapses after the configured days: the reminders of that address expire with a reason', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0', REMINDER_CONFIRMATION_DAYS: '7' });
    const s = await setup(app, 'Lapse campaign', 'Lapse Org');
    const res = await s.schedule('lapse@example.org', 10 * 24);
    expect(res.statusCode).toBe(201);
    const shareId = res.json().id;
    await reminderRunner(app, () => Date.now()).runOnce();
    const mail = await kit.smtp.waitFor('lapse@example.org');
    await reminderRunner(app, () => Date.now() + 8 * 24 * HOUR).runOnce();
    const share = await app.database.db
      .selectFrom('shares')
      .select('status')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect(share.status).toBe('expired');
    expect(
      await app.database.db.selectFrom('reminders').selectAll().where('shareId', '=', shareId).execute(),
    ).toEqual([]);
    const rows = await outboxOf(app, s.org);
    expect(rows.find((r) => r.kind === 'reminder')).toMatchObject({
      status: 'expired',
      reason: OUTBOX_REASON.addressUnconfirmed,
      refId: shareId,
    });
    // The lapsed link confirms nothing.
    const posted = await app.app.inject({
      method: 'POST',
      url: confirmLink(mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(404);
    // A later reminder asks again.
    expect((await s.schedule('lapse@example.org', 20 * 24)).statusCode).toBe(201);
    expect((await outboxOf(app, s.org)).filter((r) => r.kind === 'reminder-confirm')).toHaveLength(2);
  });

  it("escapes the organisation's name on the confirmation page, and the campaign's text in the reminder's HTML", async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0' });
    const s = await setup(app, '<img src=x onerror=alert(1)>', '<script>alert(1)</script>');
    const res = await s.schedule('escape@example.org');
    await reminderRunner(app, () => Date.now()).runOnce();
    const link = confirmLink(await kit.smtp.waitFor('escape@example.org'));
    const page = await app.app.inject({ url: link });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await app.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await reminderRunner(app, () => Date.parse(res.json().scheduledFor) + 1000).runOnce();
    await expect.poll(() => mailsTo('escape@example.org').length).toBe(2);
    const reminder = mailsTo('escape@example.org')[1];
    expect(reminder.subject).toBe(REMINDER_SUBJECT);
    expect(String(reminder.html)).not.toContain('<img');
    expect(String(reminder.html)).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('the sender', () => {
  it('claims each row once when two instances send at the same moment', async () => {
    const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0' });
    const second = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0' }, app);
    const org = await seedOrganization(app.database.db, 'Twice Org');
    const secret = await loadAddressKeySecret(app.database.db);
    const to = Array.from({ length: 60 }, (_, i) => `once${i}@example.org`);
    for (const address of to) {
      await enqueueMail(app.database.db, app.config, {
        kind: 'test',
        organizationId: org,
        to: address,
        recipientKey: addressKey(secret, address),
        subject: 'Once',
        text: 'Once only',
        expiresAt: Date.now() + HOUR,
      });
    }
    // Two senders' steps in two transactions at once (not through the runners' lock),
    // then through two runners as well.
    const job = (a: TestApp) =>
      outboxSenderJob({
        db: a.database.db,
        dialect: a.database.dialect,
        config: a.config,
        mailer: a.deps.mailer,
      });
    const run = async (a: TestApp) => {
      const j = job(a);
      await a.database.db.transaction().execute((trx) => j.step(trx));
      await j.afterCommit?.();
    };
    await Promise.all([run(app), run(second), run(app), run(second)]);
    const clock = () => Date.now();
    await Promise.all([reminderRunner(app, clock).runOnce(), reminderRunner(second, clock).runOnce()]);
    for (const address of to) await kit.smtp.waitFor(address);
    await settle();
    for (const address of to) expect(mailsTo(address), address).toHaveLength(1);
    const rows = await outboxOf(app, org);
    expect(rows.map((r) => r.status)).toEqual(to.map(() => 'sent'));
  });

  it('tries a refused mail again later, then marks it failed with its reason', async () => {
    const refusing = await startSmtp(0, { refuse: true });
    try {
      const app = await appWith({ MAIL_HOLD_NEW_ORGS_HOURS: '0', SMTP_URL: refusing.url });
      const s = await setup(app, 'Refused campaign', 'Refused Org');
      await markConfirmed(app, s.org, 'refused@example.org');
      const res = await s.schedule('refused@example.org');
      const due = Date.parse(res.json().scheduledFor);
      let at = due + 1000;
      for (let i = 0; i < 3; i++) {
        await reminderRunner(app, () => at).runOnce();
        at += 16 * 60_000;
      }
      const rows = await outboxOf(app, s.org);
      const [row] = rows.filter((r) => r.kind === 'reminder');
      expect(row, JSON.stringify(rows)).toMatchObject({
        status: 'failed',
        attempts: 3,
        reason: OUTBOX_REASON.refused,
        recipient: null,
      });
      const share = await app.database.db
        .selectFrom('shares')
        .select('status')
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(share.status).toBe('expired');
    } finally {
      await refusing.close();
    }
  });
});
