import type { SupporterImpact } from '#shared/impact.ts';
import { influenceScore } from '#shared/impact.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import type { Db } from '../../db/client.ts';
import { supporterOrganization } from '../settings/settings.service.ts';
import { getCachedCampaign, loadCachedCampaign } from './supporter-cache.ts';

/** A missing campaign is remembered briefly too, so a scan of ids does not reach the database. */
const MISSING_TTL_MS = 1000;
const FOUND_TTL_MS = 5000;
/** Rendered pages kept per campaign: one per origin (PUBLIC_URL, or each Host the app answers). */
const MAX_PAGES_PER_ENTRY = 8;

/**
 * What the cache holds per campaign: the view, its JSON already serialised (the
 * hot path sends it as is), and the rendered HTML page per origin, filled lazily.
 */
export interface SupporterEntry {
  view: SupporterCampaign | null;
  json: string;
  pages: Map<string, string>;
}

async function loadEntry(db: Db, campaignId: number): Promise<SupporterEntry> {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'description', 'organizationId'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign) return { view: null, json: '', pages: new Map() };
  const assets = (await db
    .selectFrom('assets')
    .selectAll()
    .where('campaignId', '=', campaignId)
    .orderBy('position')
    .orderBy('id')
    .execute()) as Asset[];
  const organization = await supporterOrganization(db, campaign.organizationId);
  const view: SupporterCampaign = { campaign, assets, organization };
  return { view, json: JSON.stringify(view), pages: new Map() };
}

/** The supporter view of a campaign, from the cache when fresh (no database query on a hit). */
export function getSupporterEntry(opts: {
  db: Db;
  campaignId: number;
}): SupporterEntry | Promise<SupporterEntry> {
  const { db, campaignId } = opts;
  const hit = getCachedCampaign<SupporterEntry>(campaignId);
  if (hit) return hit;
  return loadCachedCampaign(
    campaignId,
    () => loadEntry(db, campaignId),
    (entry) => (entry.view ? FOUND_TTL_MS : MISSING_TTL_MS),
  );
}

/** The page HTML for this origin, rendered once per entry and origin. */
export function cachedPage(entry: SupporterEntry, origin: string, render: () => string): string {
  const hit = entry.pages.get(origin);
  if (hit) return hit;
  const html = render();
  if (entry.pages.size < MAX_PAGES_PER_ENTRY) entry.pages.set(origin, html);
  return html;
}

/** My Impact: this supporter's logged shares in the campaign and the clicks on their links. */
export async function getSupporterImpact(opts: {
  db: Db;
  campaignId: number;
  supporterId: string | undefined;
}): Promise<SupporterImpact> {
  const { db, campaignId, supporterId } = opts;
  if (!supporterId) return { shares: 0, clicks: 0, influenceScore: 0 };
  const [shareRow, clickRow] = await Promise.all([
    db
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaignId', '=', campaignId)
      .where('supporterId', '=', supporterId)
      .where('status', '=', 'shared')
      .executeTakeFirst(),
    db
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaignId', '=', campaignId)
      .where('sharerId', '=', supporterId)
      .executeTakeFirst(),
  ]);
  const shares = Number(shareRow?.n ?? 0);
  const clicks = Number(clickRow?.n ?? 0);
  return { shares, clicks, influenceScore: influenceScore({ shares, clicks }) };
}
