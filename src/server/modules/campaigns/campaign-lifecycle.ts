import { MAX_NAME } from '#shared/constants.ts';
import {
  type CampaignStatus,
  datesOutOfOrder,
  effectiveStatus,
  endInstant,
  isLiveStatus,
  STATUS_TRANSITIONS,
  storedDate,
} from '#shared/campaign-lifecycle.ts';
import type {
  Campaign,
  CampaignListQuery,
  CampaignWithAssets,
  UpdateCampaignInput,
} from '#shared/schemas/campaigns.ts';
import type { Transaction, Updateable } from 'kysely';
import type { OrgRead } from '../../lib/org-scope.ts';
import type { CampaignsTable, Database } from '../../db/schema.ts';
import type { Audit } from '../../lib/audit.ts';
import { PUBLISH_NEEDS_ASSET, PUBLISH_NEEDS_SHARE_WORDS } from '#shared/errors.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import { needsShareWords, type ShareableAsset } from '#shared/share-links.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { assetsOfCampaign, insertAssets } from '../assets/index.ts';
import { emitCampaignStatus } from '../webhooks/index.ts';
import { toCampaign } from '../../lib/own-campaign.ts';
import { plannedLanguages } from '../../lib/campaign-languages.ts';
import { goalColumns, goalVersionChange } from './campaign-goal.ts';
import {
  assertCampaignEditable,
  type CallerWrite,
  lockOwnCampaign,
  writeCampaign,
  writeLockedCampaign,
} from '../../lib/campaign-write.ts';

// Editing, pausing, ending, archiving and duplicating campaigns. Every write runs in
// one transaction that first locks the campaign's row, so a concurrent edit and
// archive apply one after the other and each sees the other's result.

export const NO_BACK_TO_DRAFT = 'A published campaign cannot go back to draft: pause it instead';
export const PUBLISH_BEFORE = 'Publish the campaign first';
export const REOPEN_NEEDS_FUTURE_END = 'Set an end date in the future to re-open this campaign';
export const END_BEFORE_START = 'End date must be on or after the start date';

export function transitionError(from: string, to: CampaignStatus): string {
  if (from === 'draft') return PUBLISH_BEFORE;
  if (to === 'draft') return NO_BACK_TO_DRAFT;
  return `A campaign cannot go from ${from} to ${to}`;
}

/**
 * The row changes of an edit, or a 400/409 explaining why not. An `ended` campaign
 * re-opens when it gets an end date in the future: as `active` when the edit sets
 * no status, or with the status the edit asks for.
 */
export function planUpdate(
  current: Campaign,
  input: UpdateCampaignInput,
  /** The campaign's assets, read only when the edit may make it live. */
  liveAssets: readonly Asset[],
  now: number,
): Updateable<CampaignsTable> {
  assertCampaignEditable(current);
  const startDate = storedDate(input.startDate);
  const endDate = storedDate(input.endDate);
  const nextStart = startDate === undefined ? current.startDate : startDate;
  const nextEnd = endDate === undefined ? current.endDate : endDate;
  if (datesOutOfOrder(nextStart, nextEnd)) throw badRequest('END_BEFORE_START', END_BEFORE_START);
  const end = endInstant(nextEnd);

  let status = input.status ?? current.status;
  const endIsAhead = end === null || end > now;
  if (current.status === 'ended' && input.status === undefined && endDate && endIsAhead) status = 'active';

  if (status !== current.status) {
    const from = current.status as CampaignStatus;
    const to = status as CampaignStatus;
    if (!(STATUS_TRANSITIONS[from] ?? STATUS_TRANSITIONS.active).includes(to))
      throw badRequest('STATUS_CHANGE_NOT_ALLOWED', transitionError(from, to), { params: { from, to } });
    if (from === 'ended' && (to === 'active' || to === 'paused') && !endIsAhead)
      throw badRequest('REOPEN_NEEDS_FUTURE_END', REOPEN_NEEDS_FUTURE_END);
    if (from === 'draft' && to === 'active') assertPublishable(liveAssets);
    // Re-opening an ended campaign makes it live again: never with nothing to share.
    else if (!isLiveStatus(from) && isLiveStatus(to)) assertHasAsset(liveAssets);
  }

  const changes: Updateable<CampaignsTable> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description || null;
  if (status !== current.status) changes.status = status;
  if (startDate !== undefined) changes.startDate = startDate;
  if (endDate !== undefined) changes.endDate = endDate;
  if (input.utmEnabled !== undefined) changes.utmEnabled = input.utmEnabled ? 1 : 0;
  if (input.utmMedium !== undefined) changes.utmMedium = input.utmMedium || null;
  if (input.utmCampaign !== undefined) changes.utmCampaign = input.utmCampaign || null;
  if (input.disclosure !== undefined) changes.disclosure = input.disclosure || null;
  if (input.goal !== undefined) Object.assign(changes, goalColumns(input.goal));
  if (input.defaultLanguage !== undefined || input.languages !== undefined) {
    // Dropping a language leaves its asset texts where they are: re-added, they serve again.
    const next = plannedLanguages(current, input);
    if (next.defaultLanguage !== current.defaultLanguage) changes.defaultLanguage = next.defaultLanguage;
    if (next.languages.join() !== current.languages.join())
      changes.languages = JSON.stringify(next.languages);
  }
  return changes;
}

