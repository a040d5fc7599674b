import type { LoginInput, PublicUser, RegisterInput } from '#shared/schemas/auth.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';
import { type Admission, spendSignupInvitation } from './registration-gate.ts';
import { auditedTransaction } from '../../lib/audit.ts';
import { HttpError, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { nameKey } from '../../lib/name-key.ts';
import { claimFirstOperator } from '../../lib/instance-settings.ts';
import { nowIso } from '../../lib/time.ts';
import {
  countLoginAttempt,
  forgiveLoginAttempt,
  pruneLoginAttempts,
  recordLoginFailure,
} from './login-throttle.ts';
import type { UserRow } from './session-user.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, hashToken, pruneSessions } from './sessions.ts';
import { USERNAME_TAKEN } from '#shared/errors.ts';
import { mayReview } from '#shared/schemas/members.ts';

/** The user as the API shows it: never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  const { passwordHash: _omit, usernameKey: _key, isOperator, canReview, ...rest } = row;
  return { ...rest, isOperator: Boolean(isOperator), canReview: mayReview(row.role, canReview) };
}

/**
 * Makes an account in one transaction: the user row, then `also` (what the caller adds:
 * a session, a spent sign-up link, an audit entry). The first account of a fresh
 * instance is its operator (lib/instance-settings.ts).
 */
async function insertAccount<T>(
  db: Db,
  input: Pick<RegisterInput, 'username' | 'email' | 'password'>,
  also: (trx: Transaction<Database>, user: PublicUser) => Promise<T>,
): Promise<T> {
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  try {
    // The unique name key decides a race between two registrations of one name (or of
    // look-alikes: `ALICE` beside `alice`, full-width letters): exactly one wins.
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          username: input.username,
          usernameKey: nameKey(input.username),
          email: input.email,
          passwordHash,
          firstName: null,
          lastName: null,
          phone: null,
          organizationId: null,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const isOperator = await claimFirstOperator(trx, row.id);
      return also(trx, toPublicUser({ ...(row as UserRow), isOperator }));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    throw err;
  }
}

/** POST /api/register, once `admitRegistration` let it in: the account and its first session. */
export const registerUser = (opts: { db: Db; input: RegisterInput; admission: Admission }) =>
  insertAccount(opts.db, opts.input, async (trx, user) => {
    await spendSignupInvitation(trx, opts.admission, user.id);
    return { ...user, token: await createSession(trx, user.id) };
  });

/**
 * An account an operator makes (`npm run admin -- create-user`): whatever the sign-up
 * policy, without a session, recorded in the instance audit log.
 */
export const createUserAccount = (
  db: Db,
  input: Pick<RegisterInput, 'username' | 'email' | 'password'>,
  actor: InstanceActor,
) =>
  insertAccount(db, input, async (trx, user) => {
    await recordInstanceEvent(trx, { actor, action: 'user.created', target: `user ${user.username}` });
    return user;
  });

export async function loginUser(opts: { db: Db; input: LoginInput; address: string }) {
  const { db, input, address } = opts;
  const attempt = await countLoginAttempt(db, input.username, address);
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', input.username)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), input.password);
  if (!row || !ok) {
    await recordLoginFailure(db, input.username, address, attempt);
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'Invalid username or password');
  }
  await forgiveLoginAttempt(db, input.username, address);
  await pruneSessions(db);
  await pruneLoginAttempts(db);
  const token = await auditedTransaction(
    db,
    { organizationId: row.organizationId, actorId: row.id },
    async (trx, audit) => {
      const token = await createSession(trx, row.id);
      await audit('auth.sign_in', row.username);
      return token;
    },
  );
  return { ...toPublicUser(row as UserRow), token };
}

/**
 * Signs out: ends the session of `token` and records it as the user's sign-out. An
 * unknown or expired token (or none) changes nothing and records nothing.
 */
export async function logoutUser(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  const session = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id', 'users.id as userId', 'users.organizationId', 'users.username'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) return;
  await auditedTransaction(
    db,
    { organizationId: session.organizationId, actorId: session.userId },
    async (trx, audit) => {
      const gone = await trx.deleteFrom('sessions').where('id', '=', session.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 1) await audit('auth.sign_out', session.username);
    },
  );
}
