import type { Kysely, Transaction } from 'kysely';
import {
  type AccountData,
  accountDataSchema,
  LAST_OPERATOR_DELETION_MESSAGE,
  lastAdminDeletionMessage,
} from '#shared/schemas/account-data.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import {
  type PersonalField,
  personalFields,
  type Retention,
  type TableName,
} from '../../db/personal-data.ts';
import type { Database } from '../../db/schema.ts';
import { auditedTransaction } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { lockOrganization } from '../../lib/org-lock.ts';
import { nowIso } from '../../lib/time.ts';
import { otherAdmins, revokeMade } from '../members/index.ts';
import { ACCOUNT_MAIL, OUTBOX_REASON } from '../outbox/index.ts';
import { anonymousId } from '../privacy/index.ts';
import { checkCurrentPassword, type PasswordProof } from './account.service.ts';

/** Tables and columns named at run time (the registry, which tsc holds to the schema, names them). */
type AnyDb = Kysely<any>;

// A member's own account data (docs/api.md "Privacy"): all of it as one document, and
// the account's deletion, which applies the registry's rules (db/personal-data.ts) for
// the `staff` columns that hold the account's id or its personal fields.

/** Everything held about the account, read for `GET /api/user/data`. */
export async function accountData(db: Db, userId: number): Promise<AccountData> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const memberships = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', user.organizationId ?? 0)
    .execute();
  const own = (table: TableName, column: string, columns: string[]) =>
    (db as AnyDb).selectFrom(table).select(columns).where(column, '=', userId).orderBy('id').execute();
  const [sessions, invitationsSent, invitationsReceived, emailChanges, apiKeys, uploads, audit] =
    await Promise.all([
      own('sessions', 'userId', ['id', 'createdAt', 'expiresAt', 'lastSeenAt', 'userAgent']),
      own('invitations', 'invitedBy', [
        'id',
        'organizationId',
        'email',
        'role',
        'createdAt',
        'expiresAt',
        'acceptedAt',
      ]),
      db
        .selectFrom('invitations')
        .select(['id', 'organizationId', 'role', 'createdAt', 'acceptedAt'])
        .where((eb) =>
          eb.or([
            eb('acceptedBy', '=', userId),
            ...(user.email ? [eb('email', '=', user.email).and('acceptedAt', 'is', null)] : []),
          ]),
        )
        .orderBy('id')
        .execute(),
      own('emailChanges', 'userId', ['id', 'oldEmail', 'newEmail', 'createdAt', 'confirmedAt', 'undoneAt']),
      own('apiKeys', 'createdBy', [
        'id',
        'organizationId',
        'name',
        'role',
        'prefix',
        'createdAt',
        'lastUsedAt',
      ]),
      own('uploads', 'userId', ['name', 'organizationId', 'size', 'createdAt']),
      own('auditLog', 'actorId', [
        'id',
        'organizationId',
        'createdAt as at',
        'action',
        'target',
        'actorKind',
        'apiKeyName',
      ]),
    ]);
  // Checked here: the rows come from tables named at run time.
  return accountDataSchema.parse({
    exportedAt: nowIso(),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      isOperator: Boolean(user.isOperator),
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    memberships: memberships.map((o) => ({
      organization: o,
      role: user.role,
      joinedAt: user.joinedAt,
    })),
    sessions,
    invitationsSent,
    invitationsReceived,
    emailChanges,
    apiKeys,
    uploads: uploads.map((u) => ({ ...u, size: Number(u.size) })),
    audit,
  });
}

/**
 * Audit logs keep their actor until the audit retention removes it (another pass, by
 * the logs' own schedule): the account's deletion leaves those columns as they are.
 */
const AUDIT_RETENTIONS = new Set<Retention>(['audit', 'instanceAudit']);

/** The registry's staff columns, outside the users row, that find the account's rows by its id. */
export const accountRowFields = (): PersonalField[] =>
  personalFields().filter(
    (f) =>
      f.category === 'staff' &&
      f.holds === 'userId' &&
      f.table !== 'users' &&
      !AUDIT_RETENTIONS.has(f.retention),
  );

/** Applies one registry rule to the rows whose `f.column` is the account's id. */
async function eraseRows(trx: AnyDb, f: PersonalField, userId: number): Promise<void> {
  switch (f.erase) {
    case 'delete-row':
      await trx.deleteFrom(f.table).where(f.column, '=', userId).execute();
      return;
    case 'null':
      await trx
        .updateTable(f.table)
        .set({ [f.column]: null })
        .where(f.column, '=', userId)
        .execute();
      return;
    case 'keep':
      return;
    default:
      throw new Error(`${f.table}.${f.column}: erasure ${f.erase} does not apply to an account id`);
  }
}

