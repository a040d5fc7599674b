import type { Db } from '../../db/client.ts';

// What changing the password (or the address it is reset through) takes away from
// whoever else may hold the account: a stolen session, a reset link, an email change
// an intruder asked for, the undo link of an earlier change (it would put back an
// address the owner may no longer read) and, when the owner takes the account back
// from outside it, the API keys a stolen session could have planted. One place, so
// the reset, the password change and the undo link cannot drift apart.

export interface Recovery {
  userId: number;
  now: string;
  /** The caller's own session survives (a password change from inside the account). */
  keepSession?: number;
  /**
   * The owner is taking the account back from outside it (a reset link, an undo link):
   * the API keys the user made go too. A password change by a signed-in owner keeps them.
   */
  revokeKeys: boolean;
}

/** Ends what could outlive a change of the account's password or address; returns how many API keys it revoked. */
export async function secureAccount(trx: Db, r: Recovery): Promise<number> {
  await trx
    .deleteFrom('sessions')
    .where('userId', '=', r.userId)
    .$if(r.keepSession !== undefined, (q) => q.where('id', '!=', r.keepSession as number))
    .execute();
  await trx
    .updateTable('passwordResets')
    .set({ usedAt: r.now })
    .where('userId', '=', r.userId)
    .where('usedAt', 'is', null)
    .execute();
  // Changes still waiting for their confirmation die; confirmed ones lose their undo link.
  await trx
    .deleteFrom('emailChanges')
    .where('userId', '=', r.userId)
    .where('confirmedAt', 'is', null)
    .execute();
  await trx
    .updateTable('emailChanges')
    .set({ undoTokenHash: null })
    .where('userId', '=', r.userId)
    .where('undoTokenHash', 'is not', null)
    .execute();
  if (!r.revokeKeys) return 0;
  const keys = await trx.deleteFrom('apiKeys').where('createdBy', '=', r.userId).returning('id').execute();
  return keys.length;
}
