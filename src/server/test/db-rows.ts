import type { Insertable } from 'kysely';
import type { Db } from '../db/client.ts';
import type { SharesTable } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

// Rows written straight into the database, for tests that need data the routes
// would not make (old schemas before a migration, past dates, many rows at once).
// Every column that existed in 0001 is given, so these work before any migration.

/** A user with no profile and no organisation; returns its id. */
export async function insertUserRow(db: Db, username: string, at = nowIso()): Promise<number> {
  const profile = { email: null, firstName: null, lastName: null, phone: null, organizationId: null };
  const row = await db
    .insertInto('users')
    .values({ username, passwordHash: 'x', ...profile, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An organisation made by `creatorId`; returns its id. */
export async function insertOrganizationRow(
  db: Db,
  org: { name: string; username: string; creatorId: number; description?: string | null },
  at = nowIso(),
): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ description: null, ...org, createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type ShareRow = Insertable<SharesTable>;

/** A logged share on `twitter` now, with no ref, supporter or parent, unless `row` says otherwise. */
export const shareRow = (
  row: Pick<ShareRow, 'assetId' | 'campaignId' | 'organizationId'> & Partial<ShareRow>,
): ShareRow => ({
  platform: 'twitter',
  scheduledFor: null,
  status: 'shared',
  ref: null,
  supporterId: null,
  parentShareId: null,
  createdAt: nowIso(),
  ...row,
});

/** How many rows `table` holds. */
export async function countRows(db: Db, table: 'users' | 'organizations'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored row of a share, read back to check what the server kept. */
export const storedShare = (db: Db, id: number) =>
  db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The clicks counted for the share with this ref. */
export const clicksOfRef = (db: Db, ref: string) =>
  db
    .selectFrom('clicks')
    .innerJoin('shares', 'shares.id', 'clicks.shareId')
    .selectAll('clicks')
    .where('shares.ref', '=', ref)
    .execute();

/** A mail held in the outbox (for a new organisation unless `mail` says otherwise); returns its id. */
export async function insertHeldMail(
  db: Db,
  mail: {
    organizationId: number | null;
    recipient?: string;
    kind?: string;
    reason?: string;
    refId?: number;
    expiresAt?: string;
    recipientKey?: string;
    subject?: string;
    body?: string;
    headers?: string;
  },
  at = nowIso(),
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      kind: mail.kind ?? 'invitation',
      organizationId: mail.organizationId,
      recipient: mail.recipient ?? 'someone@example.org',
      recipientKey: mail.recipientKey ?? 'k',
      refId: mail.refId ?? null,
      subject: mail.subject ?? 'You are invited to join an organization on Rally',
      body: mail.body ?? 'Join us',
      headers: mail.headers ?? null,
      status: 'held',
      reason: mail.reason ?? 'new-organization',
      heldAt: at,
      nextAttemptAt: at,
      expiresAt: mail.expiresAt ?? new Date(Date.parse(at) + 86_400_000).toISOString(),
      createdAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
