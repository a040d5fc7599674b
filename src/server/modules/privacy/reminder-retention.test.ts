import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/durations.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { addressKey, loadAddressKeySecret, mailboxKey } from '../../lib/address-key.ts';
import { shareRow } from '../../test/db-rows.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { appPerFile } from '../../test/test-app.ts';
import { OUTBOX_REASON } from '../outbox/index.ts';
import { REMINDER_MAIL_TTL_MS, UNSUBSCRIBE_LINK_TTL_MS } from '../reminders/index.ts';
import { expireReminderData, reminderDataRetentionJob } from './reminder-retention.job.ts';

// The reminder data that lapses, on the database the suite runs on: unsubscribe links
// after UNSUBSCRIBE_LINK_TTL_MS, pending confirmations once their link lapsed (their
// reminders lose the address), a suspended organisation's reminders once their moment
// passed; what has not lapsed stays. Run by the app's own job runner, so the tests
// fail if the job is not scheduled.

const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });
const db = () => t.database.db;
const iso = (ms: number) => new Date(ms).toISOString();

let secret: Buffer;
beforeAll(async () => {
  secret = await loadAddressKeySecret(db());
});

/** A pending scheduled share of a new campaign in `organizationId` and its reminder, due at `dueAt`. */
async function pendingReminder(
  organizationId: number,
  dueAt: number,
  reminder: { email?: string; push?: string } = {},
) {
  const { campaignId, assetIds } = await seedCampaign(db(), {
    organizationId,
    assets: [{ title: 'A', type: 'text', content: 'a' }],
  });
  const share = await db()
    .insertInto('shares')
    .values(
      shareRow({
        assetId: assetIds[0]!,
        campaignId,
        organizationId,
        status: 'pending',
        scheduledFor: iso(dueAt),
        shareText: 'My words',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = reminder.email ?? null;
  const row = await db()
    .insertInto('reminders')
    .values({
      shareId: share.id,
      organizationId,
      dueAt: iso(dueAt),
      email,
      emailKey: email && addressKey(secret, email),
      pushSubscription: reminder.push ?? null,
      origin: 'https://rally.example',
      claimedAt: null,
      createdAt: iso(Date.now() - DAY_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { shareId: share.id, reminderId: row.id };
}

async function confirmation(
  organizationId: number,
  email: string,
  c: { status: 'pending' | 'confirmed'; expiresAt: string | null },
) {
  await db()
    .insertInto('reminderAddresses')
    .values({
      organizationId,
      emailKey: addressKey(secret, email),
      mailboxKey: mailboxKey(secret, email),
      status: c.status,
      tokenHash: c.status === 'pending' ? `hash-${email}` : null,
      createdAt: iso(Date.now() - 30 * DAY_MS),
      expiresAt: c.expiresAt,
      confirmedAt: c.status === 'confirmed' ? iso(Date.now() - 30 * DAY_MS) : null,
    })
    .execute();
}

const link = (organizationId: number, email: string, createdAt: number, n: string) =>
  db()
    .insertInto('reminderUnsubscribes')
    .values({
      tokenHash: `unsub-${n}`,
      organizationId,
      emailKey: addressKey(secret, email),
      createdAt: iso(createdAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

const rowsIn = (
  table: 'reminderAddresses' | 'reminderUnsubscribes' | 'reminderDataLinks' | 'reminders',
  organizationId: number,
) => db().selectFrom(table).selectAll().where('organizationId', '=', organizationId).execute();
const shareStatus = async (id: number) =>
  (await db().selectFrom('shares').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const outboxOf = (organizationId: number) =>
  db()
    .selectFrom('outbox')
    .select(['kind', 'status', 'reason', 'refId', 'recipient'])
    .where('organizationId', '=', organizationId)
    .execute();

describe('the reminder data retention', () => {
  it('removes lapsed unsubscribe links and confirmations when the app runs its jobs, and keeps the rest', async () => {
    const org = await seedOrganization(db(), 'Lapses Org');
    const now = Date.now();
    const oldLink = await link(org, 'old@example.org', now - UNSUBSCRIBE_LINK_TTL_MS - HOUR_MS, `${org}-old`);
    const liveLink = await link(
      org,
      'live@example.org',
      now - UNSUBSCRIBE_LINK_TTL_MS + HOUR_MS,
      `${org}-live`,
    );
    await confirmation(org, 'lapsed@example.org', { status: 'pending', expiresAt: iso(now - MINUTE_MS) });
    await confirmation(org, 'waiting@example.org', { status: 'pending', expiresAt: iso(now + DAY_MS) });
    await confirmation(org, 'yes@example.org', { status: 'confirmed', expiresAt: null });
    // Waiting for the lapsed confirmation: loses the address; with a push subscription it stays for that.
    const unconfirmed = await pendingReminder(org, now + 2 * DAY_MS, { email: 'lapsed@example.org' });
    const withPush = await pendingReminder(org, now + 2 * DAY_MS, {
      email: 'lapsed@example.org',
      push: '{"endpoint":"https://push.example/x","keys":{"p256dh":"k","auth":"a"}}',
    });
    const toConfirmed = await pendingReminder(org, now + 2 * DAY_MS, { email: 'yes@example.org' });

    // A reminder mail's link to the address's data: good for its days, then gone.
    for (const [n, expiresAt] of [
      ['lapsed', now - MINUTE_MS],
      ['live', now + DAY_MS],
    ] as const)
      await db()
        .insertInto('reminderDataLinks')
        .values({
          tokenHash: `data-${org}-${n}`,
          organizationId: org,
          emailKey: addressKey(secret, `${n}@example.org`),
          createdAt: iso(now - 7 * DAY_MS),
          expiresAt: iso(expiresAt),
        })
        .execute();

    await t.app.jobs.runOnce();

    expect((await rowsIn('reminderDataLinks', org)).map((l) => l.tokenHash)).toEqual([`data-${org}-live`]);
    expect((await rowsIn('reminderUnsubscribes', org)).map((l) => l.id)).toEqual([liveLink.id]);
    expect(oldLink.id).not.toBe(liveLink.id);
    const addresses = await rowsIn('reminderAddresses', org);
    expect(addresses.map((a) => a.emailKey).sort()).toEqual(
      ['waiting@example.org', 'yes@example.org'].map((e) => addressKey(secret, e)).sort(),
    );
    const reminders = new Map((await rowsIn('reminders', org)).map((r) => [r.id, r]));
    expect(reminders.has(unconfirmed.reminderId)).toBe(false);
    expect(await shareStatus(unconfirmed.shareId)).toBe('expired');
    expect(reminders.get(withPush.reminderId)).toMatchObject({ email: null, emailKey: null });
    expect(reminders.get(toConfirmed.reminderId)).toMatchObject({ email: 'yes@example.org' });
    // Recorded as never sent, with the reason and no address.
    expect(await outboxOf(org)).toEqual(
      expect.arrayContaining([
        {
          kind: 'reminder',
          status: 'expired',
          reason: OUTBOX_REASON.addressUnconfirmed,
          refId: unconfirmed.shareId,
          recipient: null,
        },
      ]),
    );
  });

  it("deletes a suspended organisation's reminders once their moment passed, not before", async () => {
    const org = await seedOrganization(db(), 'Suspended Org');
    const open = await seedOrganization(db(), 'Open Org');
    const now = Date.now();
    const passed = await pendingReminder(org, now - REMINDER_MAIL_TTL_MS - MINUTE_MS, {
      email: 'late@example.org',
    });
    const push = '{"endpoint":"https://push.example/y","keys":{"p256dh":"k","auth":"a"}}';
    const passedPush = await pendingReminder(org, now - REMINDER_MAIL_TTL_MS - HOUR_MS, { push });
    const recent = await pendingReminder(org, now - HOUR_MS, { email: 'soon@example.org' });
    // Far in the future: an open organisation's reminder the reminders job has not reached.
    const other = await pendingReminder(open, now + DAY_MS, { email: 'other@example.org' });
    await db()
      .updateTable('organizations')
      .set({ suspendedAt: iso(now - DAY_MS) })
      .where('id', '=', org)
      .execute();

    // A runner of its own: the app's swept a moment ago (each instance sweeps every ten minutes).
    const { dialect } = t.database;
    await new JobRunner({
      db: db(),
      dialect,
      jobs: [reminderDataRetentionJob({ db: db() })],
      intervalMs: 0,
    }).runOnce();

    expect((await rowsIn('reminders', org)).map((r) => r.id)).toEqual([recent.reminderId]);
    expect(await shareStatus(passed.shareId)).toBe('expired');
    expect(await shareStatus(passedPush.shareId)).toBe('expired');
    expect(await shareStatus(recent.shareId)).toBe('pending');
    expect(await outboxOf(org)).toEqual([
      {
        kind: 'reminder',
        status: 'expired',
        reason: OUTBOX_REASON.organizationSuspended,
        refId: passed.shareId,
        recipient: null,
      },
    ]);
    expect((await rowsIn('reminders', open)).map((r) => r.id)).toEqual([other.reminderId]);
  });

  it('works in batches: a full batch says more is waiting, the next step goes on', async () => {
    const org = await seedOrganization(db(), 'Batch Org');
    const old = Date.now() - UNSUBSCRIBE_LINK_TTL_MS - DAY_MS;
    for (let i = 0; i < 5; i++) await link(org, `b${i}@example.org`, old, `${org}-${i}`);
    let steps = 0;
    while (await expireReminderData(db(), { db: db(), now: Date.now(), batch: 2 })) steps++;
    expect(steps).toBeGreaterThanOrEqual(2);
    expect(await rowsIn('reminderUnsubscribes', org)).toEqual([]);
  });
});
