import { influenceScore } from '#shared/impact.ts';
import type { Asset } from '#shared/schemas/assets.ts';
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
import { recruitsAndRank } from '../../db/recruits.ts';
import type { Database } from '../../db/schema.ts';
import { openForSharing, sqlNow } from '../../db/campaign-open.ts';
import { sharesWithAssetAndCampaign } from '../../db/share-joins.ts';
import { assetsOfCampaign } from '../assets/index.ts';
import { supporterOrganization } from '../settings/index.ts';
import { type SupporterCampaignRow, supporterView, viewTtl } from './campaign-availability.ts';
import { CampaignCache } from './supporter-cache.ts';
import { parseId } from '../../lib/parse-id.ts';
import { type AssetVariants, chooseVariants } from './variant-choice.ts';
import type { Locale } from '#shared/locales.ts';
import { type AssetTranslations, storedLanguages, storedLocale } from '#shared/schemas/languages.ts';
import { resolvedWords } from '../../lib/campaign-languages.ts';
import { type NegotiatedLanguage, negotiateLanguage } from '../../lib/language.ts';
import { LANGUAGE_COOKIE, LANGUAGE_QUERY } from '#shared/locales.ts';
import type { FastifyRequest } from 'fastify';
import { upcomingMoments } from './upcoming-moments.ts';

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
 * A view in one language, as served: its bytes, and (in the campaign's default language
 * only: A/B texts are written in it) the assets' variants and the per-visitor views.
 */
export interface ServedView extends ViewBytes {
  /** Encoded once: sending a cached Buffer skips encoding the page on every request. */
  pages: Map<string, Buffer>;
  /**
   * The assets with share-text variants (undefined when none has any: then `json` and
   * `pages` are what every visitor gets, and the hot path never looks further).
   */
  variants?: AssetVariants[];
  /** With variants: the view per combination of variants shown, built on first use. */
  choices?: Map<string, ViewBytes>;
}

/**
 * What the cache holds per campaign: the view in its default language (as chosen by no
 * other rule than that default), its JSON already serialised (the hot path sends it as
 * is), and the rendered HTML page per origin, filled lazily; and the same per language
 * and deciding rule once asked for (`served`). One entry per campaign, so a write
 * invalidates every language at once.
 */
export interface SupporterEntry extends ServedView {
  /** What negotiation offers: the campaign's languages, in menu order. */
  languages: readonly Locale[];
  defaultLanguage: Locale;
  organizationDefault: Locale;
  /** The answer for a campaign in one language: nothing to negotiate, the same for everyone. */
  fixed: NegotiatedLanguage;
  /** Its assets' words in the other languages it offers (only when it offers more than one). */
  translations?: Map<number, AssetTranslations>;
  /** The views in other languages, or chosen by another rule, keyed `{locale} {source}`. */
  served?: Map<string, ServedView>;
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

const ENGLISH: NegotiatedLanguage = { locale: 'en', source: 'campaign-default' };
/** An entry with no view (unknown or suspended): nothing to serve in any language. */
const EMPTY = {
  languages: ['en'],
  defaultLanguage: 'en',
  organizationDefault: 'en',
  fixed: ENGLISH,
} as const;

/** What a campaign's supporter view is built from: its row (with its organisation's language and suspension) and its live assets. */
export interface EntryRows {
  campaign: EntryCampaignRow;
  assets: Asset[];
}
export type EntryCampaignRow = NonNullable<Awaited<ReturnType<typeof readCampaignRow>>>;

const readCampaignRow = (db: Db, campaignId: number) =>
  db
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
      'campaigns.disclosure',
      'campaigns.goalMetric',
      'campaigns.goalTarget',
      'campaigns.goalDeadline',
      'campaigns.defaultLanguage',
      'campaigns.languages',
      'o.defaultLanguage as organizationDefault',
      'o.suspendedAt',
    ])
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();

/** The rows of a campaign's supporter view, read apart from building it (the staff preview changes them in between); undefined for none. */
export async function readEntryRows(db: Db, campaignId: number): Promise<EntryRows | undefined> {
  const campaign = await readCampaignRow(db, campaignId);
  return campaign && { campaign, assets: await assetsOfCampaign(db, campaignId) };
}

export async function loadEntry(db: Db, campaignId: number): Promise<SupporterEntry> {
  return entryOf(db, await readEntryRows(db, campaignId));
}

