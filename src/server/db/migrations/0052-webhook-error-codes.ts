import type { AnyDb, DialectName } from '../dialect.ts';

// A webhook attempt's failure as a stable code with its values (docs/api.md
// "Integrations > Endpoints"), beside the English `error`, so the delivery log is worded
// in the reader's language. Attempts logged before keep their English text alone.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('webhookDeliveries').addColumn('errorCode', 'text').execute();
  // The code's values, as JSON (`webhookErrorParamsSchema`).
  await db.schema.alterTable('webhookDeliveries').addColumn('errorParams', 'text').execute();
}
