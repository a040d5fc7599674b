import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';

/**
 * Runs the reads of one answer in one snapshot, so the rollups, their high-water
 * marks and the tail past the marks are seen as of one moment (the rollup job moves
 * rows and marks in one transaction): an event is counted exactly once.
 */
export function inSnapshot<T>(db: Db, dialect: DialectName, read: (trx: Db) => Promise<T>): Promise<T> {
  const trx = db.transaction();
  return (dialect === 'postgres' ? trx.setIsolationLevel('repeatable read') : trx).execute(read);
}

/** The rollup high-water marks: events with larger ids are the live tail. */
export async function rollupMarks(trx: Db): Promise<{ shares: number; clicks: number }> {
  const rows = await trx.selectFrom('rollupState').select(['name', 'lastId']).execute();
  const get = (name: string) => rows.find((r) => r.name === name)?.lastId ?? 0;
  return { shares: get('shares'), clicks: get('clicks') };
}