/** The supporter view of those rows, in every form the cache serves. */
export async function entryOf(db: Db, rows: EntryRows | undefined): Promise<SupporterEntry> {
  if (!rows) return { view: null, json: '', pages: new Map(), hidden: false, ...EMPTY };
  const { campaign: row } = rows;
  const campaignId = row.id;
  const {
    suspendedAt,
    defaultLanguage: storedDefault,
    languages: storedList,
    organizationDefault,
    ...campaign
  } = row;
  if (suspendedAt)
    return { view: null, json: '', pages: new Map(), hidden: false, suspended: true, ...EMPTY };
  const defaultLanguage = storedLocale(storedDefault);
  const offered = storedLanguages(storedList);
  const languages = offered.includes(defaultLanguage) ? offered : [defaultLanguage, ...offered];
  const several = languages.length > 1;
  const variants: AssetVariants[] = [];
  const translations = new Map<number, AssetTranslations>();
  // The public view never lists an asset's variants: each visitor is shown one (visitorView).
  // Nor its title (internal), nor its other languages' words (servedView resolves them).
  const assets = rows.assets.map(({ variants: list, title: _, translations: words, ...asset }) => {
    if (list?.length) variants.push({ assetId: asset.id, variants: [...list].sort((a, b) => a.id - b.id) });
    if (several && words && Object.keys(words).length > 0) translations.set(asset.id, words);
    return asset;
  });
  const organization = await supporterOrganization(db, campaign.organizationId);
  const fixed: NegotiatedLanguage = { locale: defaultLanguage, source: 'campaign-default' };
  const view = supporterView(campaign, assets, organization, Date.now(), {
    language: defaultLanguage,
    languageSource: fixed.source,
    languages,
  });
  const moments = await upcomingMoments(db, campaignId);
  if (moments.length > 0) view.moments = moments;
  return {
    view,
    json: JSON.stringify(view),
    pages: new Map(),
    hidden: isHiddenStatus(campaign.status),
    dates: campaign,
    languages,
    defaultLanguage,
    organizationDefault: storedLocale(organizationDefault),
    fixed,
    ...(several ? { translations, served: new Map() } : {}),
    ...(variants.length > 0 ? { variants, choices: new Map() } : {}),
  };
}

/** What a campaign page or JSON in several languages varies on: the header, and the `rally_lang` cookie. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';

/**
 * The language this request gets of the entry's campaign (docs/api.md "Languages"):
 * negotiated once per request, and only for a campaign offering more than one; a
 * campaign in one language answers everyone the same without reading anything.
 */
export function requestLanguage(
  entry: SupporterEntry,
  request: FastifyRequest,
  /** The page's `?lang=` when the request is not the page's (its script's confirmation). */
  pageQuery?: string,
): NegotiatedLanguage {
  if (entry.languages.length <= 1) return entry.fixed;
  return negotiateLanguage({
    explicit: request.cookies?.[LANGUAGE_COOKIE],
    query:
      pageQuery ??
      (request.query as Record<string, string | string[] | undefined> | undefined)?.[LANGUAGE_QUERY],
    acceptLanguage: request.headers['accept-language'],
    offered: entry.languages,
    campaignDefault: entry.defaultLanguage,
    organizationDefault: entry.organizationDefault,
  });
}

/**
 * The view in the negotiated language: the entry itself for its default language as
 * the default rule chose it (every visitor of a one-language campaign); otherwise the
 * view with the assets' words in that language (the default's where one is missing)
 * and the language and its rule named, built once per language and rule. A/B
 * variants stay with the default language: another language's view has none.
 */
export function servedView(entry: SupporterEntry, language: NegotiatedLanguage): ServedView {
  const { view, served } = entry;
  if (!view || !served) return entry;
  if (language.locale === entry.defaultLanguage && language.source === 'campaign-default') return entry;
  const key = `${language.locale} ${language.source}`;
  const hit = served.get(key);
  if (hit) return hit;
  const inDefault = language.locale === entry.defaultLanguage;
  const own: SupporterCampaign = {
    ...view,
    assets: inDefault
      ? view.assets
      : view.assets.map((a) => resolvedWords(a, entry.translations?.get(a.id), language.locale)),
    language: language.locale,
    languageSource: language.source,
  };
  const bytes: ServedView = {
    view: own,
    json: JSON.stringify(own),
    pages: new Map(),
    ...(inDefault && entry.variants ? { variants: entry.variants, choices: new Map() } : {}),
  };
  // At most one per language and rule: six of each.
  served.set(key, bytes);
  return bytes;
}

/**
 * The view this visitor gets: the entry itself when the campaign has no variants;
 * otherwise the view with each asset's chosen `variant`, kept per combination of
 * choices (a few per campaign), so a repeat costs one keyed hash per asset with variants.
 */
export function visitorView(entry: ServedView, cookieKey: Buffer, visitorId: string): ViewBytes {
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
  organizationId: number;
  supporterId: string | undefined;
}): Promise<SupporterImpact> {
  const { db, campaignId, organizationId, supporterId } = opts;
  if (!supporterId) return { shares: 0, clicks: 0, influenceScore: 0, recruits: 0, rank: null };
  const [shareRow, clickRow, recruited] = await Promise.all([
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
    recruitsAndRank(db, { organizationId, campaignId }, supporterId),
  ]);
  const shares = Number(shareRow?.n ?? 0);
  const clicks = Number(clickRow?.n ?? 0);
  return { shares, clicks, influenceScore: influenceScore({ shares, clicks }), ...recruited };
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
