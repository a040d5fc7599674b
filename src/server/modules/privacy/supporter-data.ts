import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { SupporterDataExport } from '#shared/schemas/my-data.ts';
import type { Db } from '../../db/client.ts';
import { PERSONAL_DATA, type PersonalField, personalFields, type TableName } from '../../db/personal-data.ts';
import { OUTBOX_REASON } from '../outbox/index.ts';
import { anonymousId } from './retention.job.ts';

// A supporter's data (issue 27 item 3, docs/api.md "Privacy"): what Rally holds for a
// subject (a browser's visitor ids and/or reminder addresses' keyed hashes), as one
// export, and its erasure. Erasure walks the registry (db/personal-data.ts): every
// table with a column holding the subject's key (`visitorId`, `emailKey`) has the
// subject's rows found and each personal column's `erase` rule applied, in the
// caller's transaction. Every count stays: rows that figures count stay, and each
// erased visitor id becomes one fresh anonymous id across all of the subject's rows
// (rollups and events not yet rolled up alike), so distinct supporters do not change.

/**
 * Whose data: a browser's visitor ids and/or reminder address keys (reminder-keys.ts
 * `emailKey`); scoped to one organisation (staff requests) or to the whole instance
 * (null: the supporter's own request).
 */
export interface SupporterSubject {
  organizationId: number | string | null;
  visitorIds: string[];
  emailKeys: string[];
  /**
   * Shares stored with no visitor id (a browser refusing the cookie): each stands
   * alone, nothing links it to another, so it is a subject by its own id.
   */
  shareIds?: number[];
}

type AnyDb = Kysely<any>;
type AnyEb = ExpressionBuilder<any, any>;
type Row = Record<string, unknown>;

/** The subject's keys, by the kind of value the registry says a column holds. */
type KeyKind = 'visitorId' | 'emailKey';
const KEY_KINDS: KeyKind[] = ['visitorId', 'emailKey'];

/**
 * Tables that hold two people: the column whose person the row's other personal
 * columns belong to (a click-through's network is the clicker's, not the sharer's).
 */
const ROW_OWNER: Partial<Record<TableName, string>> = { clicks: 'visitorId' };

/** Columns holding a JSON list of `[visitorId, count]` pairs (the top supporters of a day). */
const isLeaderList = (f: PersonalField) => f.holds === 'visitorId' && f.column === 'leaders';

/** The subject with the ids resolved: its own shares, and shares reached through its address's reminders. */
interface Resolved {
  organizationId: number | null;
  keys: Record<KeyKind, string[]>;
  /** Shares the subject's browser made. */
  ownShareIds: number[];
  /** The subject's shares: its own and the pending ones its address's reminders are for. */
  shareIds: number[];
}

const orgIdOf = (id: number | string | null): number | null => {
  if (id === null) return null;
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`Not an organisation id: ${String(id)}`);
  return n;
};

/** Restricts a query on `table` to the subject's organisation (when it has one). */
function scoped<Q extends { where: (...args: any[]) => Q }>(
  q: Q,
  table: TableName,
  r: Resolved,
  alias = '',
): Q {
  if (r.organizationId === null) return q;
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  if (hasColumn(table, 'organizationId')) return q.where(col('organizationId'), '=', r.organizationId);
  return q.where((eb: AnyEb) =>
    eb(
      col('campaignId'),
      'in',
      eb.selectFrom('campaigns').select('id').where('organizationId', '=', r.organizationId),
    ),
  );
}

const hasColumn = (table: TableName, column: string) => registryColumns(table).includes(column);

/** Every column of the table (the registry names them all, personal or not). */
const registryColumns = (table: TableName): string[] => Object.keys(PERSONAL_DATA[table]);

/** The personal columns of each table, the registry's order. */
function personalTables(): Map<TableName, PersonalField[]> {
  const tables = new Map<TableName, PersonalField[]>();
  for (const f of personalFields()) tables.set(f.table, [...(tables.get(f.table) ?? []), f]);
  return tables;
}

