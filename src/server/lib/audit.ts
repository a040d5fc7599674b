import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from './time.ts';

/**
 * Audit actions. Sign-ins, membership and role changes, invitations, API keys, settings,
 * every campaign and asset write; the profile's Recent Activity and the admin's
 * activity log read them back.
 */
export type AuditAction =
  | 'auth.sign_in'
  | 'account.password_changed'
  | 'account.password_reset'
  | 'account.session_ended'
  | 'account.email_change_requested'
  | 'account.email_changed'
  | 'account.email_change_undone'
  | 'organization.created'
  | 'organization.settings_updated'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.removed'
  | 'member.left'
  | 'invitation.created'
  | 'invitation.revoked'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'campaign.created'
  | 'campaign.updated'
  | 'campaign.status_changed'
  | 'campaign.archived'
  | 'campaign.duplicated'
  | 'asset.created'
  | 'asset.updated'
  | 'asset.deleted';

export interface AuditEntry {
  organizationId: number | null;
  actorId: number | null;
  action: AuditAction;
  /** Human-readable subject of the action ("campaign Spring drive", "member alice"). */
  target: string;
}

/**
 * The one way to write the audit log. Pass the transaction that makes the change,
 * so the entry and the change are committed (or rolled back) together.
 */
export async function recordAudit(trx: Pick<Kysely<Database>, 'insertInto'>, entry: AuditEntry) {
  await trx
    .insertInto('auditLog')
    .values({ ...entry, target: entry.target.slice(0, 500), createdAt: nowIso() })
    .execute();
}

/** Records one entry for the bound organisation and actor: `audit('campaign.updated', name)`. */
export type Audit = (action: AuditAction, target: string) => Promise<void>;

/** An audited write in an organisation: on which database, where, and by whom. */
export interface OrgWrite {
  db: Kysely<Database>;
  orgId: number;
  actorId: number;
}

/** `auditedTransaction` for the organisation and actor of `w`. */
export const auditedWrite = <T>(
  w: OrgWrite,
  write: (trx: Transaction<Database>, audit: Audit) => Promise<T>,
): Promise<T> => auditedTransaction(w.db, { organizationId: w.orgId, actorId: w.actorId }, write);

/**
 * Runs `write` in one transaction with an `audit` bound to the organisation and the
 * actor, so every entry it records commits (or rolls back) with the change it describes.
 */
export function auditedTransaction<T>(
  db: Kysely<Database>,
  who: Pick<AuditEntry, 'organizationId' | 'actorId'>,
  write: (trx: Transaction<Database>, audit: Audit) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .execute((trx) => write(trx, (action, target) => recordAudit(trx, { ...who, action, target })));
}
