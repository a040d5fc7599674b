import type { AnyDb } from '../dialect.ts';

// How long an organisation's raw events keep their personal fields (issue 27, docs/api.md
// "Privacy"): personalDataMonths, 13 unless an admin changes it (at least 1). The
// retention job (modules/privacy) strips older events' personal fields, and records in
// personalDataStrippedTo the cutoff it has finished up to, so its next run reads only
// the events since.
export async function up(db: AnyDb): Promise<void> {
  const organizations = () => db.schema.alterTable('organizations');
  await organizations()
    .addColumn('personalDataMonths', 'integer', (c) => c.notNull().defaultTo(13))
    .execute();
  await organizations().addColumn('personalDataStrippedTo', 'text').execute();
}
