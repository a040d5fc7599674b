import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '#shared/durations.ts';
import { supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import { type PersonalField, personalFields } from '../../db/personal-data.ts';
import { shareRow } from '../../test/db-rows.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { appPerFile, bearer, type SignedUp, signUp } from '../../test/test-app.ts';
import { emailKey, exactMailboxKey, loadReminderKeys } from '../reminders/index.ts';
import { rollUpBatch } from '../stats/index.ts';
import { eraseSupporterData, exportSupporterData, type SupporterSubject } from './supporter-data.ts';

// The erasure and export of one supporter's data, on the database the suite runs on:
// after erasing, no registered personal column holds any value of theirs, the other
// supporter's data is as it was (but for the referral link cut between them), and
// every figure the organisation sees is unchanged. The export holds every registered
// personal column that has a value for the subject: a column added to the registry
// fails here until the export covers it.

const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });
let org: SignedUp;
let campaignId: number;
let assetId: number;
let variantId: number;
let campaign2: number;

beforeAll(async () => {
  org = await signUp(t.app);
  const seeded = await seedCampaign(t.database.db, {
    organizationId: org.orgId,
    assets: [{ title: 'A', type: 'text', content: 'Clean the river' }],
  });
  campaignId = seeded.campaignId;
  assetId = seeded.assetIds[0]!;
  const variant = await t.database.db
    .insertInto('assetVariants')
    .values({
      assetId,
      organizationId: org.orgId,
      text: 'Variant',
      position: 0,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  variantId = variant.id;
});

/** What a supporter typed, stored, and was given: every value distinct from the other supporter's. */
interface Seeded {
  visitorId: string;
  email: string;
  emailKey: string;
  mailboxKey: string;
  shareId: number;
  scheduledId: number;
  ref: string;
  /** Every personal value seeded, to look for after erasure. */
  values: string[];
}

let seq = 0;
async function seedSupporter(label: string, parentShareId: number | null): Promise<Seeded> {
  const db = t.database.db;
  const keys = await loadReminderKeys(db);
  const n = ++seq;
  const visitorId = `visitor${label}${String(n).padStart(18, '0')}`;
  const email = `${label.toLowerCase()}.${n}@example.org`;
  const key = emailKey(keys, email);
  const mailbox = exactMailboxKey(keys, email);
  const now = new Date().toISOString();
  const ref = `ref${label}${n}`;
  const base = { assetId, campaignId, organizationId: org.orgId, supporterId: visitorId };
  const share = await db
    .insertInto('shares')
    .values(
      shareRow({
        ...base,
        ref,
        parentShareId,
        depth: parentShareId ? 1 : 0,
        supporterName: `Name ${label}`,
        supporterInfo: `Info ${label}`,
        messageHash: `message-hash-${label}`,
        variantId,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const scheduled = await db
    .insertInto('shares')
    .values(
      shareRow({
        ...base,
        status: 'pending',
        scheduledFor: new Date(Date.now() + 5 * HOUR_MS).toISOString(),
        ref: `${ref}s`,
        shareText: `My own words ${label}`,
        timeZone: label === 'A' ? 'Europe/Paris' : 'America/Denver',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const endpoint = `https://push.example/${label}-${n}`;
  const origin = `https://site-${label.toLowerCase()}.example`;
  await db
    .insertInto('reminders')
    .values({
      shareId: scheduled.id,
      organizationId: org.orgId,
      dueAt: new Date(Date.now() + 5 * HOUR_MS).toISOString(),
      email,
      emailKey: key,
      pushSubscription: JSON.stringify({
        endpoint,
        keys: { p256dh: `p256-${label}`, auth: `auth-${label}` },
      }),
      origin,
      createdAt: now,
    })
    .execute();
  const orgRow = { organizationId: org.orgId, createdAt: now };
  await db
    .insertInto('reminderAddresses')
    .values({ ...orgRow, emailKey: key, mailboxKey: mailbox, status: 'confirmed', confirmedAt: now })
    .execute();
  await db
    .insertInto('reminderSuppressions')
    .values({ ...orgRow, emailKey: key })
    .execute();
  await db
    .insertInto('reminderUnsubscribes')
    .values({ ...orgRow, emailKey: key, tokenHash: `unsub-${label}` })
    .execute();
  await db
    .insertInto('reminderDataLinks')
    .values({ ...orgRow, emailKey: key, tokenHash: `data-${label}`, expiresAt: now })
    .execute();
  await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      kind: 'reminder',
      organizationId: org.orgId,
      recipient: email,
      recipientKey: key,
      refId: scheduled.id,
      subject: 'Time to share',
      body: `Mail body for ${label}`,
      headers: JSON.stringify({ 'List-Unsubscribe': `<https://x.example/unsubscribe/${label}>` }),
      status: 'queued',
      nextAttemptAt: now,
      expiresAt: now,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto('visits')
    .values({
      campaignId,
      organizationId: org.orgId,
      visitorId,
      day: now.slice(0, 10),
      source: 'qr',
      createdAt: now,
    })
    .execute();
  await db
    .insertInto('variantViews')
    .values({ variantId, visitorId, day: now.slice(0, 10), campaignId, createdAt: now })
    .execute();
  return {
    visitorId,
    email,
    emailKey: key,
    mailboxKey: mailbox,
    shareId: share.id,
    scheduledId: scheduled.id,
    ref,
    values: [
      visitorId,
      email,
      key,
      mailbox,
      `Name ${label}`,
      `Info ${label}`,
      `message-hash-${label}`,
      `My own words ${label}`,
      label === 'A' ? 'Europe/Paris' : 'America/Denver',
      endpoint,
      origin,
      `Mail body for ${label}`,
      `unsubscribe/${label}`,
      `net-${label}`,
    ],
  };
}

/** `clicker` follows `sharer`'s link. */
async function click(clicker: Seeded, sharer: Seeded, label: string, inCampaign = campaignId) {
  await t.database.db
    .insertInto('clicks')
    .values({
      shareId: sharer.shareId,
      campaignId: inCampaign,
      organizationId: org.orgId,
      sharerId: sharer.visitorId,
      visitorId: clicker.visitorId,
      networkHash: `net-${label}`,
      createdAt: new Date().toISOString(),
    })
    .execute();
}

const rollUpAll = async () => {
  const now = Date.now() + 60_000;
  while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now }))) {}
};

/** The figures the organisation's members see. */
async function figures() {
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(org.token) });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  return {
    organization: await get('/api/organization/stats'),
    campaign: await get(`/api/campaigns/${campaignId}/stats`),
    campaign2: await get(`/api/campaigns/${campaign2}/stats`),
    asset: await get(`/api/assets/${assetId}/analytics`),
  };
}

const subjectOf = (s: Seeded, organizationId: number | null = null): SupporterSubject => ({
  organizationId,
  visitorIds: [s.visitorId],
  emailKeys: [s.emailKey],
});

const KEY_KINDS = new Set(['visitorId', 'emailKey']);
const supporterFields = () =>
  personalFields().filter((f) => f.category === 'supporter' || KEY_KINDS.has(f.holds));
const anyDb = () => t.database.db as unknown as Kysely<any>;

/** The rows of `f`'s table that hold one of the values in `f`'s column (a JSON list or text containing it too). */
const rowsHolding = (f: PersonalField, value: string) =>
  anyDb()
    .selectFrom(f.table)
    .selectAll()
    .where((eb) => eb(eb.cast(eb.ref(f.column), 'text'), 'like', `%${value}%`))
    .execute();

/** Everything export shows of a supporter, with the referral link from the other one ignored. */
async function exportOf(s: Seeded) {
  const data = await exportSupporterData(t.database.db, subjectOf(s));
  return { ...data, exportedAt: '', shares: data.shares.map((x) => ({ ...x, arrivedThroughLinkId: null })) };
}

describe("a supporter's data", () => {
  let a: Seeded;
  let b: Seeded;
  beforeAll(async () => {
    a = await seedSupporter('A', null);
    // B arrived through A's link; each followed the other's link.
    b = await seedSupporter('B', a.shareId);
    await click(a, b, 'A');
    await click(b, a, 'B');
    await rollUpAll();
    // A's first share in another campaign, and a click on it, not rolled up yet when the erasure comes.
    const second = await seedCampaign(t.database.db, {
      organizationId: org.orgId,
      assets: [{ title: 'B', type: 'text', content: 'Plant trees' }],
    });
    campaign2 = second.campaignId;
    const late = await t.database.db
      .insertInto('shares')
      .values(
        shareRow({
          assetId: second.assetIds[0]!,
          campaignId: campaign2,
          organizationId: org.orgId,
          supporterId: a.visitorId,
          ref: `${a.ref}l`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await click(b, { ...a, shareId: late.id }, 'B', campaign2);
  });

  it('exports every registered personal column that holds a value for the subject, and nothing of the other', async () => {
    const data = await exportSupporterData(t.database.db, subjectOf(a));
    expect(supporterDataExportSchema.parse(data)).toEqual(data);
    const file = JSON.stringify(data);
    // The registry's every column, by the rows the subject's keys find (a click's network is the clicker's).
    const owner: Record<string, string> = { clicks: 'visitorId' };
    const keysOf = { visitorId: [a.visitorId], emailKey: [a.emailKey] } as Record<string, string[]>;
    const tables = new Map<string, PersonalField[]>();
    for (const f of supporterFields()) tables.set(f.table, [...(tables.get(f.table) ?? []), f]);
    let covered = 0;
    for (const [table, fields] of tables) {
      const keyCols = fields.filter((f) => KEY_KINDS.has(f.holds) && f.column !== 'leaders');
      const matchCols = owner[table] ? keyCols.filter((f) => f.column === owner[table]) : keyCols;
      let rows: Record<string, unknown>[] = [];
      if (matchCols.length > 0)
        rows = await anyDb()
          .selectFrom(table)
          .selectAll()
          .where((eb) => eb.or(matchCols.map((f) => eb(f.column, 'in', keysOf[f.holds]!))))
          .execute();
      if (table === 'reminders')
        rows = await anyDb()
          .selectFrom('reminders')
          .selectAll()
          .where('shareId', '=', a.scheduledId)
          .execute();
      for (const f of fields) {
        if (f.column === 'leaders') {
          const days = await rowsHolding(f, a.visitorId);
          if (days.length > 0) {
            expect(data.figures.topSupporterDays.length, `${table}.leaders`).toBeGreaterThan(0);
            covered++;
          }
          continue;
        }
        for (const row of rows) {
          const value = row[f.column];
          if (value === null || value === '') continue;
          const shown = f.holds === 'pushSubscription' ? JSON.parse(String(value)).endpoint : String(value);
          // A key column of a row found by another key (the sharer of a click the subject made) is not theirs.
          if (KEY_KINDS.has(f.holds) && !keysOf[f.holds]!.includes(shown) && f.column !== 'mailboxKey')
            continue;
          expect(file, `${table}.${f.column} = ${shown}`).toContain(shown);
          covered++;
        }
      }
    }
    expect(covered).toBeGreaterThan(25);
    // Nothing of B: not their name, words, address, visitor id or network.
    for (const value of b.values) expect(file, value).not.toContain(value);
    // The share A's referral link brought: counted, never shown.
    expect(data.referralLinks).toContainEqual(
      expect.objectContaining({ linkId: a.ref, sharesThroughIt: 1, clickThroughs: 1 }),
    );
    expect(data.reminders[0]).toMatchObject({
      address: a.email,
      pushEndpoint: expect.stringContaining('push.example/A'),
    });
  });

  it('erases the subject everywhere, keeps every figure and leaves the other supporter as they were', async () => {
    const before = await figures();
    const bBefore = await exportOf(b);
    expect(bBefore.shares[0]?.name).toBe('Name B');
    const { rows } = await t.database.db
      .transaction()
      .execute((trx) => eraseSupporterData(trx, subjectOf(a)));
    expect(rows).toBeGreaterThan(10);

    // No registered personal column holds any of A's values.
    const fields = personalFields().filter((f) => f.erase !== 'keep');
    for (const f of fields)
      for (const value of a.values)
        expect(await rowsHolding(f, value), `${f.table}.${f.column} still holds ${value}`).toEqual([]);

    // The referral link between them is cut both ways; B keeps the rest, and their generation.
    const bShare = await t.database.db
      .selectFrom('shares')
      .select(['parentShareId', 'depth', 'supporterName'])
      .where('id', '=', b.shareId)
      .executeTakeFirstOrThrow();
    expect(bShare).toEqual({ parentShareId: null, depth: 1, supporterName: 'Name B' });
    expect(await exportOf(b)).toEqual(bBefore);

    // The same figures, distinct supporters included, now and after the rollups run again.
    expect(await figures()).toEqual(before);
    await rollUpAll();
    expect(await figures()).toEqual(before);
    // A's rows stay, as one anonymous supporter: nothing is left to export for A.
    const after = await exportSupporterData(t.database.db, subjectOf(a));
    expect(after.visitorIds).toEqual([]);
    expect(after.shares).toEqual([]);
    expect(after.reminderAddresses).toEqual([]);
    // The suppression stays (the registry's `keep`): the address is still never mailed again.
    expect(after.unsubscribed).toHaveLength(1);
  });

  it('keeps to the organisation it is scoped to', async () => {
    const other = await signUp(t.app);
    const c = await seedSupporter('C', null);
    const data = await exportSupporterData(t.database.db, subjectOf(c, other.orgId));
    expect(data.shares).toEqual([]);
    expect(data.reminders).toEqual([]);
    const { rows } = await t.database.db
      .transaction()
      .execute((trx) => eraseSupporterData(trx, subjectOf(c, other.orgId)));
    expect(rows).toBe(0);
    expect((await exportSupporterData(t.database.db, subjectOf(c, org.orgId))).shares).toHaveLength(1);
  });
});

describe("a browser's erasure (its visitor id only, no address)", () => {
  it('drops the unsent reminder mail about its shares, and its export withholds the mail links’ tokens', async () => {
    const d = await seedSupporter('D', null);
    const browserOnly: SupporterSubject = { organizationId: null, visitorIds: [d.visitorId], emailKeys: [] };
    const mail = (await exportSupporterData(t.database.db, browserOnly)).mail;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.headers).toContain('/unsubscribe/(withheld)');
    expect(mail[0]!.headers).not.toContain('/unsubscribe/D');

    await t.database.db.transaction().execute((trx) => eraseSupporterData(trx, browserOnly));
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('refId', '=', d.scheduledId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'dropped', recipient: null, body: null, headers: null });
    expect(row.recipientKey).not.toBe(d.emailKey);
  });
});
