import { influenceScore } from '#shared/impact.ts';
import type {
  SupporterAsset,
  SupporterCampaign,
  SupporterElsewhere,
  SupporterImpact,
  VisitorScheduledShare,
} from '#shared/schemas/shares.ts';
import { isHiddenStatus } from '#shared/campaign-lifecycle.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { openForSharing, sqlNow } from '../../db/campaign-open.ts';
import { sharesWithAssetAndCampaign } from '../../db/share-joins.ts';
import { assetsOfCampaign } from '../assets/index.ts';
import { supporterOrganization } from '../settings/index.ts';
import { type SupporterCampaignRow, supporterView, viewTtl } from './campaign-availability.ts';
import { CampaignCache } from './supporter-cache.ts';
import { parseId } from '../../lib/parse-id.ts';
import { type AssetVariants, chooseVariants } from './variant-choice.ts';

/** A missing campaign is remembered briefly too, so a scan of ids does not reach the database. */
const MISSING_TTL_MS = 1000;
/**
 * How long a campaign's view is kept. Every write invalidates it on every instance
 * (cache-invalidation.ts), so this only bounds staleness from changes made behind
 * the app's back: long while invalidations reach every instance.
 */
export const FOUND_TTL_MS = 60_000;
/** While instances may miss each other's invalidations (PostgreSQL listener down): converge this fast. */
export const FOUND_TTL_UNSYNCED_MS = 5000;
/**
 * Rendered pages kept per campaign and origin (PUBLIC_URL, or each Host the app
 * answers): the campaign's own and one per asset a link names (`?a=`).
 */
const MAX_ORIGINS_PER_ENTRY = 8;
/** Per-visitor views kept per campaign with variants: one per combination of variants shown. */
const MAX_CHOICES_PER_ENTRY = 64;

/** A view as one visitor sees it: serialised once, with its pages per origin. */
export interface ViewBytes {
  view: SupporterCampaign | null;
  json: string;
  pages: Map<string, Buffer>;
}

/**
 * What the cache holds per campaign: the view, its JSON already serialised (the
 * hot path sends it as is), and the rendered HTML page per origin, filled lazily.
 */
export interface SupporterEntry extends ViewBytes {
  /** Encoded once: sending a cached Buffer skips encoding the page on every request. */
  pages: Map<string, Buffer>;
  /**
   * The assets with share-text variants (undefined when none has any: then `json` and
   * `pages` are what every visitor gets, and the hot path never looks further).
   */
  variants?: AssetVariants[];
  /** With variants: the view per combination of variants shown, built on first use. */
  choices?: Map<string, ViewBytes>;
  /** Draft or archived: answered only to members of the organisation, as a preview. */
  hidden: boolean;
  /**
   * Its organisation is suspended (lib/org-suspension.ts): no view, and every public
   * read answers the neutral 410. Known from the cache, like everything the hot path
   * needs; suspending and restoring invalidate every entry.
   */
  suspended?: true;
  /** What bounds the entry's lifetime: the next start or end instant. */
  dates?: SupporterCampaignRow;
}

async function loadEntry(db: Db, campaignId: number): Promise<SupporterEntry> {
  const row = await db
    .selectFrom('campaigns')
    .innerJoin('organizations as o', 'o.id', 'campaigns.organizationId')
    .select([
      'campaigns.id',
      'campaigns.name',
      'campaigns.description',
      'campaigns.organizationId',
      'campaigns.status',
      'campaigns.startDate',
      'campaigns.endDate',
      'campaigns.utmEnabled',
      'campaigns.utmMedium',
      'campaigns.utmCampaign',
      'o.suspendedAt',
    ])
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
  if (!row) return { view: null, json: '', pages: new Map(), hidden: false };
  const { suspendedAt, ...campaign } = row;
  if (suspendedAt) return { view: null, json: '', pages: new Map(), hidden: false, suspended: true };
  const variants: AssetVariants[] = [];
  // The public view never lists an asset's variants: each visitor is shown one (visitorView).
  // Nor its title: that is internal.
  const assets = (await assetsOfCampaign(db, campaignId)).map(({ variants: list, title: _, ...asset }) => {
    if (list?.length) variants.push({ assetId: asset.id, variants: [...list].sort((a, b) => a.id - b.id) });
    return asset;
  });
  const organization = await supporterOrganization(db, campaign.organizationId);
  const view = supporterView(campaign, assets, organization, Date.now());
  return {
    view,
    json: JSON.stringify(view),
    pages: new Map(),
    hidden: isHiddenStatus(campaign.status),
    dates: campaign,
    ...(variants.length > 0 ? { variants, choices: new Map() } : {}),
  };
}

/**
 * The view this visitor gets: the entry itself when the campaign has no variants;
 * otherwise the view with each asset's chosen `variant`, kept per combination of
 * choices (a few per campaign), so a repeat costs one keyed hash per asset with variants.
 */
export function visitorView(entry: SupporterEntry, cookieKey: Buffer, visitorId: string): ViewBytes {
  const { variants, choices, view } = entry;
  if (!variants || !choices || !view) return entry;
  const chosen = chooseVariants(cookieKey, visitorId, variants);
  const key = chosen.map((v) => v.id).join(',');
  const hit = choices.get(key);
  if (hit) return hit;
  const byAsset = new Map(variants.map((a, i) => [a.assetId, chosen[i]]));
  const own: SupporterCampaign = {
    ...view,
    assets: view.assets.map((a) => (byAsset.has(a.id) ? { ...a, variant: byAsset.get(a.id) } : a)),
  };
  const bytes: ViewBytes = { view: own, json: JSON.stringify(own), pages: new Map() };
  if (choices.size < MAX_CHOICES_PER_ENTRY) choices.set(key, bytes);
  return bytes;
}