/** The users row's personal fields as the registry erases them, and the row no longer an account. */
function erasedUser(): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of personalFields().filter((p) => p.table === 'users')) {
    if (f.erase === 'null') row[f.column] = null;
    else if (f.erase === 'empty') row[f.column] = '';
    else if (f.erase === 'anonymise') row[f.column] = anonymousId();
    else throw new Error(`users.${f.column}: erasure ${f.erase} is not one the account's deletion applies`);
  }
  return {
    ...row,
    // Nobody can sign in again: no password verifies against this.
    passwordHash: '!',
    organizationId: null,
    role: 'user',
    joinedAt: null,
    isOperator: 0,
    updatedAt: nowIso(),
  };
}

/**
 * How many other accounts are operators of the instance. On PostgreSQL the operators'
 * rows are locked first, in id order: two last operators deleting their accounts at
 * once go one after the other, and the second no longer counts the first.
 */
async function otherOperators(trx: Transaction<Database>, dialect: DialectName, userId: number) {
  let q = trx.selectFrom('users').select('id').where('isOperator', '=', 1).orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  return (await q.execute()).filter((r) => r.id !== userId).length;
}

/**
 * Mail waiting in the outbox (queued or held) for the account's address, or for an
 * address of its email changes (their confirmation and undo notices), is never sent:
 * dropped as erased, without its address or words, as unsent mail keeps its row.
 */
async function dropWaitingMail(trx: Transaction<Database>, userId: number, email: string | null) {
  const changes = await trx
    .selectFrom('emailChanges')
    .select(['oldEmail', 'newEmail'])
    .where('userId', '=', userId)
    .execute();
  const changeAddresses = changes.flatMap((c) => [c.oldEmail, c.newEmail]).filter((a) => a !== null);
  if (email === null && changeAddresses.length === 0) return;
  await trx
    .updateTable('outbox')
    .set({ status: 'dropped', reason: OUTBOX_REASON.erased, recipient: null, body: null, headers: null })
    .where('status', 'in', ['queued', 'held'])
    .where((eb) =>
      eb.or([
        ...(email === null ? [] : [eb('recipient', '=', email)]),
        ...(changeAddresses.length === 0
          ? []
          : [
              eb.and([
                eb('kind', 'in', [ACCOUNT_MAIL.emailConfirm, ACCOUNT_MAIL.emailChanged]),
                eb('recipient', 'in', changeAddresses),
              ]),
            ]),
      ]),
    )
    .execute();
}

async function currentOrganization(trx: Transaction<Database>, orgId: number | null) {
  if (orgId === null) return undefined;
  return trx.selectFrom('organizations').select(['id', 'name']).where('id', '=', orgId).executeTakeFirst();
}

/**
 * Deletes the signed-in account (`DELETE /api/user`): the password first (a stolen
 * session cannot), then, in one transaction, the last-admin rule (409 naming the
 * organisation), the last-operator rule (409), the entry in the organisation's audit
 * log, what the member made there and may no longer stand behind (pending invitations,
 * API keys: as a removal does), the mail still waiting to go to them, every session,
 * and the registry's rule on each staff column: rows that exist only
 * for the account go, references to it become null, its own fields are emptied or
 * anonymised. Audit logs keep the actor until their own retention.
 */
export async function deleteAccount(opts: PasswordProof & { dialect: DialectName }): Promise<void> {
  const { db, dialect, user } = opts;
  await checkCurrentPassword(opts, 'password');
  const orgId = user.organizationId;
  await auditedTransaction(db, { organizationId: orgId, actorId: user.id }, async (trx, audit) => {
    if (orgId !== null) await lockOrganization(trx, dialect, orgId, 'update');
    // Read again inside the lock: a role change that committed meanwhile counts.
    const fresh = await trx
      .selectFrom('users')
      .select(['role', 'organizationId', 'isOperator', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const org = await currentOrganization(trx, fresh.organizationId);
    if (org && fresh.role === 'admin' && (await otherAdmins(trx, org.id, user.id)) === 0)
      throw conflict('LAST_ADMIN', lastAdminDeletionMessage(org.name), {
        params: { organization: org.name },
      });
    // Only the command line may leave the instance without an operator (docs/api.md "Operators").
    if (fresh.isOperator === 1 && (await otherOperators(trx, dialect, user.id)) === 0)
      throw conflict('LAST_OPERATOR', LAST_OPERATOR_DELETION_MESSAGE);
    await audit('account.deleted', user.username);
    if (org) await revokeMade(trx, audit, org.id, user.id, null);
    await dropWaitingMail(trx, user.id, fresh.email);
    for (const f of accountRowFields()) await eraseRows(trx as AnyDb, f, user.id);
    await trx.updateTable('users').set(erasedUser()).where('id', '=', user.id).execute();
  });
}
