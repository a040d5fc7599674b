import { sql } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, createMemberTable, ownedBy } from './lib/ddl.ts';

// Staff notifications (modules/notifications):
// - memberNotifications: each member's own switches in their organisation (a JSON
//   document over the defaults, as organisation settings are), and the site address
//   their mail links to when PUBLIC_URL is unset. The switches used to be one set per
//   organisation: every member starts from their organisation's saved choices.
// - staffNotices: what was mailed once and must never be again, by a unique key
//   (kind, organisation, subject, period): a digest of one period to one member, a
//   campaign's end, a member's arrival, a milestone. The row is written in the
//   transaction that puts its mail in the outbox, so the mail goes once whatever the
//   instances do.
// The campaigns already over and the members already in are marked done: the new
// mails are about what happens from now on.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await createMemberTable(db, 'memberNotifications')
    .addColumn('data', 'text', notNull)
    .addColumn('origin', 'text')
    .addColumn('updatedAt', 'text', notNull)
    .addPrimaryKeyConstraint('memberNotifications_pk', ['userId', 'organizationId'])
    .execute();
  await createIndex(db, 'memberNotifications_org_idx', 'memberNotifications', ['organizationId']);

  await withId(db.schema.createTable('staffNotices'), dialect)
    .addColumn('kind', 'text', notNull)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('subjectId', 'integer', notNull)
    .addColumn('period', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .addUniqueConstraint('staffNotices_key', ['kind', 'subjectId', 'period', 'organizationId'])
    .execute();

  const now = new Date().toISOString();
  const settings = await db.selectFrom('organizationSettings').select(['organizationId', 'data']).execute();
  for (const row of settings) {
    let notifications: unknown;
    try {
      notifications = JSON.parse(row.data)?.notifications;
    } catch {
      notifications = undefined;
    }
    if (!notifications || typeof notifications !== 'object') continue;
    const members = await db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', row.organizationId)
      .execute();
    for (const m of members)
      await db
        .insertInto('memberNotifications')
        .values({
          userId: m.id,
          organizationId: row.organizationId,
          data: JSON.stringify(notifications),
          updatedAt: now,
        })
        .execute();
  }

  const today = now.slice(0, 10);
  await sql`insert into ${sql.table('staffNotices')} ("kind", "organizationId", "subjectId", "period", "createdAt")
    select 'campaign-ended', c."organizationId", c."id", '', ${now} from campaigns c
    where c."status" in ('ended', 'archived')
      or (c."endDate" is not null and c."endDate" <= ${now} and c."endDate" <> ${today})`.execute(db);
  await sql`insert into ${sql.table('staffNotices')} ("kind", "organizationId", "subjectId", "period", "createdAt")
    select 'member-joined', u."organizationId", u."id", coalesce(u."joinedAt", ''), ${now} from users u
    where u."organizationId" is not null`.execute(db);
}
