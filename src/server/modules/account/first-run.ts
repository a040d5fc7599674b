import { FIRST_RUN_STEPS, type FirstRun, type FirstRunStep } from '#shared/schemas/account.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

// The member's own getting-started checklist: the steps done that the organisation's
// data cannot show (a copied link, an opened supporter page) and its dismissal, kept
// per member and organisation so every device and every sign-in shows the same.

interface Member {
  db: Db;
  userId: number;
  orgId: number;
}

export async function firstRunSteps({ db, userId, orgId }: Member): Promise<FirstRun> {
  const mine = (eb: ExpressionBuilder<Database, 'firstRunSteps'>) =>
    eb.and({ userId, organizationId: orgId });
  const done = new Set(
    (await db.selectFrom('firstRunSteps').select('step').where(mine).execute()).map((r) => r.step),
  );
  return { steps: FIRST_RUN_STEPS.filter((s) => done.has(s)) };
}

/** Records a step; recording it again changes nothing. */
export async function markFirstRunStep({ db, userId, orgId, step }: Member & { step: FirstRunStep }) {
  await db
    .insertInto('firstRunSteps')
    .values({ userId, organizationId: orgId, step, createdAt: nowIso() })
    .onConflict((oc) => oc.columns(['userId', 'organizationId', 'step']).doNothing())
    .execute();
}
