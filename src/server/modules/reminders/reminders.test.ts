import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { REMINDER_CONSENT_REQUIRED } from '#shared/schemas/reminders.ts';
import { REMINDER_MAX_ATTEMPTS, REMINDER_RETRY_DELAYS_MS } from './send-reminders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { supporterCookie } from '../../test/visitor.ts';
import { consentLine, type DueReminder, reminderMail } from './reminder-delivery.ts';
import { CONFIRM_SUBJECT, REMINDER_SUBJECT } from './reminder-addresses.ts';
import {
  confirmLink,
  markConfirmed,
  postForm,
  reminderAppsPerFile,
  reminderRunner,
} from '../../test/reminder-kit.ts';
import { MAX_PENDING_EMAIL_REMINDERS, REMINDER_REFUSED } from './reminders.service.ts';
import { HOUR_MS } from '#shared/durations.ts';

// Reminders of scheduled shares: sent once at their time (the job's clock is moved
// forward, never waited for), by email to a real SMTP server and by Web Push to a
// local endpoint that decrypts what it gets; refused input; unsubscribe links.

const ORIGIN = 'https://rally.example';
const { smtp, push, t, t2, strict } = reminderAppsPerFile(ORIGIN, { ALLOW_PRIVATE_FETCH: '1' });

/** A runner of its own over `app`'s database: the reminders job and the outbox's sender, on a clock the test sets. */
const runnerAt = reminderRunner;

type SeedAsset = NonNullable<Parameters<typeof seedCampaign>[1]['assets']>[number];

async function setup(
  app: TestApp,
  name = 'Rivers Org',
  asset: SeedAsset = { title: 'Clean water', type: 'text', content: 'Rivers need us' },
) {
  const org = await seedOrganization(app.database.db, name);
  const { campaignId, assetIds } = await seedCampaign(app.database.db, {
    organizationId: org,
    assets: [asset],
  });
  const page = await app.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
  const cookie = `rally_sid=${supporterCookie(page.headers)}`;
  let n = 0;
  const schedule = (extra: Record<string, unknown>, hours = 2, asCookie = cookie) =>
    app.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie: asCookie },
      payload: {
        assetId: assetIds[0],
        campaignId,
        organizationId: org,
        platform: 'all',
        scheduledFor: new Date(Date.now() + hours * HOUR_MS).toISOString(),
        text: 'I care\n\nRivers need us',
        ref: `remindRef${String(++n).padStart(4, '0')}${Math.random().toString(36).slice(2, 6)}`,
        ...extra,
      },
    });
  return { org, campaignId, assetId: assetIds[0], cookie, schedule };
}

const shareStatus = async (app: TestApp, id: number) =>
  (await app.database.db.selectFrom('shares').select('status').where('id', '=', id).executeTakeFirst())
    ?.status;
/** The rows an organisation has in `table` (each test's organisation is its own). */
const rowsOf = (
  app: TestApp,
  table: 'shares' | 'reminders' | 'reminderSuppressions',
  organizationId: number,
) => app.database.db.selectFrom(table).selectAll().where('organizationId', '=', organizationId).execute();
const reminderRows = (app: TestApp, shareId: number) =>
  app.database.db.selectFrom('reminders').selectAll().where('shareId', '=', shareId).execute();
/** The organisation turns supporter information off (its settings row did not exist yet). */
const stopCollecting = (organizationId: number) =>
  t.database.db
    .insertInto('organizationSettings')
    .values({
      organizationId,
      data: JSON.stringify({ supporters: { collectInfo: false } }),
      updatedAt: new Date().toISOString(),
    })
    .execute();
const mailsTo = (to: string) =>
  smtp.messages.filter((m: ParsedMail) =>
    [m.to].flat().some((a) => a?.text.toLowerCase().includes(to.toLowerCase())),
  );
/** Reminder mails to `to` (not confirmation mails). */
const remindersTo = (to: string) => mailsTo(to).filter((m) => m.subject === REMINDER_SUBJECT);
/** The first reminder mail to `to`, once it arrives. */
async function reminderMailTo(to: string): Promise<ParsedMail> {
  await expect.poll(() => remindersTo(to).length).toBeGreaterThan(0);
  return remindersTo(to)[0];
}
const unsubscribeUrl = (mail: ParsedMail) =>
  /https:\/\/\S+\/unsubscribe\/\S+/.exec(mail.text ?? '')?.[0] ?? '';

