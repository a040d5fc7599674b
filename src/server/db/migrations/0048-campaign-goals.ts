import type { AnyDb } from '../dialect.ts';

// Campaign goals (docs/api.md "Momentum", docs/decisions/0035-goals.md): a figure of the
// campaign's stats (`shares`, `supporters` or `clickThroughs`), a target and an optional
// date. All three null: no goal. The progress is never stored: it is the stats' figure.

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('goalMetric', 'text').execute();
  await db.schema.alterTable('campaigns').addColumn('goalTarget', 'integer').execute();
  await db.schema.alterTable('campaigns').addColumn('goalDeadline', 'text').execute();
}
