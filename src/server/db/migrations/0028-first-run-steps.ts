import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull } from '../dialect.ts';
import { createMemberTable } from './lib/ddl.ts';

// The steps of a staff member's getting-started checklist that leave no trace in the
// organisation's data (copying the supporter link, opening the supporter page) and its
// dismissal: one row per member, organisation and step, so the checklist remembers
// them on every device and after every sign-in.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await createMemberTable(db, 'firstRunSteps')
    .addColumn('step', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .addPrimaryKeyConstraint('first_run_steps_pk', ['userId', 'organizationId', 'step'])
    .execute();
}
