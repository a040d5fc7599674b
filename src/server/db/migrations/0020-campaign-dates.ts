import type { AnyDb } from '../dialect.ts';

// Campaign dates in the two forms the app writes (storedDate in
// src/shared/campaign-lifecycle.ts): a plain UTC date (yyyy-MM-dd), or a UTC instant
// as toISOString writes it. Both sort as text in time order, so the database can
// judge whether a campaign is open (server/db/campaign-open.ts). Older rows (the old
// API took any text) may hold an instant with an offset or without milliseconds:
// each is rewritten as the same instant in UTC, and a date nothing can read becomes
// no date, which is what the rules already made of it. The logic is kept here, as it
// was, so later changes to the app cannot change what this migration did.

/** The stored form of a date the way the lifecycle rules read it (startInstant, endInstant). */
function canonical(value: string | null): string | null {
  if (!value) return null;
  if (value.length === 10) {
    const ms = Date.parse(`${value}T00:00:00Z`);
    // A plain date: kept as the day the rules read (2030-02-30 is read as 2030-03-02).
    return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export async function up(db: AnyDb): Promise<void> {
  const rows: { id: number; startDate: string | null; endDate: string | null }[] = await db
    .selectFrom('campaigns')
    .select(['id', 'startDate', 'endDate'])
    .where((eb) => eb.or([eb('startDate', 'is not', null), eb('endDate', 'is not', null)]))
    .execute();
  for (const row of rows) {
    const startDate = canonical(row.startDate);
    const endDate = canonical(row.endDate);
    if (startDate === row.startDate && endDate === row.endDate) continue;
    await db.updateTable('campaigns').set({ startDate, endDate }).where('id', '=', row.id).execute();
  }
}
