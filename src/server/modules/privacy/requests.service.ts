import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { HOUR_MS } from '#shared/durations.ts';
import {
  MAX_SUPPORTER_MATCHES,
  type SupporterMatch,
  type SupporterSearchQuery,
} from '#shared/schemas/privacy-requests.ts';
import type { SupporterDataExport } from '#shared/schemas/my-data.ts';
import { ANONYMOUS_PREFIX } from '../../db/personal-data.ts';
import type { Database } from '../../db/schema.ts';
import { addressKey, loadAddressKeySecret } from '../../lib/address-key.ts';
import { loadPrivacyRequestKey } from '../../lib/app-secrets.ts';
import { auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { csvRow } from '../stats/index.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import { eraseSupporterData, exportSupporterData, type SupporterSubject } from './supporter-data.ts';

// Admins' data requests about a supporter (issue 27 item 4, docs/api.md "Privacy").
// A supporter is found in the caller's organisation by a reminder address (its keyed
// hash, computed as reminders/reminder-keys.ts `emailKey` does: the address itself is
// not kept past its reminder), by the name given on a share, or by a share link (its
// `ref` -> the share -> its visitor id). Each match is named by an opaque key: one of
// its shares or its address's hash, sealed with AES-256-GCM under an instance secret,
// bound to the organisation and valid for an hour, so no id or address hash leaves
// the server and another organisation's key opens nothing (404). Exports and
// erasures are audited with who, when and the reason, never the person's data.

/** How long a search's keys stay usable. */
export const SUPPORTER_KEY_TTL_MS = HOUR_MS;

const NOT_FOUND = 'Supporter not found';

/**
 * What a key seals, kept short (a key is one part of a URL): a share of the supporter
 * (found by name or link: the subject is its visitor id) or a reminder address's keyed
 * hash (the subject is the address and the browsers its reminders came from).
 */
type Handle = { share: number } | { address: string };

const aad = (orgId: number) => Buffer.from(`privacy-request:${orgId}`);
const IV = 12;
const TAG = 16;

/** kind (1 share, 2 address), expiry (epoch seconds), then the share id or the 32-byte hash. */
function packHandle(h: Handle): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8('share' in h ? 1 : 2, 0);
  head.writeUInt32BE(Math.floor((Date.now() + SUPPORTER_KEY_TTL_MS) / 1000), 1);
  if ('address' in h) return Buffer.concat([head, Buffer.from(h.address, 'hex')]);
  const id = Buffer.alloc(6);
  id.writeUIntBE(h.share, 0, 6);
  return Buffer.concat([head, id]);
}

function unpackHandle(b: Buffer): Handle {
  if (b.readUInt32BE(1) * 1000 <= Date.now()) throw new Error('lapsed');
  const kind = b.readUInt8(0);
  if (kind === 1 && b.length === 11) return { share: b.readUIntBE(5, 6) };
  if (kind === 2 && b.length === 37) return { address: b.subarray(5).toString('hex') };
  throw new Error('not a handle');
}

/** The opaque key of a handle, for this organisation only. */
async function seal(read: OrgRead, h: Handle): Promise<string> {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', await loadPrivacyRequestKey(read.db), iv).setAAD(
    aad(read.orgId),
  );
  const sealed = Buffer.concat([cipher.update(packHandle(h)), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

async function unseal(read: OrgRead, key: string): Promise<Handle> {
  const raw = Buffer.from(key, 'base64url');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await loadPrivacyRequestKey(read.db),
      raw.subarray(0, IV),
    )
      .setAAD(aad(read.orgId))
      .setAuthTag(raw.subarray(IV, IV + TAG));
    return unpackHandle(Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]));
  } catch {
    throw notFound('NOT_FOUND', NOT_FOUND);
  }
}

