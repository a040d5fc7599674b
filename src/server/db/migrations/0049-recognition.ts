import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Recognition (docs/api.md "Momentum", docs/decisions/0036-recognition.md):
// - supporterProfiles: the display name a supporter chose for an organisation's boards,
//   and whether they opted in (`onBoard`, 0 by default: nobody is named unasked). One
//   row per organisation and visitor id. `hiddenAt`/`hiddenBy`: staff hid the name.
// - shares.memberId: the member whose staff session made the share on the supporter
//   page (the members' leaderboard); null for everyone else. A removed account leaves
//   the share, unnamed.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('supporterProfiles'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('supporterId', 'text', notNull)
    .addColumn('displayName', 'text', notNull)
    .addColumn('onBoard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hiddenAt', 'text')
    .addColumn('hiddenBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', 'text', notNull)
    .addColumn('updatedAt', 'text', notNull)
    .execute();
  await createIndex(
    db,
    'supporterProfiles_org_supporter_idx',
    'supporterProfiles',
    ['organizationId', 'supporterId'],
    { unique: true },
  );

  await db.schema
    .alterTable('shares')
    .addColumn('memberId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The members' leaderboard: an organisation's shares made by members only.
  await createIndex(db, 'shares_org_member_idx', 'shares', ['organizationId', 'memberId'], {
    whereNotNull: 'memberId',
  });
}