/** The app's one cache of supporter views, built in app.ts. */
export class SupporterCache extends CampaignCache<SupporterEntry> {
  /** Lowered by the cross-instance invalidation while it cannot hear the other instances. */
  foundTtlMs = FOUND_TTL_MS;
}

/** The supporter view of a campaign, from the cache when fresh (no database query on a hit). */
export function getSupporterEntry(opts: {
  db: Db;
  cache: SupporterCache;
  campaignId: number;
}): SupporterEntry | Promise<SupporterEntry> {
  const { db, cache, campaignId } = opts;
  const hit = cache.get(campaignId);
  if (hit) return hit;
  return cache.load(
    campaignId,
    () => loadEntry(db, campaignId),
    (entry) =>
      entry.dates
        ? viewTtl(entry.dates, cache.foundTtlMs)
        : entry.suspended
          ? cache.foundTtlMs
          : MISSING_TTL_MS,
  );
}

/**
 * The page HTML for this origin and named asset (one of the view's own, or none),
 * rendered and encoded once per entry, origin and asset.
 */
export function cachedPage(
  entry: Pick<ViewBytes, 'pages' | 'view'>,
  origin: string,
  assetId: number | undefined,
  render: () => string,
): Buffer {
  const key = assetId === undefined ? origin : `${origin} ${assetId}`;
  const hit = entry.pages.get(key);
  if (hit) return hit;
  const html = Buffer.from(render());
  const perOrigin = 1 + (entry.view?.assets.length ?? 0);
  if (entry.pages.size < MAX_ORIGINS_PER_ENTRY * perOrigin) entry.pages.set(key, html);
  return html;
}

/**
 * The asset a page link names (`?a={id}`), when it is one of this view's: an id of
 * another campaign's or organisation's asset, or no id at all, names none.
 */
export function namedAsset(view: SupporterCampaign | null, raw: unknown): SupporterAsset | undefined {
  if (!view || typeof raw !== 'string') return undefined;
  const id = parseId(raw);
  return id === undefined ? undefined : view.assets.find((a) => a.id === id);
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

/** At most this many of a visitor's scheduled shares are listed per campaign. */
export const VISITOR_SCHEDULED_LIMIT = 100;

/**
 * The shares this visitor scheduled in the campaign and has still to post (pending,
 * not yet due, asset not deleted), soonest first. Only ever the caller's own: the
 * supporter id comes from their signed visitor cookie.
 */
export async function getVisitorScheduledShares(opts: {
  db: Db;
  campaignId: number;
  supporterId: string;
  now?: Date;
}): Promise<VisitorScheduledShare[]> {
  const { db, campaignId, supporterId } = opts;
  const reminders = (eb: ExpressionBuilder<Database, 'shares'>) =>
    eb
      .selectFrom('reminders')
      .whereRef('reminders.shareId', '=', 'shares.id')
      .where('reminders.status', '=', 'pending');
  const rows = await sharesWithAssetAndCampaign(db)
    .select((eb) => [
      'shares.id',
      'shares.assetId',
      'shares.platform',
      'shares.scheduledFor',
      'shares.shareText as text',
      'shares.timeZone',
      'shares.ref',
      reminders(eb).select('reminders.email').where('reminders.email', 'is not', null).limit(1).as('email'),
      eb
        .exists(reminders(eb).select('reminders.id').where('reminders.pushSubscription', 'is not', null))
        .as('push'),
    ])
    .where('shares.campaignId', '=', campaignId)
    .where('shares.supporterId', '=', supporterId)
    .where('shares.status', '=', 'pending')
    .where('shares.scheduledFor', '>', (opts.now ?? new Date()).toISOString())
    .where('assets.deletedAt', 'is', null)
    .orderBy('shares.scheduledFor')
    .orderBy('shares.id')
    .limit(VISITOR_SCHEDULED_LIMIT)
    .execute();
  return rows.map(({ email, push, ...r }) => ({
    ...r,
    scheduledFor: r.scheduledFor as string,
    reminder: email || push ? { email: email ?? null, browser: Boolean(push) } : null,
  }));
}

/** How many other campaigns a missing campaign's page offers at most. */
export const ELSEWHERE_LIMIT = 5;

/**
 * Where to go from a campaign that is not public: for an archived one (an old link
 * that was shared once), its organisation and that organisation's other campaigns
 * open to sharing now. A draft was never public and an unknown id names nobody:
 * both get nothing, so the answer reveals no more than the public pages do.
 */
export async function getElsewhere(opts: {
  db: Db;
  campaignId: number;
  now?: number;
}): Promise<SupporterElsewhere> {
  const { db, campaignId } = opts;
  const none: SupporterElsewhere = { organization: null, campaigns: [] };
  const campaign = await db
    .selectFrom('campaigns')
    .innerJoin('organizations as o', 'o.id', 'campaigns.organizationId')
    .select(['campaigns.organizationId', 'campaigns.status', 'o.suspendedAt'])
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
  // A suspended organisation's campaigns lead nowhere: nothing of it is shown.
  if (campaign?.status !== 'archived' || campaign.suspendedAt) return none;
  const org = await supporterOrganization(db, campaign.organizationId);
  const open = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'description'])
    .where('organizationId', '=', campaign.organizationId)
    .where('id', '!=', campaignId)
    .where(openForSharing(sqlNow(opts.now)))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(ELSEWHERE_LIMIT)
    .execute();
  return {
    organization: { name: org.name, logoUrl: org.logoUrl },
    campaigns: open,
  };
}