describe('email reminders', () => {
  it('words the confirmation and the reminder in the language the share was scheduled in, the asset in its words there', async () => {
    const s = await setup(t, 'Amigos de los ríos', {
      title: 'Poster',
      type: 'image',
      content: '/uploads/rivers.png',
      shareText: 'Rivers need us',
    });
    await t.database.db
      .updateTable('campaigns')
      .set({ languages: JSON.stringify(['en', 'es']) })
      .where('id', '=', s.campaignId)
      .execute();
    await t.database.db
      .updateTable('assets')
      .set({ translations: JSON.stringify({ es: { shareText: 'Los ríos nos necesitan' } }) })
      .where('id', '=', s.assetId)
      .execute();
    const res = await s.schedule({ language: 'es', reminder: { email: 'lucia@example.org', consent: true } });
    expect(res.statusCode, res.body).toBe(201);
    const due = Date.parse(res.json().scheduledFor);
    await runnerAt(t, () => Date.now()).runOnce();
    const confirmation = await smtp.waitFor('lucia@example.org');
    expect(confirmation.subject).toBe('Confirme su correo para recibir recordatorios');
    expect((await postForm(t, confirmLink(confirmation), '')).statusCode).toBe(200);
    await runnerAt(t, () => due + 30_000).runOnce();
    await expect.poll(() => mailsTo('lucia@example.org').length).toBe(2);
    const mail = mailsTo('lucia@example.org')[1];
    expect(mail.subject).toBe('Su recordatorio para compartir');
    expect(mail.text).toContain('Es hora de compartir «Los ríos nos necesitan»');
  });

  it('asks the address to confirm first, then sends one mail at the scheduled time with the consent line, the one-tap link and an unsubscribe link', async () => {
    const s = await setup(t);
    const res = await s.schedule({ reminder: { email: 'Ada+rivers@example.org', consent: true } });
    expect(res.statusCode, res.body).toBe(201);
    const share = res.json();
    expect(share.status).toBe('pending');
    const due = Date.parse(share.scheduledFor);

    // At once: the confirmation mail, in the instance's words only.
    await runnerAt(t, () => Date.now()).runOnce();
    const confirmation = await smtp.waitFor('ada+rivers@example.org');
    expect(confirmation.subject).toBe(CONFIRM_SUBJECT);
    expect(confirmation.text).not.toContain('Clean');
    expect(confirmation.text).not.toContain('Rivers Org');
    // Opening the link (as a mail scanner does) changes nothing; its button confirms.
    const link = confirmLink(confirmation);
    const opened = await t.app.inject({ url: link });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.body).toContain('Confirm my email');
    expect(opened.body).toContain('Rivers Org');
    const posted = await postForm(t, link, '');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toContain('Your email is confirmed');
    // Another schedule for the same mailbox, written differently (spaces, the domain's
    // case): no second confirmation. (` ada@` or `Ada@` would be asked: docs/security.md.)
    expect(
      (await s.schedule({ reminder: { email: ' Ada+rivers@EXAMPLE.org ', consent: true } }, 30)).statusCode,
    ).toBe(201);

    // A minute early: nothing yet.
    await runnerAt(t, () => due - 60_000).runOnce();
    expect(mailsTo('ada+rivers@example.org')).toHaveLength(1);
    expect(mailsTo('ada@example.org')).toHaveLength(0);
    expect(await shareStatus(t, share.id)).toBe('pending');

    await runnerAt(t, () => due + 30_000).runOnce();
    await expect.poll(() => mailsTo('ada+rivers@example.org').length).toBe(2);
    const mail = mailsTo('ada+rivers@example.org')[1];
    expect(mail.subject).toBe(REMINDER_SUBJECT);
    const text = mail.text ?? '';
    expect(text).toContain(consentLine('Rivers Org'));
    expect(text).toContain(`${ORIGIN}/supporter/${s.campaignId}?share=${share.id}&ref=${share.ref}`);
    // Never the supporter's words (anyone may schedule for any address): only what staff wrote,
    // the asset's public words (a text asset's content), never its internal title.
    expect(text).not.toContain('I care');
    expect(text).toContain(`It's time to share "Rivers need us" for Clean Rivers.`);
    expect(text).not.toContain('Clean water');
    expect(unsubscribeUrl(mail)).toMatch(new RegExp(`^${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}$`));
    const listUnsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line;
    expect(listUnsubscribe).toContain(`<${unsubscribeUrl(mail)}>`);
    expect(await shareStatus(t, share.id)).toBe('reminded');
    // The address is gone once sent.
    expect(await reminderRows(t, share.id)).toEqual([]);

    // Later ticks send nothing more.
    await runnerAt(t, () => due + 120_000).runOnce();
    expect(mailsTo('ada+rivers@example.org')).toHaveLength(2);
  });

  it('is sent once when two runners of two instances tick at the same moment', async () => {
    const s = await setup(t);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      await markConfirmed(t, s.org, `twice${i}@example.org`);
      const res = await s.schedule({ reminder: { email: `twice${i}@example.org`, consent: true } }, 1);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const clock = () => Date.now() + 2 * HOUR_MS;
    const a = runnerAt(t, clock);
    const b = runnerAt(t2, clock);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    for (let i = 0; i < 6; i++) await smtp.waitFor(`twice${i}@example.org`);
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 6; i++) expect(mailsTo(`twice${i}@example.org`)).toHaveLength(1);
    for (const id of ids) expect(await shareStatus(t, id)).toBe('reminded');
  });

  it('does not send for a campaign that ended (or was paused) before the time: the share expires', async () => {
    for (const status of ['ended', 'paused', 'archived']) {
      const s = await setup(t);
      const email = `closed-${status}@example.org`;
      await markConfirmed(t, s.org, email);
      const res = await s.schedule({ reminder: { email, consent: true } });
      expect(res.statusCode, res.body).toBe(201);
      await t.database.db.updateTable('campaigns').set({ status }).where('id', '=', s.campaignId).execute();
      await runnerAt(t, () => Date.now() + 3 * HOUR_MS).runOnce();
      expect(await shareStatus(t, res.json().id)).toBe('expired');
      expect(await reminderRows(t, res.json().id)).toEqual([]);
      expect(mailsTo(email)).toHaveLength(0);
    }
  });
});

