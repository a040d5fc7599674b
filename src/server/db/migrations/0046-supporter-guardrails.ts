import type { AnyDb } from '../dialect.ts';

// Guardrails on what supporters post (docs/api.md "Review and guardrails",
// docs/decisions/0033): a campaign's disclosure line, which every share of it carries
// (null: none), and per asset whether supporters may edit its words or only add a
// message above them (0, the default, keeps today's behaviour). 1/0 on both databases,
// like campaigns.utmEnabled. The blocked words live in the settings document.

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('disclosure', 'text').execute();
  await db.schema
    .alterTable('assets')
    .addColumn('textEditable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