const keyKind = (f: PersonalField): KeyKind | undefined =>
  KEY_KINDS.includes(f.holds as KeyKind) && !isLeaderList(f) ? (f.holds as KeyKind) : undefined;

async function resolve(db: Db, subject: SupporterSubject): Promise<Resolved> {
  const organizationId = orgIdOf(subject.organizationId);
  const keys = {
    visitorId: [...new Set(subject.visitorIds)].filter(Boolean),
    emailKey: [...new Set(subject.emailKeys)].filter(Boolean),
  };
  const base = { organizationId, keys, ownShareIds: [], shareIds: [] } as Resolved;
  const q = db as unknown as AnyDb;
  /** The share ids in `column` of the subject's rows of `table` whose `key` is one of `values`. */
  const shareIdsOf = async (table: TableName, column: string, key: string, values: (string | number)[]) =>
    values.length === 0
      ? []
      : (
          await scoped(q.selectFrom(table).select(column), table, base).where(key, 'in', values).execute()
        ).map((s) => Number(s[column]));
  const ownShareIds = [
    ...(await shareIdsOf('shares', 'id', 'supporterId', keys.visitorId)),
    ...(await shareIdsOf('shares', 'id', 'id', [...new Set(subject.shareIds ?? [])])),
  ];
  // A pending share whose reminder goes to the address: the address's to erase too.
  const reminded = await shareIdsOf('reminders', 'shareId', 'emailKey', keys.emailKey);
  return { ...base, ownShareIds, shareIds: [...new Set([...ownShareIds, ...reminded])] };
}

const inList = (eb: AnyEb, column: string, values: readonly (string | number)[]): Expression<SqlBool> =>
  values.length === 0 ? sql<SqlBool>`1 = 0` : eb(column, 'in', values);

/** Rows of the table that hold the subject's key in one of its key columns. */
function keyMatch(eb: AnyEb, fields: PersonalField[], r: Resolved): Expression<SqlBool>[] {
  return fields.flatMap((f) => {
    const kind = keyKind(f);
    return kind ? [inList(eb, f.column, r.keys[kind])] : [];
  });
}

/** Rows reached through another table: the subject's shares, and their reminders. */
function linkMatch(eb: AnyEb, table: TableName, r: Resolved): Expression<SqlBool>[] {
  if (table === 'shares') return [inList(eb, 'id', r.shareIds)];
  if (table === 'reminders') return [inList(eb, 'shareId', r.ownShareIds)];
  // A reminder mail about one of the browser's shares, whatever address the browser gave.
  if (table === 'outbox') return [eb.and([eb('kind', '=', 'reminder'), inList(eb, 'refId', r.ownShareIds)])];
  return [];
}
const LINKED: TableName[] = ['shares', 'reminders', 'outbox'];

/** The rows whose personal columns (other than key columns) are the subject's. */
function ownedRows(eb: AnyEb, table: TableName, fields: PersonalField[], r: Resolved): Expression<SqlBool> {
  const owner = ROW_OWNER[table];
  const keyed = owner ? fields.filter((f) => f.column === owner) : fields;
  return eb.or([...keyMatch(eb, keyed, r), ...linkMatch(eb, table, r)]);
}

/** Any row holding the subject's key or reached through a link. */
function anyRow(eb: AnyEb, table: TableName, fields: PersonalField[], r: Resolved): Expression<SqlBool> {
  return eb.or([...keyMatch(eb, fields, r), ...linkMatch(eb, table, r)]);
}

/** The value a non-key column takes on erasure. */
function erasedValue(f: PersonalField): string | null {
  if (f.erase === 'empty') return '';
  if (f.erase === 'anonymise') return anonymousId();
  return null;
}

