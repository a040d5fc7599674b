import type { AnyDb } from '../dialect.ts';
import { createIndex, createScopedTable } from './lib/ddl.ts';

// Click-through confirmations that did not prove a page view of the share link (no
// visit token, a forged one, one for another visitor or share, or sent too soon after
// the page): not click-throughs, but counted here so that staff see them (API.md
// "Honest click-throughs", docs/security.md). One counter per campaign and UTC hour
// ('YYYY-MM-DDTHH'), so whatever a script sends, the rows are bounded by the campaigns
// the public can see and the hours; the hour lets the analytics bucket them in any
// whole-hour zone. Deleting the campaign or organisation deletes its rows.

export async function up(db: AnyDb): Promise<void> {
  await createScopedTable(db, 'unconfirmedClicks', {
    scope: 'campaign',
    key: { hour: 'text' },
    values: { count: 'integer' },
  });
  await createIndex(db, 'unconfirmedClicks_org_idx', 'unconfirmedClicks', ['organizationId', 'hour']);
}
