import type { AnyDb } from '../dialect.ts';
import { nameKey } from '../../lib/name-key.ts';

type Named = { id: number; username: string; usernameKey: string | null };

// The unique name key of users and organisations becomes the confusable skeleton
// (src/server/lib/name-key.ts): every stored key is computed again. Names that
// looked alike before (Cyrillic `ѕсоре` beside `scope`, `b0b` beside `bob`) may now
// share a key. The migration never fails on them: the older row keeps the key,
// the newer one keeps its name and its sign-in but loses its key (NULL, the way
// 0005 left look-alikes), so nobody can register a third twin of either, and each
// such row is reported in the log for an operator to rename.
export async function up(db: AnyDb): Promise<void> {
  const run = (trx: AnyDb) => rekey(trx, 'users').then(() => rekey(trx, 'organizations'));
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}

async function rekey(db: AnyDb, table: 'users' | 'organizations'): Promise<void> {
  const rows: Named[] = await db
    .selectFrom(table)
    .select(['id', 'username', 'usernameKey'])
    .orderBy('id')
    .execute();
  // Rows holding a key claim first (oldest first); rows that 0005 already left keyless
  // get one only when nobody else has it.
  const claimOrder = [
    ...rows.filter((r) => r.usernameKey !== null),
    ...rows.filter((r) => r.usernameKey === null),
  ];
  const owner = new Map<string, Named>();
  const target = new Map<number, string | null>();
  const collisions: string[] = [];
  for (const row of claimOrder) {
    const key = nameKey(row.username);
    const first = owner.get(key);
    if (!first) {
      owner.set(key, row);
      target.set(row.id, key);
      continue;
    }
    target.set(row.id, null);
    if (row.usernameKey !== null)
      collisions.push(`${table} #${row.id} "${row.username}" looks like #${first.id} "${first.username}"`);
  }
  const changed = rows.filter((r) => target.get(r.id) !== r.usernameKey);
  // Clear first, then set, so that no new key meets an old one under the unique index.
  const ids = changed.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable(table)
      .set({ usernameKey: null })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
  for (const row of changed) {
    const key = target.get(row.id) ?? null;
    if (key !== null)
      await db.updateTable(table).set({ usernameKey: key }).where('id', '=', row.id).execute();
  }
  if (collisions.length > 0) {
    console.warn(
      `Usernames that look alike under the confusable skeleton (the newer one left without a unique key; consider renaming):\n  ${collisions.join('\n  ')}`,
    );
  }
}