/** One fresh anonymous id per erased key value, the same across the subject's rows. */
class Pseudonyms {
  private readonly map = new Map<string, string>();
  of(value: string): string {
    let id = this.map.get(value);
    if (!id) {
      id = anonymousId();
      this.map.set(value, id);
    }
    return id;
  }
}

/** Replaces the subject's visitor ids inside the top-supporter lists of the rollups. */
async function eraseLeaderLists(
  q: AnyDb,
  f: PersonalField,
  r: Resolved,
  pseudonyms: Pseudonyms,
): Promise<number> {
  let rows = 0;
  for (const visitorId of r.keys.visitorId) {
    const found = (await scoped(q.selectFrom(f.table).selectAll(), f.table, r)
      .where(f.column, 'like', `%${JSON.stringify(visitorId)}%`)
      .execute()) as Row[];
    for (const row of found) {
      const list = JSON.parse(String(row[f.column])) as [string, number][];
      if (!list.some(([id]) => id === visitorId)) continue;
      const next = list.map(([id, n]) => [id === visitorId ? pseudonyms.of(id) : id, n]);
      const scope = 'campaignId' in row ? 'campaignId' : 'organizationId';
      await q
        .updateTable(f.table)
        .set({ [f.column]: JSON.stringify(next) })
        .where(scope, '=', row[scope])
        .where('day', '=', row.day)
        .execute();
      rows++;
    }
  }
  return rows;
}

async function eraseTable(
  q: AnyDb,
  table: TableName,
  fields: PersonalField[],
  r: Resolved,
  pseudonyms: Pseudonyms,
): Promise<number> {
  let rows = 0;
  for (const f of fields.filter(isLeaderList)) rows += await eraseLeaderLists(q, f, r, pseudonyms);
  const plain = fields.filter((f) => !isLeaderList(f));
  const keyed = plain.filter((f) => keyKind(f));
  if (keyed.length === 0 && !LINKED.includes(table)) return rows;
  if (plain.every((f) => f.erase === 'keep')) return rows;
  const count = await scoped(q.selectFrom(table), table, r)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => anyRow(eb, table, plain, r))
    .executeTakeFirstOrThrow();
  const n = Number(count.n);
  if (n === 0) return rows;

  const owner = ROW_OWNER[table];
  const others = plain.filter((f) => !keyKind(f) && f.holds !== 'referral');
  const ownerFields = owner ? plain.filter((f) => f.column === owner || !keyKind(f)) : plain;
  if (ownerFields.some((f) => f.erase === 'delete-row')) {
    await scoped(q.deleteFrom(table), table, r)
      .where((eb) => anyRow(eb, table, plain, r))
      .execute();
    return rows + n;
  }
  // Unsent mail to an erased address, or reminding of an erased share, is never sent:
  // the row stays, as a record, without the address or the words.
  if (table === 'outbox') {
    await scoped(q.updateTable(table), table, r)
      .set({ status: 'dropped', reason: OUTBOX_REASON.erased })
      .where('status', 'in', ['queued', 'held'])
      .where((eb) => ownedRows(eb, table, plain, r))
      .execute();
    // Reached by its share, not its address: the address's keyed hash goes with the share.
    await scoped(q.updateTable(table), table, r)
      .set({ recipientKey: anonymousId() })
      .where((eb) => eb.or(linkMatch(eb, table, r)))
      .execute();
  }
  const set = Object.fromEntries(
    others.filter((f) => f.erase !== 'keep').map((f) => [f.column, erasedValue(f)]),
  );
  if (Object.keys(set).length > 0)
    await scoped(q.updateTable(table), table, r)
      .set(set)
      .where((eb) => ownedRows(eb, table, plain, r))
      .execute();
  // Referral links to and from the subject's shares are cut (the other share keeps its generation).
  for (const f of plain.filter((f) => f.holds === 'referral')) {
    await scoped(q.updateTable(table), table, r)
      .set({ [f.column]: null })
      .where((eb) => eb.or([inList(eb, 'id', r.shareIds), inList(eb, f.column, r.shareIds)]))
      .execute();
  }
  for (const f of keyed) {
    if (f.erase === 'keep') continue;
    for (const value of r.keys[keyKind(f) as KeyKind])
      await scoped(q.updateTable(table), table, r)
        .set({ [f.column]: pseudonyms.of(value) })
        .where(f.column, '=', value)
        .execute();
  }
  return rows + n;
}

