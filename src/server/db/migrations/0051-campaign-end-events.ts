import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// A campaign's end date passing by itself (docs/api.md "Integrations > Events",
// docs/decisions/0038-campaign-end-by-date.md): `campaigns.endedEventAt` is when the
// campaign-end job saw it and wrote its `campaign.ended` event, in the same
// transaction; null until then, and again once an edit moves the end ahead. The
// job's read is the index: unmarked live campaigns by end date, so it reads only the
// ones due. Live campaigns whose end passed before this migration are marked as
// they are found: they ended before the event existed, and a first run sending each of
// them now would be old news (receivers hear of ends from this version on).

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('endedEventAt', 'text').execute();
  await createIndex(db, 'campaigns_end_due_idx', 'campaigns', ['endedEventAt', 'status', 'endDate']);
  // The job's "end passed" (campaign-end.job.ts), written out: this migration stays as it is.
  const nowIso = new Date().toISOString();
  await db
    .updateTable('campaigns')
    .set({ endedEventAt: nowIso })
    .where('status', 'in', ['active', 'paused'])
    .where('endDate', '<=', nowIso)
    .where('endDate', '!=', nowIso.slice(0, 10))
    .execute();
}
