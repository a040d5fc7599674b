import { sql } from 'kysely';
import type { AnyDb } from '../dialect.ts';

// What a logged share says happened, counted apart (API.md "Stats", docs/api.md):
// `shared` (a device share sheet resolved), `opened` (a platform's share window or the
// mail app opened) and `prepared` (a hand-posted platform's media saved and caption
// copied). The per-platform totals get the two new counts beside `shares`.
//
// Existing rows: until now every share was logged as `shared` before anything was
// known. A share to a platform with a web share window (any but HAND_POSTED below)
// was at most that window opened, so it becomes `opened`. A share to a hand-posted
// platform (Instagram, Instagram Story, TikTok, YouTube) may have been a share sheet
// that resolved, one that was cancelled, or a saved image: which cannot be known, so it
// stays `shared` as it was recorded. The rollups are rebuilt from the events (as in
// 0010-analytics-rollups): the share and click marks go back to 0 and the job adds
// every event again; the visits of the per-source rows stay, their shares are recounted.

/** The platforms without a web share window, as they stood: every other one had one. */
const HAND_POSTED = ['instagram', 'instagram_story', 'tiktok', 'youtube'];

/** Every rollup of shares and clicks: per campaign and platform, hour, day, supporter and scope. */
const REBUILT = [
  ...['Totals', 'CampaignHours', 'OrgHours', 'Days', 'SupporterDays'].map((t) => `rollup${t}`),
  'supporterCampaigns',
  'supporterOrgs',
  ...['Campaign', 'Org'].flatMap((scope) =>
    ['Reach', 'Supporters', 'LastHours'].map((t) => `rollup${scope}${t}`),
  ),
];

export async function up(db: AnyDb): Promise<void> {
  for (const column of ['opened', 'prepared'])
    await db.schema
      .alterTable('rollupTotals')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db
    .updateTable('shares')
    .set({ status: 'opened' })
    .where('status', '=', 'shared')
    .where('platform', 'not in', HAND_POSTED)
    .execute();
  for (const table of REBUILT) await db.deleteFrom(table).execute();
  await db.updateTable('rollupSourceDays').set({ shares: sql`0` }).execute();
  await db.updateTable('rollupState').set({ lastId: 0 }).where('name', 'in', ['shares', 'clicks']).execute();
}