/**
 * Erases what is held for the subject, in the caller's transaction (`db` a
 * transaction): each personal column of the subject's rows as the registry says,
 * referral links to and from its shares cut, every total unchanged. Returns how many
 * rows were changed or deleted.
 */
export async function eraseSupporterData(db: Db, subject: SupporterSubject): Promise<{ rows: number }> {
  const r = await resolve(db, subject);
  if (r.keys.visitorId.length === 0 && r.keys.emailKey.length === 0 && r.ownShareIds.length === 0)
    return { rows: 0 };
  const q = db as unknown as AnyDb;
  const pseudonyms = new Pseudonyms();
  let rows = 0;
  // Shares before reminders: the reminders' link to the subject's pending shares is read first (resolve).
  for (const [table, fields] of personalTables()) {
    if (!fields.some((f) => f.category === 'supporter' || f.holds === 'emailKey')) continue;
    rows += await eraseTable(q, table, fields, r, pseudonyms);
  }
  return { rows };
}

/**
 * A mail's text with its data and unsubscribe links' tokens withheld: each opens the
 * address's data in every organisation, and an export is a file that travels.
 */
const LINK_TOKEN = /(\/(?:my-data|unsubscribe)\/)[^\s"'<>)]+/g;
const withoutLinkTokens = (mail: string | null): string | null =>
  mail === null ? null : mail.replace(LINK_TOKEN, '$1(withheld)');

const campaignOf = (row: Row) => ({ id: Number(row.campaignId), name: String(row.campaignName) });
const organizationOf = (row: Row) => ({ id: Number(row.organizationId), name: String(row.organizationName) });
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The endpoint of a stored push subscription (its keys are the browser's own secrets). */
function pushEndpoint(subscription: unknown): string | null {
  if (typeof subscription !== 'string') return null;
  try {
    const endpoint = (JSON.parse(subscription) as { endpoint?: unknown }).endpoint;
    return typeof endpoint === 'string' ? endpoint : null;
  } catch {
    return null;
  }
}

/** Reads one table's rows of the subject, joined to their campaign's or organisation's name. */
function readRows(q: AnyDb, r: Resolved, table: TableName, join: 'campaign' | 'organization') {
  let query = scoped(q.selectFrom(`${table} as t`), table, r, 't').selectAll('t');
  query =
    join === 'campaign'
      ? query
          .innerJoin('campaigns as c', 'c.id', 't.campaignId')
          .select(['c.name as campaignName', 'c.id as campaignId'])
      : query
          .innerJoin('organizations as o', 'o.id', 't.organizationId')
          .select('o.name as organizationName');
  return query;
}

/**
 * Everything held for the subject, as the shared schema says (`SupporterDataExport`):
 * each registered personal column that holds a value for it, grouped in plain names.
 * Another person's data never: the share a referral came from shows its link id
 * only, the sharers of links the subject followed nothing.
 */
export async function exportSupporterData(db: Db, subject: SupporterSubject): Promise<SupporterDataExport> {
  const r = await resolve(db, subject);
  const q = db as unknown as AnyDb;
  const V = r.keys.visitorId;
  const E = r.keys.emailKey;
  const byVisitor = (column: string) => (eb: AnyEb) => inList(eb, `t.${column}`, V);
  const byAddress =
    (...columns: string[]) =>
    (eb: AnyEb) =>
      eb.or(columns.map((c) => inList(eb, `t.${c}`, E)));

  const shareRows = (await readRows(q, r, 'shares', 'campaign')
    .leftJoin('shares as parent', 'parent.id', 't.parentShareId')
    .select('parent.ref as parentRef')
    .where((eb: AnyEb) => inList(eb, 't.id', r.ownShareIds))
    .orderBy('t.id')
    .execute()) as Row[];
  const shares = shareRows.map((s) => ({
    id: Number(s.id),
    campaign: campaignOf(s),
    platform: String(s.platform),
    status: String(s.status),
    createdAt: String(s.createdAt),
    scheduledFor: text(s.scheduledFor),
    linkId: text(s.ref),
    name: text(s.supporterName),
    supporterInfo: s.supporterInfo ? String(s.supporterInfo) : null,
    text: text(s.shareText),
    timeZone: text(s.timeZone),
    messageHash: text(s.messageHash),
    arrivedThroughLinkId: text(s.parentRef),
  }));

  const reminders = (await readRows(q, r, 'reminders', 'organization')
    .innerJoin('shares as s', 's.id', 't.shareId')
    .innerJoin('campaigns as c', 'c.id', 's.campaignId')
    .select(['c.id as campaignId', 'c.name as campaignName'])
    .where((eb: AnyEb) => eb.or([inList(eb, 't.shareId', r.ownShareIds), inList(eb, 't.emailKey', E)]))
    .orderBy('t.id')
    .execute()) as Row[];

  const referralLinks = await Promise.all(
    shares
      .filter((s) => s.linkId !== null)
      .map(async (s) => {
        const [through, clicks] = await Promise.all([
          q
            .selectFrom('shares')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('parentShareId', '=', s.id)
            .executeTakeFirstOrThrow(),
          q
            .selectFrom('clicks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('shareId', '=', s.id)
            .executeTakeFirstOrThrow(),
        ]);
        return {
          linkId: s.linkId as string,
          campaign: s.campaign,
          sharesThroughIt: Number(through.n),
          clickThroughs: Number(clicks.n),
        };
      }),
  );

  const clicks = (await readRows(q, r, 'clicks', 'campaign')
    .leftJoin('shares as s', 's.id', 't.shareId')
    .select('s.ref as linkRef')
    .where(byVisitor('visitorId'))
    .orderBy('t.id')
    .execute()) as Row[];
  type Where = (eb: AnyEb) => Expression<SqlBool>;
  const read = (table: TableName, join: 'campaign' | 'organization', where: Where, order = 't.id') =>
    readRows(q, r, table, join).where(where).orderBy(order).execute() as Promise<Row[]>;
  const visits = await read('visits', 'campaign', byVisitor('visitorId'));
  const views = await read('variantViews', 'campaign', byVisitor('visitorId'), 't.day');
  const supporterCampaigns = await read(
    'supporterCampaigns',
    'campaign',
    byVisitor('supporterId'),
    't.lastAt',
  );
  const supporterOrgs = await read('supporterOrgs', 'organization', byVisitor('supporterId'), 't.lastAt');
  const days = await read('rollupSupporterDays', 'campaign', byVisitor('supporterId'), 't.day');
  const topSupporterDays = [];
  for (const table of ['rollupCampaignReach', 'rollupOrgReach'] as const) {
    for (const visitorId of V) {
      const rows = (await readRows(q, r, table, 'organization')
        .where('t.leaders', 'like', `%${JSON.stringify(visitorId)}%`)
        .orderBy('t.day')
        .execute()) as Row[];
      for (const row of rows) {
        const own = (JSON.parse(String(row.leaders)) as [string, number][]).find(([id]) => id === visitorId);
        if (own)
          topSupporterDays.push({
            organization: organizationOf(row),
            campaignId: row.campaignId === undefined ? null : Number(row.campaignId),
            day: String(row.day),
            shares: own[1],
          });
      }
    }
  }

  const addresses = await read('reminderAddresses', 'organization', byAddress('emailKey', 'mailboxKey'));
  const suppressions = await read('reminderSuppressions', 'organization', byAddress('emailKey'));
  const unsubscribeLinks = await read('reminderUnsubscribes', 'organization', byAddress('emailKey'));
  const mail = (await scoped(q.selectFrom('outbox as t'), 'outbox', r, 't')
    .selectAll('t')
    .where((eb: AnyEb) => eb.or([byAddress('recipientKey')(eb), ...linkMatch(eb, 'outbox', r)]))
    .orderBy('t.id')
    .execute()) as Row[];
  const dataLinks = await read('reminderDataLinks', 'organization', byAddress('emailKey'));
  const profiles = await read('supporterProfiles', 'organization', byVisitor('supporterId'));

  const held =
    shares.length + reminders.length + clicks.length + visits.length + views.length + profiles.length;
  return {
    exportedAt: new Date().toISOString(),
    visitorIds: held + supporterCampaigns.length > 0 ? V : [],
    shares: shares.filter((s) => s.scheduledFor === null),
    scheduledShares: shares.filter((s) => s.scheduledFor !== null),
    reminders: reminders.map((m) => ({
      campaign: campaignOf(m),
      shareId: Number(m.shareId),
      dueAt: String(m.dueAt),
      status: String(m.status),
      address: text(m.email),
      addressKey: text(m.emailKey),
      pushEndpoint: pushEndpoint(m.pushSubscription),
      origin: String(m.origin),
    })),
    referralLinks,
    clickThroughs: clicks.map((c) => ({
      campaign: campaignOf(c),
      linkId: text(c.linkRef),
      at: String(c.createdAt),
      networkKey: text(c.networkHash),
    })),
    visits: visits.map((v) => ({ campaign: campaignOf(v), day: String(v.day), source: text(v.source) })),
    textsShown: views.map((v) => ({
      campaign: campaignOf(v),
      variantId: Number(v.variantId),
      day: String(v.day),
    })),
    figures: {
      campaigns: supporterCampaigns.map((c) => ({ campaign: campaignOf(c), lastShareAt: String(c.lastAt) })),
      organizations: supporterOrgs.map((o) => ({
        organization: organizationOf(o),
        lastShareAt: String(o.lastAt),
      })),
      days: days.map((d) => ({
        campaign: campaignOf(d),
        day: String(d.day),
        shares: Number(d.shares),
        clicks: Number(d.clicks),
      })),
      topSupporterDays,
    },
    reminderAddresses: addresses.map((a) => ({
      organization: organizationOf(a),
      status: String(a.status),
      createdAt: String(a.createdAt),
      confirmedAt: text(a.confirmedAt),
      addressKey: String(a.emailKey),
      mailboxKey: String(a.mailboxKey),
    })),
    unsubscribed: suppressions.map((s) => ({
      organization: organizationOf(s),
      since: String(s.createdAt),
      addressKey: String(s.emailKey),
    })),
    unsubscribeLinks: unsubscribeLinks.map((u) => ({
      organization: organizationOf(u),
      createdAt: String(u.createdAt),
      usedAt: text(u.usedAt),
      addressKey: String(u.emailKey),
    })),
    mail: mail.map((m) => ({
      kind: String(m.kind),
      subject: String(m.subject),
      status: String(m.status),
      createdAt: String(m.createdAt),
      sentAt: text(m.sentAt),
      recipient: text(m.recipient),
      recipientKey: String(m.recipientKey),
      body: withoutLinkTokens(text(m.body)),
      headers: withoutLinkTokens(text(m.headers)),
    })),
    dataLinks: dataLinks.map((d) => ({
      createdAt: String(d.createdAt),
      expiresAt: String(d.expiresAt),
      addressKey: String(d.emailKey),
    })),
    displayNames: profiles.map((p) => ({
      organization: organizationOf(p),
      displayName: String(p.displayName),
      onBoard: Boolean(p.onBoard),
      hidden: p.hiddenAt !== null,
    })),
  };
}