describe('deliveries that fail', () => {
  /** A push endpoint nothing listens on: every try fails. */
  const dead = () => ({ ...push.subscription, endpoint: 'http://127.0.0.1:9/push/dead' });

  it('are tried again after 5 and 15 minutes, and sent when the channel works again', async () => {
    const s = await setup(t);
    const share = (await s.schedule({ reminder: { consent: true, push: dead() } })).json();
    const due = Date.parse(share.scheduledFor);
    await runnerAt(t, () => due + 1000).runOnce();
    const [row] = await reminderRows(t, share.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedAt: null });
    expect(Date.parse(row.dueAt)).toBe(due + 1000 + REMINDER_RETRY_DELAYS_MS[0]);
    expect(await shareStatus(t, share.id)).toBe('pending');

    // Not before its new time; then, with the push service back, it goes out.
    await runnerAt(t, () => due + 60_000).runOnce();
    expect((await reminderRows(t, share.id))[0].attempts).toBe(1);
    await t.database.db
      .updateTable('reminders')
      .set({ pushSubscription: JSON.stringify(push.subscription) })
      .where('shareId', '=', share.id)
      .execute();
    const before = push.received.length;
    await runnerAt(t, () => Date.parse(row.dueAt) + 1000).runOnce();
    expect(push.received.length).toBe(before + 1);
    expect(await shareStatus(t, share.id)).toBe('reminded');
    expect(await reminderRows(t, share.id)).toEqual([]);
  });

  it('drop a subscription the push service says is gone (410) at once, with no retry', async () => {
    const s = await setup(t);
    const gone = { ...push.subscription, endpoint: push.subscription.endpoint.replace('/push/', '/gone/') };
    const share = (await s.schedule({ reminder: { consent: true, push: gone } })).json();
    const before = push.received.length;
    await runnerAt(t, () => Date.parse(share.scheduledFor) + 1000).runOnce();
    expect(push.received.slice(before).map((r) => r.path)).toEqual([new URL(gone.endpoint).pathname]);
    expect(await reminderRows(t, share.id)).toEqual([]);
    expect(await shareStatus(t, share.id)).toBe('expired');
  });

  it(`expire the share and delete the personal data after ${REMINDER_MAX_ATTEMPTS} failed tries`, async () => {
    const s = await setup(t);
    const share = (await s.schedule({ reminder: { consent: true, push: dead() } })).json();
    let at = Date.parse(share.scheduledFor) + 1000;
    for (let i = 1; i < REMINDER_MAX_ATTEMPTS; i++) {
      await runnerAt(t, () => at).runOnce();
      const [row] = await reminderRows(t, share.id);
      expect(row).toMatchObject({ status: 'pending', attempts: i });
      expect(Date.parse(row.dueAt)).toBe(at + REMINDER_RETRY_DELAYS_MS[i - 1]);
      at = Date.parse(row.dueAt) + 1000;
    }
    await runnerAt(t, () => at).runOnce();
    expect(await reminderRows(t, share.id)).toEqual([]);
    expect(await shareStatus(t, share.id)).toBe('expired');
  });

  it('a claim that never finished is swept after an hour as a failed try, then sent on its retry', async () => {
    const s = await setup(t);
    const email = 'crashed@example.org';
    await markConfirmed(t, s.org, email);
    await markConfirmed(t, s.org, 'crashed2@example.org');
    const share = (await s.schedule({ reminder: { email, consent: true } })).json();
    const due = Date.parse(share.scheduledFor);
    // As if a process claimed it and died before sending.
    const claim = (attempts: number) =>
      t.database.db
        .updateTable('reminders')
        .set({ status: 'sending', claimedAt: new Date(due).toISOString(), attempts })
        .where('shareId', '=', share.id)
        .execute();
    await claim(0);
    await runnerAt(t, () => due + 30 * 60_000).runOnce();
    expect((await reminderRows(t, share.id))[0]).toMatchObject({ status: 'sending' });
    await runnerAt(t, () => due + 2 * HOUR_MS).runOnce();
    const [row] = await reminderRows(t, share.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedAt: null });
    expect(mailsTo(email)).toHaveLength(0);
    await runnerAt(t, () => Date.parse(row.dueAt) + 1000).runOnce();
    await smtp.waitFor(email);
    expect(await shareStatus(t, share.id)).toBe('reminded');

    // On its last try, a stale claim expires the share instead.
    const last = (await s.schedule({ reminder: { email: 'crashed2@example.org', consent: true } })).json();
    await t.database.db
      .updateTable('reminders')
      .set({ status: 'sending', claimedAt: new Date(due).toISOString(), attempts: REMINDER_MAX_ATTEMPTS - 1 })
      .where('shareId', '=', last.id)
      .execute();
    await runnerAt(t, () => due + 2 * HOUR_MS).runOnce();
    expect(await reminderRows(t, last.id)).toEqual([]);
    expect(await shareStatus(t, last.id)).toBe('expired');
    expect(mailsTo('crashed2@example.org')).toHaveLength(0);
  });
});

