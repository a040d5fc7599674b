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
// `ref` -> the share -> its visitor id). Each match is named by an opaque key: the
// subject (visitor ids, address keys) sealed with AES-256-GCM under an instance secret,
// bound to the organisation and valid for an hour, so no visitor id or address hash
// leaves the server and another organisation's key opens nothing (404). Exports and
// erasures are audited with who, when and the reason, never the person's data.

/** How long a search's keys stay usable. */
export const SUPPORTER_KEY_TTL_MS = HOUR_MS;

const NOT_FOUND = 'Supporter not found';

interface Sealed {
  v: string[];
  e: string[];
  /** Expiry, epoch ms. */
  x: number;
}

const aad = (orgId: number) => Buffer.from(`privacy-request:${orgId}`);

/** The opaque key of a subject, for this organisation only. */
async function sealSubject(opts: OrgRead & { visitorIds: string[]; emailKeys: string[] }): Promise<string> {
  const secret = await loadPrivacyRequestKey(opts.db);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv).setAAD(aad(opts.orgId));
  const body: Sealed = { v: opts.visitorIds, e: opts.emailKeys, x: Date.now() + SUPPORTER_KEY_TTL_MS };
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body)), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The subject a key stands for in this organisation; 404 for a key of another, a lapsed or a made-up one. */
export async function openSubject(opts: OrgRead & { key: string }): Promise<SupporterSubject> {
  const raw = Buffer.from(opts.key, 'base64url');
  if (raw.length <= 28) throw notFound('NOT_FOUND', NOT_FOUND);
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await loadPrivacyRequestKey(opts.db),
      raw.subarray(0, 12),
    )
      .setAAD(aad(opts.orgId))
      .setAuthTag(raw.subarray(12, 28));
    const body = JSON.parse(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
    ) as Sealed;
    if (!(body.x > Date.now())) throw new Error('lapsed');
    return { organizationId: opts.orgId, visitorIds: body.v, emailKeys: body.e };
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
  return inQuery ? decodeURIComponent(inQuery[1]) : text;
}

type Eb = ExpressionBuilder<Database, 'shares'>;

/** The organisation's shares whose reminders go to one of these address keys. */
const remindedShares = (eb: Eb, orgId: number, emailKeys: string[]) =>
  eb
    .selectFrom('reminders')
    .select('shareId')
    .where('organizationId', '=', orgId)
    .where('emailKey', 'in', emailKeys);

/** Distinct visitor ids of the organisation's shares that match. */
async function visitorsOfShares({ db, orgId }: OrgRead, match: (eb: Eb) => Expression<SqlBool>) {
  const rows = await db
    .selectFrom('shares')
    .select('supporterId')
    .distinct()
    .where('organizationId', '=', orgId)
    .where('supporterId', 'is not', null)
    // An erased or stripped id names nobody.
    .where('supporterId', 'not like', `${ANONYMOUS_PREFIX}%`)
    .where(match)
    .orderBy('supporterId')
    .limit(MAX_SUPPORTER_MATCHES)
    .execute();
  return rows.map((r) => r.supporterId as string);
}

/** The subject of an address in the organisation: its keyed hash, and the browsers its reminders came from. */
async function subjectOfAddress(read: OrgRead, email: string): Promise<SupporterSubject[]> {
  const { db, orgId } = read;
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
  if (!held.some(Boolean)) return [];
  const visitorIds = await visitorsOfShares(read, (eb) => eb('id', 'in', remindedShares(eb, orgId, [key])));
  return [{ organizationId: orgId, visitorIds, emailKeys: [key] }];
}

/** The subjects a search finds in the caller's organisation (its own supporters only). */
async function findSubjects(read: OrgRead, query: SupporterSearchQuery): Promise<SupporterSubject[]> {
  const one = (visitorIds: string[]) =>
    visitorIds.map((v) => ({ organizationId: read.orgId, visitorIds: [v], emailKeys: [] }));
  if (query.email !== undefined) return subjectOfAddress(read, query.email);
  if (query.name !== undefined) {
    const name = query.name.toLowerCase();
    return one(
      await visitorsOfShares(read, (eb) => eb(eb.fn('lower', [eb.fn('trim', ['supporterName'])]), '=', name)),
    );
  }
  const ref = refOf(query.ref ?? '');
  return one(await visitorsOfShares(read, (eb) => eb('ref', '=', ref)));
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
  const subjects = await findSubjects(read, read.query);
  return Promise.all(
    subjects.map(async (s) => ({
      key: await sealSubject({ ...read, visitorIds: s.visitorIds, emailKeys: s.emailKeys }),
      ...(await summaryOf(read, s)),
    })),
  );
}

/** The audit entry's words: what was done and why, nothing of the person. */
const requestTarget = (what: string, reason: string | undefined) => (reason ? `${what}: ${reason}` : what);

/** What is held for the supporter (the shared export), audited as `privacy.exported`. */
export async function exportSupporter(
  w: OrgWrite & { key: string; format: 'JSON' | 'CSV'; reason?: string },
): Promise<SupporterDataExport> {
  const subject = await openSubject({ db: w.db, orgId: w.orgId, key: w.key });
  return auditedWrite(w, async (trx, audit) => {
    const data = await exportSupporterData(trx, subject);
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
