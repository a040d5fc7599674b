import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from './time.ts';

/**
 * Audit actions: every write through the API (test/audit-coverage.test.ts walks the
 * permission table to hold that). Sign-ins and sign-outs, the account, membership and
 * role changes, invitations, API keys, settings, templates, uploads, every campaign and
 * asset write; the profile's Recent Activity and the admin's activity log read them back.
 */
export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_out'
  | 'account.profile_updated'
  // The email change: asked (with the password), confirmed by the link to the new address,
  // undone by the link sent to the old one.
  | 'account.email_change_requested'
  | 'account.email_changed'
  | 'account.email_change_undone'
  | 'account.password_changed'
  | 'account.password_reset'
  | 'account.session_ended'
  // A member's own notification switches, in the settings or from a mail's link.
  | 'account.notifications_updated'
  // A member deleted their own account (with the password), in their organisation's log.
  | 'account.deleted'
  | 'organization.created'
  | 'organization.settings_updated'
  | 'member.joined'
  | 'member.role_changed'
  // An editor let review, or no longer (docs/api.md "Review before publishing"): `alice: on`.
  | 'member.review_permission_changed'
  | 'member.removed'
  | 'member.left'
  | 'invitation.created'
  | 'invitation.revoked'
  | 'api_key.created'
  | 'api_key.revoked'
  // Webhook endpoints (docs/api.md "Integrations"); the target names the endpoint's URL.
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.secret_rotated'
  | 'webhook.deleted'
  | 'campaign.created'
  | 'campaign.updated'
  | 'campaign.status_changed'
  | 'campaign.archived'
  | 'campaign.duplicated'
  | 'campaign.assets_reordered'
  | 'asset.created'
  | 'asset.updated'
  | 'asset.deleted'
  // Shared moments (docs/api.md "Momentum"); the target names the campaign and the time.
  | 'moment.created'
  | 'moment.deleted'
  // Review before publishing (modules/reviews): the target names the campaign.
  | 'review.submitted'
  | 'review.approved'
  | 'review.changes_requested'
  | 'review.withdrawn'
  | 'template.created'
  | 'template.used'
  | 'upload.created'
  // An admin's data request about a supporter (docs/api.md "Privacy"): the reason, never the person.
  | 'privacy.exported'
  | 'privacy.erased'
  // Staff hid or showed again a supporter's display name on the boards (docs/api.md "Recognition").
  | 'supporter_name.hidden'
  | 'supporter_name.unhidden';

export interface AuditEntry {
  organizationId: number | null;
  /** The user who acted; for an API key, the user who made the key. */
  actorId: number | null;
  /** The API key the request came with, if any: the entry is then marked as the key's. */
  apiKeyId?: number | null;
  action: AuditAction;
  /** Human-readable subject of the action ("campaign Spring drive", "member alice"). */
  target: string;
}

/**
 * The one way to write the audit log. Pass the transaction that makes the change,
 * so the entry and the change are committed (or rolled back) together. An entry made
 * with an API key is marked `api_key` and keeps the key's id and its name as it is now
 * (revoking a key deletes its row; the log keeps saying which key it was).
 */
export async function recordAudit(
  trx: Pick<Kysely<Database>, 'insertInto' | 'selectFrom'>,
  entry: AuditEntry,
) {
  const { apiKeyId, ...rest } = entry;
  const key =
    apiKeyId == null
      ? undefined
      : await trx.selectFrom('apiKeys').select('name').where('id', '=', apiKeyId).executeTakeFirst();
  await trx
    .insertInto('auditLog')
    .values({
      ...rest,
      actorKind: apiKeyId == null ? 'user' : 'api_key',
      apiKeyId: apiKeyId ?? null,
      apiKeyName: apiKeyId == null ? null : (key?.name ?? null),
      target: entry.target.slice(0, 500),
      createdAt: nowIso(),
    })
    .execute();
}

/** Records one entry for the bound organisation and actor: `audit('campaign.updated', name)`. */
export type Audit = (action: AuditAction, target: string) => Promise<void>;

/** An audited write in an organisation: on which database, where, and by whom (and with which API key, if one). */
export interface OrgWrite {
  db: Kysely<Database>;
  orgId: number;
  actorId: number;
  apiKeyId?: number | null;
}

/** `auditedTransaction` for the organisation and actor of `w`. */
export const auditedWrite = <T>(
  w: OrgWrite,
  write: (trx: Transaction<Database>, audit: Audit) => Promise<T>,
): Promise<T> =>
  auditedTransaction(w.db, { organizationId: w.orgId, actorId: w.actorId, apiKeyId: w.apiKeyId }, write);

/**
 * Runs `write` in one transaction with an `audit` bound to the organisation and the
 * actor, so every entry it records commits (or rolls back) with the change it describes.
 */
export function auditedTransaction<T>(
  db: Kysely<Database>,
  who: Pick<AuditEntry, 'organizationId' | 'actorId' | 'apiKeyId'>,
  write: (trx: Transaction<Database>, audit: Audit) => Promise<T>,
): Promise<T> {
  const run = (trx: Transaction<Database>) =>
    write(trx, (action, target) => recordAudit(trx, { ...who, action, target }));
  // Already in one (a review's approval applies several writes as one): the write joins it.
  if (db.isTransaction) return run(db as Transaction<Database>);
  return db.transaction().execute(run);
}