/** A live campaign (active or paused) always has something to share. */
function assertHasAsset(assets: readonly unknown[]): void {
  if (assets.length === 0) throw conflict('PUBLISH_NEEDS_ASSET', PUBLISH_NEEDS_ASSET);
}

/**
 * A campaign goes live (a draft published, or a campaign created active) only with
 * something to share, and with words for every image and video: supporters see an
 * asset's share text or description, never its internal title.
 */
export function assertPublishable(assets: readonly (ShareableAsset & { title: string })[]): void {
  assertHasAsset(assets);
  const wordless = assets.filter(needsShareWords).map((a) => a.title);
  if (wordless.length > 0)
    throw conflict(
      'PUBLISH_NEEDS_SHARE_WORDS',
      `${PUBLISH_NEEDS_SHARE_WORDS} (${wordless.map((title) => `"${title}"`).join(', ')})`,
      { params: { assets: wordless } },
    );
}

/** PUT /api/campaigns/:id: name, description, dates and status, all or nothing. */
export async function updateCampaign(
  opts: CallerWrite & { campaignId: number; input: UpdateCampaignInput; now?: number },
): Promise<Campaign> {
  return writeLockedCampaign(opts, (trx, current, audit) =>
    applyCampaignUpdate(trx, { audit, publicOrigin: opts.publicOrigin, now: opts.now }, current, opts.input),
  );
}

/**
 * An edit of a campaign inside a transaction that holds its lock (`current` is its row
 * read under the lock): the edit's rules, the row, its audit entries and its status
 * event. PUT /api/campaigns/:id and the bulk import both edit through it, so the rules
 * live in one place.
 */
