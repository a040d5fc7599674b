import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';

// Operators: an instance role (users.isOperator), apart from organisation roles. The
// first account of a fresh instance becomes one (claimFirstOperator in
// lib/instance-settings.ts, called where accounts are made); after that only
// `npm run admin -- grant-operator` / `revoke-operator` change who is one.

export interface OperatorChange {
  username: string;
  /** False when the account already was (grant) or was not (revoke) an operator: nothing changed. */
  changed: boolean;
  /** Operators left after the change. */
  operators: number;
}

async function findUser(db: Db, username: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'isOperator'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) throw notFound('NOT_FOUND', `No account named ${username}`, { params: { username } });
  return user;
}

const countOperators = async (db: Pick<Db, 'selectFrom'>) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('isOperator', '=', 1)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Makes the account `username` an operator, or takes it away (`operator: false`);
 * recorded in the instance audit log when it changes anything. Revoking the last
 * operator is allowed (the command line that does it says so: the instance then has
 * none until the next grant), since whoever has the shell can always grant again.
 */
export async function setOperator(
  db: Db,
  opts: { username: string; operator: boolean; actor: InstanceActor },
): Promise<OperatorChange> {
  const user = await findUser(db, opts.username);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ isOperator: opts.operator ? 1 : 0 })
      .where('id', '=', user.id)
      .where('isOperator', '=', opts.operator ? 0 : 1)
      .executeTakeFirst();
    const changed = Number(updated.numUpdatedRows) === 1;
    if (changed)
      await recordInstanceEvent(trx, {
        actor: opts.actor,
        action: opts.operator ? 'operator.granted' : 'operator.revoked',
        target: `user ${user.username}`,
      });
    return { username: user.username, changed, operators: await countOperators(trx) };
  });
}

/** The operators' usernames, in the order they signed up. */
export async function listOperators(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('isOperator', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.username);
}