/** The `ref` of a share link (`…?ref=abc&a=3`), or the text itself when it is a bare ref. */
export function refOf(input: string): string {
  const text = input.trim();
  try {
    const ref = new URL(text).searchParams.get('ref');
    if (ref) return ref;
  } catch {
    // Not a URL: a bare ref (or a link without its scheme).
  }
  const inQuery = /[?&]ref=([^&#\s]+)/.exec(text);
  if (!inQuery) return text;
  try {
    return decodeURIComponent(inQuery[1]);
  } catch {
    // A broken escape (`%` alone): no link has such a ref, so it matches nothing.
    return inQuery[1];
  }
}

type Eb = ExpressionBuilder<Database, 'shares'>;

/** The organisation's shares whose reminders go to one of these address keys. */
const remindedShares = (eb: Eb, orgId: number, emailKeys: string[]) =>
  eb
    .selectFrom('reminders')
    .select('shareId')
    .where('organizationId', '=', orgId)
    .where('emailKey', 'in', emailKeys);

/** The organisation's matching shares that still name a browser: one (the first) per visitor id. */
function sharesByVisitor({ db, orgId }: OrgRead, match: (eb: Eb) => Expression<SqlBool>) {
  return (
    db
      .selectFrom('shares')
      .select((eb) => ['supporterId', eb.fn.min('id').as('shareId')])
      .where('organizationId', '=', orgId)
      .where('supporterId', 'is not', null)
      // An erased or stripped id names nobody.
      .where('supporterId', 'not like', `${ANONYMOUS_PREFIX}%`)
      .where(match)
      .groupBy('supporterId')
      .orderBy('supporterId')
      .limit(MAX_SUPPORTER_MATCHES)
      .execute()
  );
}

/**
 * The organisation's matching shares stored with no visitor id (a browser refusing the
 * cookie): each stands alone, so each is its own match.
 */
const unlinkedShares = ({ db, orgId }: OrgRead, match: (eb: Eb) => Expression<SqlBool>) =>
  db
    .selectFrom('shares')
    .select('id as shareId')
    .where('organizationId', '=', orgId)
    .where('supporterId', 'is', null)
    .where(match)
    .orderBy('id')
    .limit(MAX_SUPPORTER_MATCHES)
    .execute();

/** An address's keyed hash, when the organisation holds it anywhere (reminders, confirmations, unsubscribes). */
async function heldAddress({ db, orgId }: OrgRead, email: string): Promise<Handle[]> {
  const key = addressKey(await loadAddressKeySecret(db), email);
  const inOrg = (
    table: 'reminders' | 'reminderAddresses' | 'reminderSuppressions' | 'reminderUnsubscribes',
  ) =>
    db
      .selectFrom(table)
      .select(sql<number>`1`.as('found'))
      .where('organizationId', '=', orgId)
      .where('emailKey', '=', key)
      .limit(1)
      .executeTakeFirst();
  const held = await Promise.all(
    (['reminders', 'reminderAddresses', 'reminderSuppressions', 'reminderUnsubscribes'] as const).map(inOrg),
  );
  return held.some(Boolean) ? [{ address: key }] : [];
}

/** What a search finds in the caller's organisation (its own supporters only). */
async function findHandles(read: OrgRead, query: SupporterSearchQuery): Promise<Handle[]> {
  if (query.email !== undefined) return heldAddress(read, query.email);
  const ref = refOf(query.ref ?? '');
  const name = query.name?.toLowerCase();
  const match = (eb: Eb) =>
    name !== undefined
      ? eb(eb.fn('lower', [eb.fn('trim', ['supporterName'])]), '=', name)
      : eb('ref', '=', ref);
  const rows = [...(await sharesByVisitor(read, match)), ...(await unlinkedShares(read, match))];
  return rows.slice(0, MAX_SUPPORTER_MATCHES).map((r) => ({ share: Number(r.shareId) }));
}

/** Whom a handle stands for now; null once the share names no browser (erased meanwhile). */
async function subjectOf(read: OrgRead, h: Handle): Promise<SupporterSubject | null> {
  const { orgId } = read;
  if ('share' in h) {
    const byId = (eb: Eb) => eb('id', '=', h.share);
    const rows = await sharesByVisitor(read, byId);
    if (rows[0]) return { organizationId: orgId, visitorIds: [rows[0].supporterId as string], emailKeys: [] };
    const unlinked = await unlinkedShares(read, byId);
    return unlinked[0] ? { organizationId: orgId, visitorIds: [], emailKeys: [], shareIds: [h.share] } : null;
  }
  const rows = await sharesByVisitor(read, (eb) => eb('id', 'in', remindedShares(eb, orgId, [h.address])));
  return {
    organizationId: orgId,
    visitorIds: rows.map((r) => r.supporterId as string),
    emailKeys: [h.address],
  };
}

/** The subject a key stands for in this organisation; 404 for a key of another, a lapsed or a made-up one. */
export async function openSubject(read: OrgRead & { key: string }): Promise<SupporterSubject> {
  const subject = await subjectOf(read, await unseal(read, read.key));
  if (!subject) throw notFound('NOT_FOUND', NOT_FOUND);
  return subject;
}

/** How many shares, over how many campaigns and days, the subject has in the organisation. */
async function summaryOf({ db, orgId }: OrgRead, s: SupporterSubject) {
  const row = await db
    .selectFrom('shares')
    .select((eb) => [
      eb.fn.countAll<number>().as('shares'),
      eb.fn.count<number>('campaignId').distinct().as('campaigns'),
      eb.fn.min('createdAt').as('firstShareAt'),
      eb.fn.max('createdAt').as('lastShareAt'),
    ])
    .where('organizationId', '=', orgId)
    .where((eb) =>
      eb.or([
        ...(s.visitorIds.length ? [eb('supporterId', 'in', s.visitorIds)] : []),
        ...(s.shareIds?.length ? [eb('id', 'in', s.shareIds)] : []),
        ...(s.emailKeys.length ? [eb('id', 'in', remindedShares(eb, orgId, s.emailKeys))] : []),
        sql<boolean>`1 = 0`,
      ]),
    )
    .executeTakeFirstOrThrow();
  return {
    shares: Number(row.shares),
    campaigns: Number(row.campaigns),
    firstShareAt: row.firstShareAt ?? null,
    lastShareAt: row.lastShareAt ?? null,
    reminderAddress: s.emailKeys.length > 0,
  };
}

/** `GET /api/organization/privacy/supporters`: the organisation's supporters that match, each with its key. */
export async function searchSupporters(
  read: OrgRead & { query: SupporterSearchQuery },
): Promise<SupporterMatch[]> {
  const matches = await Promise.all(
    (await findHandles(read, read.query)).map(async (h) => {
      const subject = await subjectOf(read, h);
      return subject && { key: await seal(read, h), ...(await summaryOf(read, subject)) };
    }),
  );
  return matches.filter((m) => m !== null);
}

/** The audit entry's words: what was done and why, nothing of the person. */
const requestTarget = (what: string, reason: string | undefined) => (reason ? `${what}: ${reason}` : what);

/**
 * An admin's copy of the export: without the visitor ids, keyed hashes and mail
 * bodies (schemas/my-data.ts), which are the same in every organisation and would let
 * two organisations' admins join up one supporter.
 */
function staffCopy(data: SupporterDataExport): SupporterDataExport {
  const share = <S extends { messageHash: string | null }>(s: S): S => ({ ...s, messageHash: null });
  const unkeyed = <S extends { addressKey: string | null }>(s: S): S => ({ ...s, addressKey: null });
  return {
    ...data,
    visitorIds: [],
    shares: data.shares.map(share),
    scheduledShares: data.scheduledShares.map(share),
    reminders: data.reminders.map(unkeyed),
    clickThroughs: data.clickThroughs.map((c) => ({ ...c, networkKey: null })),
    reminderAddresses: data.reminderAddresses.map((a) => ({ ...unkeyed(a), mailboxKey: null })),
    unsubscribed: data.unsubscribed.map(unkeyed),
    unsubscribeLinks: data.unsubscribeLinks.map(unkeyed),
    mail: data.mail.map((m) => ({ ...m, recipientKey: null, body: null, headers: null })),
    dataLinks: data.dataLinks.map(unkeyed),
  };
}

/** What is held for the supporter (the shared export, the staff copy), audited as `privacy.exported`. */
export async function exportSupporter(
  w: OrgWrite & { key: string; format: 'JSON' | 'CSV'; reason?: string },
): Promise<SupporterDataExport> {
  const subject = await openSubject({ db: w.db, orgId: w.orgId, key: w.key });
  return auditedWrite(w, async (trx, audit) => {
    const data = staffCopy(await exportSupporterData(trx, subject));
    await audit('privacy.exported', requestTarget(`${w.format} export`, w.reason));
    return data;
  });
}

/** Erases what is held for the supporter, with the admin's reason, audited as `privacy.erased`. */
export async function eraseSupporter(
  w: OrgWrite & { key: string; reason: string },
): Promise<{ rows: number }> {
  const subject = await openSubject({ db: w.db, orgId: w.orgId, key: w.key });
  return auditedWrite(w, async (trx, audit) => {
    const done = await eraseSupporterData(trx, subject);
    await audit('privacy.erased', requestTarget(`${done.rows} rows`, w.reason));
    return done;
  });
}

/**
 * The export as CSV: one row per value, `section,item,field,value` (an item is a
 * numbered entry of a list; nested fields read `campaign.name`), so every field of the
 * JSON export is there whatever its shape.
 */
export function supporterCsv(data: SupporterDataExport): string {
  const rows: string[] = [csvRow(['section', 'item', 'field', 'value'])];
  const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'number' ? v : String(v));
  const walk = (section: string, item: string | number, field: string, value: unknown): void => {
    if (Array.isArray(value))
      value.forEach((v, i) => {
        if (item === '') walk(section, i + 1, field, v);
        else walk(section, item, `${field}.${i + 1}`, v);
      });
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(section, item, field ? `${field}.${k}` : k, v);
    else rows.push(csvRow([section, item, field, cell(value)]));
  };
  for (const [section, value] of Object.entries(data)) {
    if (section === 'figures' && value && typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) walk(`figures.${sub}`, '', '', v);
    } else if (Array.isArray(value) || (value !== null && typeof value === 'object'))
      walk(section, '', '', value);
    else rows.push(csvRow(['', '', section, cell(value)]));
  }
  return rows.join('');
}
