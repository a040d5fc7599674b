import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// The personal-data retention job (docs/privacy.md "How long") holds back a scheduled
// share whose moment is not yet past the retention and strips it on a later pass that
// reads an organisation's scheduled shares by their moment: this index is that read
// (only scheduled shares have a moment, so only they are in it).
export async function up(db: AnyDb): Promise<void> {
  await createIndex(db, 'shares_org_scheduled_idx', 'shares', ['organizationId', 'scheduledFor'], {
    whereNotNull: 'scheduledFor',
  });
}
