import {
  type ActivityItem,
  CURRENT_PASSWORD_INCORRECT,
  MAX_ACTIVITY,
  MAX_ORG_ACTIVITY_PAGE,
  type OrgActivityItem,
  type OrgActivityQuery,
  type SessionInfo,
} from '#shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import { auditedTransaction } from '../../lib/audit.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import {
  countLoginAttempt,
  forgiveLoginAttempt,
  hashPassword,
  recordLoginFailure,
  type UserRow,
  verifyPassword,
} from '../auth/index.ts';
import { csvRow } from '../stats/index.ts';
import { ANONYMOUS_PREFIX } from '../../db/personal-data.ts';
import { secureAccount } from './account-recovery.ts';

/** What a signed-in user gives to prove they know the password, and where from (their network). */
export interface PasswordProof {
  db: Db;
  user: UserRow;
  address: string;
  password: string;
}

/**
 * The signed-in user proves they know the password (a password change, the account's
 * deletion). A wrong one counts like a failed login (same per-user and per-network
 * budget), so a stolen session cannot be used to guess it: 400 on `field`.
 */
export async function checkCurrentPassword(proof: PasswordProof, field: string): Promise<void> {
  const { db, user, address } = proof;
  const attempt = await countLoginAttempt(db, user.username, address);
  if (!(await verifyPassword(user.passwordHash, proof.password))) {
    await recordLoginFailure(db, user.username, address, attempt);
    throw new HttpError(400, 'CURRENT_PASSWORD_INCORRECT', CURRENT_PASSWORD_INCORRECT, {
      errors: [{ path: field, message: CURRENT_PASSWORD_INCORRECT }],
    });
  }
  await forgiveLoginAttempt(db, user.username, address);
}

/**
 * A wrong current password counts like a failed login (same per-user and
 * per-network budget, `address` being the client's network), so a stolen session
 * cannot be used to guess the password. On success every other session of the user
 * ends, and every reset link not yet used dies.
 */
export async function changePassword(opts: {
  db: Db;
  user: UserRow;
  sessionId: number;
  address: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const { db, user, sessionId, address } = opts;
  await checkCurrentPassword({ db, user, address, password: opts.currentPassword }, 'currentPassword');
  const passwordHash = await hashPassword(opts.newPassword);
  await auditedTransaction(
    db,
    { organizationId: user.organizationId, actorId: user.id },
    async (trx, audit) => {
      await trx
        .updateTable('users')
        .set({ passwordHash, updatedAt: nowIso() })
        .where('id', '=', user.id)
        .execute();
      // Other sessions, reset links asked for before and pending email changes must not undo it.
      await secureAccount(trx, { userId: user.id, now: nowIso(), keepSession: sessionId, revokeKeys: false });
      await audit('account.password_changed', user.username);
    },
  );
}

export async function listSessions(db: Db, userId: number, currentId: number): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastSeenAt', 'userAgent'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', nowIso())
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, current: row.id === currentId }));
}

/** Ends one of the caller's own sessions; anyone else's id is not found. */
export async function endSession(opts: { db: Db; user: UserRow; id: number }): Promise<void> {
  const { db, user, id } = opts;
  await auditedTransaction(
    db,
    { organizationId: user.organizationId, actorId: user.id },
    async (trx, audit) => {
      const gone = await trx
        .deleteFrom('sessions')
        .where('id', '=', id)
        .where('userId', '=', user.id)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) throw notFound('NOT_FOUND', 'Session not found');
      await audit('account.session_ended', `session ${id}`);
    },
  );
}

/** The audit row's actor kind and key as the API shows them. */
function keyOf(row: { actorKind: string; apiKeyId: number | null; apiKeyName: string | null }) {
  const byKey = row.actorKind === 'api_key';
  return {
    actorKind: byKey ? ('api_key' as const) : ('user' as const),
    apiKey: byKey && row.apiKeyId !== null ? { id: row.apiKeyId, name: row.apiKeyName ?? '' } : null,
  };
}