export async function applyCampaignUpdate(
  trx: Transaction<Database>,
  ctx: { audit: Audit; publicOrigin?: string; now?: number },
  current: Campaign,
  input: UpdateCampaignInput,
): Promise<Campaign> {
  const { audit } = ctx;
  const now = ctx.now ?? Date.now();
  const mayGoLive =
    !isLiveStatus(current.status) && (input.status !== undefined || current.status === 'ended');
  const liveAssets = mayGoLive ? await assetsOfCampaign(trx, current.id) : [];
  const { status, ...fields } = planUpdate(current, input, liveAssets, now);
  if (status === undefined && Object.keys(fields).length === 0) return current;
  // Ending by hand a campaign whose end date already ended it (and sent its event):
  // receivers heard of this end once (docs/decisions/0038-campaign-end-by-date.md).
  const endedBefore =
    status === 'ended' &&
    (await trx.selectFrom('campaigns').select('endedEventAt').where('id', '=', current.id).executeTakeFirst())
      ?.endedEventAt != null;
  const updated = toCampaign(
    await trx
      .updateTable('campaigns')
      .set({
        ...fields,
        ...(status !== undefined && { status }),
        ...(fields.goalMetric !== undefined && goalVersionChange(current.goal, input.goal)),
        // An end moved ahead (or removed) re-opens the campaign: its next end is news again.
        ...(endIsAhead('endDate' in fields ? fields.endDate : current.endDate, now) && {
          endedEventAt: null,
        }),
      })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  if (Object.keys(fields).length > 0) await audit('campaign.updated', updated.name);
  if (status !== undefined) {
    await audit('campaign.status_changed', `${updated.name}: ${current.status} to ${updated.status}`);
    if (!endedBefore) await emitCampaignStatus(trx, updated, ctx.publicOrigin);
  }
  return updated;
}

/** The end date (as stored) is absent or still ahead at `now`. */
function endIsAhead(endDate: string | null | undefined, now: number): boolean {
  const end = endInstant(endDate);
  return end === null || end > now;
}

/** DELETE /api/campaigns/:id: archives (idempotent). Its shares and clicks stay, and stay counted. */
export async function archiveCampaign(opts: CallerWrite & { campaignId: number }): Promise<void> {
  await writeLockedCampaign(opts, async (trx, current, audit) => {
    if (current.status === 'archived') return;
    await trx.updateTable('campaigns').set({ status: 'archived' }).where('id', '=', current.id).execute();
    await audit('campaign.archived', current.name);
    await emitCampaignStatus(trx, { ...current, status: 'archived' }, opts.publicOrigin);
  });
}

const COPY_SUFFIX = ' (copy)';

/** "Name (copy)", cut so it stays within the name limit. */
export function copyName(name: string): string {
  return name.slice(0, MAX_NAME - COPY_SUFFIX.length) + COPY_SUFFIX;
}

/**
 * POST /api/campaigns/:id/duplicate: a draft with the same description, languages,
 * disclosure, goal (without its date), UTM tags, and copies of the live assets in
 * display order (each with its share text, alt text, translations, variants and
 * whether supporters may edit its words). Dates are not copied: a copy is a new run,
 * and old dates would make it start out ended; nor are moments (dated), reviews or
 * import ids (an `externalId` is unique in the organisation: it stays the source's).
 * Any status can be duplicated, archived included (the way to bring an archived
 * campaign back).
 */
export async function duplicateCampaign(
  opts: CallerWrite & { campaignId: number },
): Promise<CampaignWithAssets> {
  const { orgId, campaignId } = opts;
  // The copy is what changed: the source stays as it was.
  return writeCampaign(
    opts,
    (copy) => copy.id,
    async (trx, audit) => {
      const source = await lockOwnCampaign(trx, orgId, campaignId);
      const createdAt = nowIso();
      const copy = await trx
        .insertInto('campaigns')
        .values({
          name: copyName(source.name),
          description: source.description,
          status: 'draft',
          organizationId: orgId,
          startDate: null,
          endDate: null,
          createdAt,
          defaultLanguage: source.defaultLanguage,
          languages: JSON.stringify(source.languages),
          disclosure: source.disclosure,
          // The tracked links' tags as the source has them (a custom utm_campaign included:
          // staff who set one mean it for the campaign's runs, and can change it).
          utmEnabled: source.utmEnabled ? 1 : 0,
          utmMedium: source.utmMedium,
          utmCampaign: source.utmCampaign,
          // The goal without its date, like the campaign's own dates: a copy is a new run.
          ...goalColumns(source.goal && { ...source.goal, deadline: null }),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .then(toCampaign);
      const assets = await insertAssets(trx, {
        campaignId: copy.id,
        organizationId: orgId,
        assets: await assetsOfCampaign(trx, source.id),
      });
      await audit('campaign.duplicated', `${source.name} as ${copy.name}`);
      return { ...copy, assets };
    },
  );
}

/**
 * GET /api/campaigns: newest first. `status` matches the status the dashboard shows
 * (an active or paused campaign past its end date is `ended`); absent, every
 * campaign but archived ones; `all`, every campaign.
 */
export async function listCampaignsByStatus(
  opts: OrgRead & { status: CampaignListQuery['status']; now?: number },
): Promise<Campaign[]> {
  const { db, orgId, status } = opts;
  let q = db.selectFrom('campaigns').selectAll().where('organizationId', '=', orgId);
  if (status === undefined) q = q.where('status', '!=', 'archived');
  else if (status === 'archived' || status === 'draft') q = q.where('status', '=', status);
  else if (status !== 'all') q = q.where('status', 'in', ['active', 'paused', 'ended']);
  const rows = (await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()).map(toCampaign);
  if (status === undefined || status === 'all' || status === 'archived' || status === 'draft') return rows;
  const now = opts.now ?? Date.now();
  return rows.filter((c) => effectiveStatus(c, now) === status);
}