describe('an organisation that stopped collecting supporter information', () => {
  it('gets no reminder mail (the address is dropped unused), while a browser push still goes out', async () => {
    const s = await setup(t, 'Quiet Org');
    const both = (
      await s.schedule({ reminder: { email: 'quiet@example.org', consent: true, push: push.subscription } })
    ).json();
    const mailOnly = (await s.schedule({ reminder: { email: 'quiet2@example.org', consent: true } })).json();
    await stopCollecting(s.org);
    const before = push.received.length;
    await runnerAt(t, () => Date.parse(both.scheduledFor) + 1000).runOnce();
    expect(push.received.length).toBe(before + 1);
    expect(await shareStatus(t, both.id)).toBe('reminded');
    expect(await reminderRows(t, mailOnly.id)).toEqual([]);
    expect(await shareStatus(t, mailOnly.id)).toBe('pending');
    await new Promise((r) => setTimeout(r, 200));
    expect(remindersTo('quiet@example.org')).toHaveLength(0);
    expect(remindersTo('quiet2@example.org')).toHaveLength(0);
  });
});

describe('what a reminder names the asset by', () => {
  const banner: SeedAsset = {
    title: 'hero_v3_final oaks banner',
    type: 'image',
    content: '/uploads/oaks.png',
  };

  it('is its public words: an image with neither share text nor description goes by the campaign description, never its title', async () => {
    const s = await setup(t, 'Oaks Org', banner);
    // The asset's words are locked: the post carries them (here, the campaign's description).
    const scheduled = await s.schedule({
      text: 'I care\n\nKeep our rivers clean',
      reminder: { consent: true, push: push.subscription },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const share = scheduled.json();
    const before = push.received.length;
    await runnerAt(t, () => Date.parse(share.scheduledFor) + 10_000).runOnce();
    expect(push.received.length).toBe(before + 1);
    const payload = JSON.parse(push.decrypt(push.received[before].body));
    expect(payload.title).toBe('Time to share "Keep our rivers clean"');
    expect(JSON.stringify(payload)).not.toContain('hero_v3');
  });

  it('in the mail: the share text, else the description', () => {
    const due: DueReminder & { email: string } = {
      id: 1,
      shareId: 2,
      organizationId: 3,
      email: 'a@example.org',
      emailKey: 'k',
      pushSubscription: null,
      origin: ORIGIN,
      attempts: 0,
      ref: 'abcdefghijkl',
      text: null,
      campaignId: 4,
      campaignName: 'Oaks',
      campaignDescription: 'Save the oaks',
      assetType: 'image',
      assetContent: '/uploads/oaks.png',
      assetShareText: '  ',
      assetDescription: 'An oak at dawn',
      organizationName: 'Oaks Org',
    };
    const described = reminderMail(due, `${ORIGIN}/unsubscribe/x`, `${ORIGIN}/my-data/y`);
    expect(described.text).toContain(`It's time to share "An oak at dawn" for Oaks.`);
    const captioned = reminderMail(
      { ...due, assetShareText: 'Stand with the oaks' },
      `${ORIGIN}/unsubscribe/x`,
      `${ORIGIN}/my-data/y`,
    );
    expect(captioned.text).toContain(`It's time to share "Stand with the oaks" for Oaks.`);
  });
});

describe('push reminders', () => {
  it('sends an encrypted, VAPID-signed push whose payload carries the one-tap link', async () => {
    const s = await setup(t);
    const res = await s.schedule({ reminder: { consent: true, push: push.subscription } });
    expect(res.statusCode, res.body).toBe(201);
    const share = res.json();
    const before = push.received.length;
    await runnerAt(t, () => Date.parse(share.scheduledFor) + 10_000).runOnce();
    expect(push.received.length).toBe(before + 1);
    const got = push.received[before];
    expect(got.path).toBe(new URL(push.subscription.endpoint).pathname);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    const { publicKey } = (await t.app.inject({ url: '/api/push/public-key' })).json();
    expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(got.headers.authorization).toContain(`k=${publicKey}`);
    const payload = JSON.parse(push.decrypt(got.body));
    expect(payload).toEqual({
      title: 'Time to share "Rivers need us"',
      body: 'I care\n\nRivers need us',
      url: `${ORIGIN}/supporter/${s.campaignId}?share=${share.id}&ref=${share.ref}`,
    });
    expect(await shareStatus(t, share.id)).toBe('reminded');
    expect(await reminderRows(t, share.id)).toEqual([]);
  });

  it('answers one VAPID public key, the same on every instance', async () => {
    const one = await t.app.inject({ url: '/api/push/public-key' });
    const two = await t2.app.inject({ url: '/api/push/public-key' });
    expect(one.statusCode).toBe(200);
    // An uncompressed P-256 point, base64url.
    expect(Buffer.from(one.json().publicKey, 'base64url')).toHaveLength(65);
    expect(two.json()).toEqual(one.json());
  });
});

describe('refused reminders', () => {
  const subscription = (endpoint: string) => ({ ...push.subscription, endpoint });

  it('refuses foreign schemes and private addresses for push endpoints, with one message that names no address', async () => {
    const s = await setup(strict);
    for (const endpoint of [
      'http://push.example.com/x',
      'ftp://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[::ffff:192.168.0.1]/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://no-such-host.invalid/x',
    ]) {
      const res = await s.schedule({ reminder: { consent: true, push: subscription(endpoint) } });
      expect(res.statusCode, endpoint).toBe(400);
      // The same words whatever the reason: nothing about internal DNS leaks.
      expect(res.json().message, endpoint).toBe(REMINDER_REFUSED.pushEndpoint);
    }
    const bad = await s.schedule({
      reminder: { consent: true, push: { ...push.subscription, keys: { p256dh: 'abc', auth: 'x' } } },
    });
    expect(bad.statusCode).toBe(400);
    // Nothing was scheduled by a refused request.
    expect(await rowsOf(strict, 'shares', s.org)).toEqual([]);
  });

  it('refuses an email without consent, when the organisation does not collect information, or without mail', async () => {
    const s = await setup(t);
    const noConsent = await s.schedule({ reminder: { email: 'no@example.org' } });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe(REMINDER_CONSENT_REQUIRED);
    const falseConsent = await s.schedule({ reminder: { email: 'no@example.org', consent: false } });
    expect(falseConsent.json().message).toBe(REMINDER_CONSENT_REQUIRED);
    const empty = await s.schedule({ reminder: { consent: true } });
    expect(empty.statusCode).toBe(400);

    await stopCollecting(s.org);
    const noCollect = await s.schedule({ reminder: { email: 'no@example.org', consent: true } });
    expect(noCollect.statusCode).toBe(400);
    expect(noCollect.json().message).toBe(REMINDER_REFUSED.noCollect);

    const other = await setup(strict);
    const noMail = await other.schedule({ reminder: { email: 'no@example.org', consent: true } });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().message).toBe(REMINDER_REFUSED.noMail);
    expect(await rowsOf(t, 'reminders', s.org)).toEqual([]);
  });

  it('caps the reminders one address may have waiting in an organisation', async () => {
    const s = await setup(t);
    const email = 'flood@example.org';
    const ids: number[] = [];
    for (let i = 0; i < MAX_PENDING_EMAIL_REMINDERS; i++) {
      const res = await s.schedule({ reminder: { email, consent: true } }, 2 + i);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const over = await s.schedule({ reminder: { email: 'Flood@Example.org', consent: true } }, 9);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(REMINDER_REFUSED.tooMany);
    // Another address, and the same one in another organisation, are not held back.
    expect((await s.schedule({ reminder: { email: 'calm@example.org', consent: true } })).statusCode).toBe(
      201,
    );
    const elsewhere = await setup(t, 'Flood Elsewhere');
    expect((await elsewhere.schedule({ reminder: { email, consent: true } })).statusCode).toBe(201);
    // A reschedule replaces one: allowed, and the replaced share's reminder (with the address) goes.
    const moved = await s.schedule({ reminder: { email, consent: true }, replaces: ids[0] }, 12);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await shareStatus(t, ids[0])).toBe('rescheduled');
    expect(await reminderRows(t, ids[0])).toEqual([]);
    expect(await reminderRows(t, moved.json().id)).toHaveLength(1);
  });

  it('refuses a time in the past, reminder or not', async () => {
    const s = await setup(t);
    const res = await s.schedule({ reminder: { email: 'past@example.org', consent: true } }, -1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Scheduled time must be in the future');
  });
});

describe('unsubscribe links', () => {
  it('are single use, stop the pending reminders of that address in that organisation, and say so', async () => {
    const s = await setup(t);
    const email = 'leave@example.org';
    await markConfirmed(t, s.org, email);
    const first = (await s.schedule({ reminder: { email, consent: true } }, 1)).json();
    const second = (await s.schedule({ reminder: { email: 'LEAVE@example.org', consent: true } }, 5)).json();
    const withPush = (
      await s.schedule({ reminder: { email, consent: true, push: push.subscription } }, 6)
    ).json();
    const elsewhere = await setup(t, 'Other Org');
    const kept = (await elsewhere.schedule({ reminder: { email, consent: true } }, 5)).json();

    await runnerAt(t, () => Date.parse(first.scheduledFor) + 1000).runOnce();
    const url = new URL(unsubscribeUrl(await reminderMailTo(email)));

    // Opening the link shows a button (unsubscribe.test.ts); the button posts.
    const unsubscribe = () => t.app.inject({ method: 'POST', url: url.pathname });
    const page = await unsubscribe();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are unsubscribed');
    expect(await reminderRows(t, second.id)).toEqual([]);
    // The push reminder stays, without the address; the other organisation's is untouched.
    expect((await reminderRows(t, withPush.id))[0]).toMatchObject({ email: null, emailKey: null });
    expect((await reminderRows(t, kept.id))[0]).toMatchObject({ email });

    const again = await unsubscribe();
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('already been used');
    for (const forged of ['nosuchtoken', 'a'.repeat(43), 'x'.repeat(100), '%E2%9C%93']) {
      const res = await t.app.inject({ url: `/unsubscribe/${forged}` });
      expect(res.statusCode, forged).toBe(404);
      expect(res.body).toContain('not valid');
    }
    // Past the router's parameter limit: refused before the route, never a 500.
    expect((await t.app.inject({ url: `/unsubscribe/${'x'.repeat(101)}` })).statusCode).toBe(414);

    // Scheduling cannot mail that address here again; only its keyed hash is kept.
    for (const address of [email, 'Leave@Example.org']) {
      const res = await s.schedule({ reminder: { email: address, consent: true } }, 7);
      expect(res.statusCode, address).toBe(400);
      expect(res.json().message).toBe(REMINDER_REFUSED.unsubscribed);
    }
    const suppressed = await rowsOf(t, 'reminderSuppressions', s.org);
    expect(suppressed).toHaveLength(1);
    expect(JSON.stringify(suppressed)).not.toContain('leave');
    expect((await s.schedule({ reminder: { email: 'stay@example.org', consent: true } }, 7)).statusCode).toBe(
      201,
    );
    expect((await elsewhere.schedule({ reminder: { email, consent: true } }, 7)).statusCode).toBe(201);
  });
});

describe('the one-tap link', () => {
  it("gives back the caller's scheduled share, and sharing from it turns it into the logged share", async () => {
    const s = await setup(t);
    const plan = (await s.schedule({})).json();
    const url = `/api/supporter/campaigns/${s.campaignId}/scheduled/${plan.id}`;
    const mine = await t.app.inject({ url, headers: { cookie: s.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: plan.id, text: 'I care\n\nRivers need us', ref: plan.ref });
    // Another browser: only with the link's ref.
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${url}?ref=wrongRef00001` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${url}?ref=${plan.ref}` })).statusCode).toBe(200);

    const log = (cookie: string | undefined, extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: cookie ? { cookie } : {},
        payload: {
          assetId: s.assetId,
          campaignId: s.campaignId,
          organizationId: s.org,
          platform: 'twitter',
          scheduledShareId: plan.id,
          ...extra,
        },
      });
    // Someone else naming the id without its ref: a plain share, the plan untouched.
    const stranger = await log(undefined, { ref: 'strangerRef001' });
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json()).toMatchObject({ ref: 'strangerRef001', scheduledFor: null });
    expect(await shareStatus(t, plan.id)).toBe('pending');

    const posted = await log(s.cookie, { ref: plan.ref });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({
      status: 'shared',
      ref: plan.ref,
      platform: 'twitter',
      scheduledFor: plan.scheduledFor,
    });
    expect(await shareStatus(t, plan.id)).toBeUndefined();
    expect((await t.app.inject({ url, headers: { cookie: s.cookie } })).statusCode).toBe(404);
    // Counted once in the stats.
    await t.app.jobs.runOnce();
    const stats = await t.database.db
      .selectFrom('shares')
      .select('status')
      .where('campaignId', '=', s.campaignId)
      .where('status', '=', 'shared')
      .execute();
    expect(stats).toHaveLength(2);
  });
});