/** The user's own entries, including what their API keys did (marked as the key's). */
export async function userActivity(db: Db, userId: number): Promise<ActivityItem[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select(['id', 'createdAt as at', 'action', 'target', 'actorKind', 'apiKeyId', 'apiKeyName'])
    .where('actorId', '=', userId)
    .orderBy('id', 'desc')
    .limit(MAX_ACTIVITY)
    .execute();
  return rows.map(({ actorKind, apiKeyId, apiKeyName, ...row }) => ({
    ...row,
    ...keyOf({ actorKind, apiKeyId, apiKeyName }),
  }));
}

/** 404 unless the organisation knows this user: a member now, or an actor in its log. */
async function assertKnownActor({ db, orgId }: OrgRead, userId: number) {
  const known = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('users.organizationId', '=', orgId),
        eb.exists(
          eb
            .selectFrom('auditLog')
            .select('auditLog.id')
            .where('auditLog.organizationId', '=', orgId)
            .where('auditLog.actorId', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!known) throw notFound('NOT_FOUND', 'Member not found');
}

/**
 * The organisation's log, newest first, a page at a time (`before`), narrowed to one
 * member, one action or group of actions, and a period, each optional.
 */
export async function organizationActivity(opts: OrgRead & OrgActivityQuery): Promise<OrgActivityItem[]> {
  const { db, orgId, before, limit, actorId, action, from, to } = opts;
  if (actorId !== undefined) await assertKnownActor(opts, actorId);
  let q = db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorId')
    .select([
      'auditLog.id',
      'auditLog.createdAt as at',
      'auditLog.action',
      'auditLog.target',
      'users.id as actorId',
      'users.username as actorUsername',
      'auditLog.actorKind',
      'auditLog.apiKeyId',
      'auditLog.apiKeyName',
    ])
    .where('auditLog.organizationId', '=', orgId);
  if (before !== undefined) q = q.where('auditLog.id', '<', before);
  if (actorId !== undefined) q = q.where('auditLog.actorId', '=', actorId);
  if (action !== undefined) {
    q = action.includes('.')
      ? q.where('auditLog.action', '=', action)
      : q.where('auditLog.action', 'like', `${action}.%`);
  }
  // Stored times are ISO UTC strings of one format: they compare as text.
  if (from !== undefined) q = q.where('auditLog.createdAt', '>=', new Date(from).toISOString());
  if (to !== undefined) q = q.where('auditLog.createdAt', '<', new Date(to).toISOString());
  const rows = await q.orderBy('auditLog.id', 'desc').limit(limit).execute();
  return rows.map(({ actorId, actorUsername, actorKind, apiKeyId, apiKeyName, ...row }) => ({
    ...row,
    ...keyOf({ actorKind, apiKeyId, apiKeyName }),
    // A deleted account's username is an anonymous id (the registry's erasure): no name to show.
    actor:
      actorId != null && actorUsername != null && !actorUsername.startsWith(ANONYMOUS_PREFIX)
        ? { id: actorId, username: actorUsername }
        : null,
  }));
}

/**
 * The organisation's log as CSV (`GET /api/organization/activity.csv`): every entry
 * the filters keep, newest first, read a page at a time. The columns are the entry's
 * own (its target is a name, never a profile value or a supporter's data).
 */
export async function organizationActivityCsv(opts: OrgRead & OrgActivityQuery): Promise<string> {
  const lines = [csvRow(['id', 'at', 'actor', 'actorKind', 'apiKey', 'action', 'target'])];
  let before = opts.before;
  for (;;) {
    const page = await organizationActivity({ ...opts, before, limit: MAX_ORG_ACTIVITY_PAGE });
    for (const e of page)
      lines.push(csvRow([e.id, e.at, e.actor?.username, e.actorKind, e.apiKey?.name, e.action, e.target]));
    if (page.length < MAX_ORG_ACTIVITY_PAGE) return lines.join('');
    before = page[page.length - 1].id;
  }
}
