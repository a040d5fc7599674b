import { expect } from 'vitest';
import { shareRefusal } from '#shared/campaign-lifecycle.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { openForSharing, sqlNow } from '../campaign-open.ts';
import { itMigrates } from '../migration-test-db.ts';

// Campaign dates of older rows come out in the two forms the app writes (a plain UTC
// date, a UTC instant as toISOString writes it), each read as it was before: every
// campaign is as open or as closed as it was, and the SQL form of the rule agrees.

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
/** The instant `ms` from now written in a zone `hours` from UTC, which sorts elsewhere as text. */
const inZone = (ms: number, hours: number) =>
  `${iso(now + ms + hours * HOUR_MS).slice(0, 19)}${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;

const stored: [string | null, string | null, string | null, string | null][] = [
  // [startDate, endDate] as found, then as they are after the migration.
  [null, null, null, null],
  ['2030-06-15', '2030-06-20', '2030-06-15', '2030-06-20'],
  ['2030-06-15T10:00:00.000Z', null, '2030-06-15T10:00:00.000Z', null],
  [
    '2030-06-15T10:00:00Z',
    '2030-06-15T12:00:00+02:00',
    '2030-06-15T10:00:00.000Z',
    '2030-06-15T10:00:00.000Z',
  ],
  ['', 'not a date', null, null],
  ['2030-02-30', null, '2030-03-02', null],
  [null, inZone(-HOUR_MS, 9), null, iso(Date.parse(inZone(-HOUR_MS, 9)))],
  [inZone(HOUR_MS, -9), null, iso(Date.parse(inZone(HOUR_MS, -9))), null],
  [null, iso(now - DAY_MS).slice(0, 10), null, iso(now - DAY_MS).slice(0, 10)],
];

itMigrates('stores campaign dates in the forms that sort in time order', '0019-rollup-fillfactor', {
  before: async ({ db }) => {
    const organizationId = await seedOrganization(db);
    const ids: number[] = [];
    for (const [startDate, endDate] of stored) {
      const { campaignId } = await seedCampaign(db, { organizationId });
      await db.updateTable('campaigns').set({ startDate, endDate }).where('id', '=', campaignId).execute();
      ids.push(campaignId);
    }
    const rows = await db.selectFrom('campaigns').selectAll().where('id', 'in', ids).orderBy('id').execute();
    return { ids, refusals: rows.map((c) => shareRefusal(c, now)) };
  },
  after: async ({ db }, { ids, refusals }) => {
    const rows = await db.selectFrom('campaigns').selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((c) => [c.startDate, c.endDate])).toEqual(stored.map(([, , start, end]) => [start, end]));
    expect(rows.map((c) => shareRefusal(c, now))).toEqual(refusals);
    const open = await db
      .selectFrom('campaigns')
      .select('id')
      .where('id', 'in', ids)
      .where(openForSharing(sqlNow(now)))
      .orderBy('id')
      .execute();
    expect(open.map((r) => r.id)).toEqual(ids.filter((_, i) => refusals[i] === null));
  },
});
