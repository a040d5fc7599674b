import type { z } from 'zod';
import {
  type CampaignStatus,
  CREATE_STATUSES,
  endInstant,
  isLiveStatus,
  STATUS_TRANSITIONS,
} from '#shared/campaign-lifecycle.ts';
import {
  type ImportColumn,
  type ImportResult,
  type ImportRow,
  IMPORT_RULES,
  type ImportRowError,
  type ImportRule,
  type ImportRuleParams,
  importRowSchema,
} from '#shared/schemas/imports.ts';
import { isPublished } from '#shared/review.ts';
import { needsShareWords } from '#shared/share-links.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { zodErrorBody } from '../../plugins/error-handler.ts';
import type { AddressPolicy } from '../../lib/safe-fetch.ts';
import { assetsOfCampaign } from '../assets/index.ts';
import { transitionError } from '../campaigns/index.ts';
import type { RawRow } from './import-file.ts';
import { spendLookupBudget, unreachableMedia } from './media-check.ts';

// The dry run: every row checked against the create rules (the shared row schema),
// matched by external id against what the organisation already has, and the
// campaign rules (status changes, publishing) applied to the campaigns as they would
// be. The real run writes exactly this plan, and only when no row has an error.

/** A campaign of the file: rows with one campaign_external_id (or one campaign_name without it). */
export interface PlannedCampaign {
  name: string;
  externalId?: string;
  /** The status it gets; for an existing campaign given no status, its own. */
  status: CampaignStatus;
  /** The organisation's campaign with this external id, if any. */
  existing?: { id: number; name: string; status: string; endDate: string | null };
  /**
   * A draft the file publishes: the titles of its images and videos the file leaves
   * as they are and that have no words for supporters (publishing refuses them).
   */
  wordlessKept?: string[];
  rows: PlannedRow[];
}

export interface PlannedRow {
  row: number;
  /** The title as the file gives it (shown for invalid rows too). */
  title: string;
  input?: ImportRow;
  /** The organisation's asset with this external id (live), if any. */
  existingAssetId?: number;
  campaign: PlannedCampaign;
  errors: ImportRowError[];
}

export interface ImportPlan {
  campaigns: PlannedCampaign[];
  rows: PlannedRow[];
  valid: boolean;
}

/**
 * A row's problems with the row schema, each with the rule (and its values) the error
 * handler gives the same issue in a VALIDATION_FAILED body, so the client can word it.
 */
function schemaErrors(error: z.ZodError, raw: RawRow): ImportRowError[] {
  const ruled = zodErrorBody(error, raw).errors ?? [];
  return error.issues.map((issue, i) => {
    const worded = rowError(issue, raw);
    if (worded.rule) return worded;
    const { rule, params } = ruled[i] ?? {};
    return { ...worded, ...(rule && { rule }), ...(params && { params }) };
  });
}

/** A zod issue in the words a row's reader needs: which column, and what is wrong. */
function rowError(issue: z.core.$ZodIssue, raw: RawRow): ImportRowError {
  const column = String(issue.path[0] ?? '');
  const given = raw[column];
  if (issue.code === 'unrecognized_keys')
    return { column: issue.keys.join(', '), message: `Unknown column: ${issue.keys.join(', ')}` };
  if (issue.code === 'invalid_type' && (given === undefined || given === '' || given === null))
    // An empty cell is "not given", as the row schema reads it: the rule says so too.
    return { column, message: `${column} is required`, rule: 'required' };
  if (issue.code === 'invalid_type') return { column, message: `${column} must be text` };
  // The row schema's own checks name their import rule (and its values) in `params`.
  if (issue.code === 'custom') {
    const { importRule, ...params } = (issue.params ?? {}) as ImportRuleParams & { importRule?: string };
    const rule = IMPORT_RULES.find((r) => r === importRule);
    if (rule) return { column, message: issue.message, rule, params };
  }
  return { column, message: issue.message };
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** Which campaign a row belongs to: its campaign_external_id, else its campaign_name. */
const campaignKey = (raw: RawRow) =>
  text(raw.campaign_external_id) ? `id:${text(raw.campaign_external_id)}` : `name:${text(raw.campaign_name)}`;

async function existingCampaigns(db: Db, orgId: number, ids: string[]) {
  if (ids.length === 0) return new Map<string, NonNullable<PlannedCampaign['existing']>>();
  const rows = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'status', 'endDate', 'externalId'])
    .where('organizationId', '=', orgId)
    .where('externalId', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.externalId ?? '', r]));
}

async function existingAssets(db: Db, orgId: number, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: number; campaignId: number }>();
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'campaignId', 'externalId'])
    .where('organizationId', '=', orgId)
    .where('externalId', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.externalId ?? '', r]));
}

/** One of the import's own errors: its English, and its rule and values for the client to word. */
function addError(
  row: PlannedRow,
  column: ImportColumn,
  message: string,
  rule: ImportRule,
  params?: ImportRuleParams,
) {
  row.errors.push({ column, message, rule, ...(params && { params }) });
}

/** The campaign rules on one campaign of the file, reported on the rows that set them. */
function checkCampaign(c: PlannedCampaign, now: number): void {
  const valid = c.rows.filter((r) => r.input);
  const first = valid[0];
  if (!first) return;
  const statusRow = valid.find((r) => r.input?.campaign_status) ?? first;
  for (const r of valid.slice(1)) {
    if (r.input?.campaign_name !== first.input?.campaign_name)
      addError(
        r,
        'campaign_name',
        `One campaign has one name: row ${first.row} names it "${first.input?.campaign_name}"`,
        'campaign_name_differs',
        { row: first.row, name: first.input?.campaign_name ?? '' },
      );
    const status = r.input?.campaign_status;
    if (r !== statusRow && status && status !== statusRow.input?.campaign_status)
      addError(
        r,
        'campaign_status',
        `One campaign has one status: row ${statusRow.row} gives ${c.status}`,
        'campaign_status_differs',
        { row: statusRow.row, status: c.status },
      );
  }
  if (!c.existing) {
    if (!(CREATE_STATUSES as readonly string[]).includes(c.status))
      addError(
        statusRow,
        'campaign_status',
        `A new campaign starts as ${CREATE_STATUSES.join(' or ')}`,
        'new_campaign_status',
        { statuses: [...CREATE_STATUSES] },
      );
  } else if (c.existing.status === 'archived') {
    addError(
      first,
      'campaign_external_id',
      `Campaign "${c.existing.name}" is archived: it cannot be changed`,
      'campaign_archived',
      { name: c.existing.name },
    );
    return;
  } else if (c.status !== c.existing.status) {
    const from = c.existing.status as CampaignStatus;
    if (!(STATUS_TRANSITIONS[from] ?? []).includes(c.status))
      addError(statusRow, 'campaign_status', transitionError(from, c.status), 'status_change_not_allowed', {
        from,
        to: c.status,
      });
    else if (from === 'ended' && isLiveStatus(c.status)) {
      const end = endInstant(c.existing.endDate);
      if (end !== null && end <= now)
        addError(
          statusRow,
          'campaign_status',
          'An ended campaign re-opens from its page, with a new end date',
          'ended_reopens_from_page',
        );
    }
  }
  if (!isLiveStatus(c.status)) return;
  for (const title of c.wordlessKept ?? [])
    addError(
      statusRow,
      'campaign_status',
      `Publishing needs words for every image and video: "${title}" has no share text nor description`,
      'publish_needs_words',
      { title },
    );
  // Live: every image and video the import writes needs words supporters see.
  for (const r of valid)
    if (
      r.input &&
      needsShareWords({
        type: r.input.asset_type,
        content: r.input.media_url ?? '',
        shareText: r.input.share_text ?? null,
        description: r.input.description ?? null,
      })
    )
      addError(
        r,
        'share_text',
        `The campaign is ${c.status}: give this ${r.input.asset_type} a share_text or a description`,
        'live_needs_words',
        { status: c.status, assetType: r.input.asset_type },
      );
}

export const IMPORT_DRAFTS_ONLY =
  "While review before publishing is on, an editor's import can only create or change drafts";

/**
 * Review before publishing (docs/api.md): an editor's import, while the organisation
 * asks for review, may not make anything public. A published campaign (or its assets)
 * is refused on every row that names it; a status that would publish, on the row that
 * gives it.
 */
function checkDraftsOnly(c: PlannedCampaign): void {
  const valid = c.rows.filter((r) => r.input);
  if (c.existing && isPublished(c.existing.status)) {
    for (const r of valid) addError(r, 'campaign_external_id', IMPORT_DRAFTS_ONLY, 'drafts_only');
    return;
  }
  if (!isPublished(c.status)) return;
  const statusRow = valid.find((r) => r.input?.campaign_status) ?? valid[0];
  if (statusRow) addError(statusRow, 'campaign_status', IMPORT_DRAFTS_ONLY, 'drafts_only');
}

/**
 * A draft the file publishes keeps the assets the file does not name: the campaign
 * edit's publishing rule (assertPublishable) applies to them too, so the dry run
 * names the ones it would refuse.
 */
async function findWordlessKept(db: Db, c: PlannedCampaign): Promise<void> {
  if (c.existing?.status !== 'draft' || c.status !== 'active') return;
  const named = new Set(c.rows.map((r) => r.existingAssetId));
  c.wordlessKept = (await assetsOfCampaign(db, c.existing.id))
    .filter((a) => !named.has(a.id) && needsShareWords(a))
    .map((a) => a.title);
}

export async function planImport(opts: {
  db: Db;
  orgId: number;
  rows: RawRow[];
  policy: AddressPolicy;
  now?: number;
  /** An editor's import while review before publishing is on: drafts only. */
  draftsOnly?: boolean;
}): Promise<ImportPlan> {
  const { db, orgId } = opts;
  const parsed = opts.rows.map((raw, i) => ({ raw, row: i + 1, result: importRowSchema.safeParse(raw) }));
  const campaignIds = [...new Set(parsed.map((p) => text(p.raw.campaign_external_id)).filter(Boolean))];
  const assetIds = [...new Set(parsed.map((p) => text(p.raw.external_id)).filter(Boolean))];
  const [knownCampaigns, knownAssets] = await Promise.all([
    existingCampaigns(db, orgId, campaignIds),
    existingAssets(db, orgId, assetIds),
  ]);

  const campaigns = new Map<string, PlannedCampaign>();
  const seenAssetIds = new Map<string, number>();
  const rows: PlannedRow[] = parsed.map(({ raw, row, result }) => {
    const key = campaignKey(raw);
    let campaign = campaigns.get(key);
    if (!campaign) {
      const externalId = text(raw.campaign_external_id) || undefined;
      const existing = externalId ? knownCampaigns.get(externalId) : undefined;
      const given = result.success ? result.data.campaign_status : undefined;
      campaign = {
        name: text(raw.campaign_name),
        externalId,
        existing,
        status: given ?? ((existing?.status as CampaignStatus | undefined) || 'draft'),
        rows: [],
      };
      campaigns.set(key, campaign);
    } else if (
      result.success &&
      result.data.campaign_status &&
      !campaign.rows.some((r) => r.input?.campaign_status)
    )
      campaign.status = result.data.campaign_status;
    const planned: PlannedRow = {
      row,
      title: text(raw.title),
      campaign,
      input: result.success ? result.data : undefined,
      errors: result.success ? [] : schemaErrors(result.error, raw),
    };
    campaign.rows.push(planned);
    const assetId = text(raw.external_id);
    if (assetId) {
      const earlier = seenAssetIds.get(assetId);
      if (earlier !== undefined)
        addError(
          planned,
          'external_id',
          `external_id "${assetId}" is already used by row ${earlier}`,
          'external_id_repeated',
          { externalId: assetId, row: earlier },
        );
      else seenAssetIds.set(assetId, row);
      const existing = knownAssets.get(assetId);
      if (existing) {
        planned.existingAssetId = existing.id;
        // An import updates an asset where it is: it does not move it to another campaign.
        if (campaign.existing?.id !== existing.campaignId)
          addError(
            planned,
            'campaign_external_id',
            `The asset "${assetId}" is in another campaign: an import does not move assets between campaigns`,
            'asset_in_other_campaign',
            { externalId: assetId },
          );
      }
    }
    return planned;
  });

  for (const c of campaigns.values()) await findWordlessKept(db, c);
  const now = opts.now ?? Date.now();
  for (const c of campaigns.values()) checkCampaign(c, now);
  if (opts.draftsOnly) for (const c of campaigns.values()) checkDraftsOnly(c);

  // Last, and only for rows otherwise valid: whether the media's host may be fetched.
  const media = rows.filter((r) => r.errors.length === 0 && r.input?.media_url);
  const refused = await unreachableMedia(
    media.map((r) => r.input?.media_url ?? ''),
    opts.policy,
    spendLookupBudget(db, orgId),
  );
  for (const r of media) {
    const reason = refused.get(r.input?.media_url ?? '');
    if (reason) addError(r, 'media_url', reason.message, reason.rule, reason.params);
  }

  return { campaigns: [...campaigns.values()], rows, valid: rows.every((r) => r.errors.length === 0) };
}

/** The answer of a dry run (and of a real run, with what it wrote). */
export function importResult(plan: ImportPlan, dryRun: boolean): ImportResult {
  const summary = {
    rows: plan.rows.length,
    invalidRows: plan.rows.filter((r) => r.errors.length > 0).length,
    campaignsCreated: plan.campaigns.filter((c) => !c.existing).length,
    campaignsUpdated: plan.campaigns.filter((c) => c.existing).length,
    assetsCreated: plan.rows.filter((r) => r.existingAssetId === undefined).length,
    assetsUpdated: plan.rows.filter((r) => r.existingAssetId !== undefined).length,
  };
  return {
    dryRun,
    valid: plan.valid,
    summary,
    rows: plan.rows.map((r) => ({
      row: r.row,
      action: r.existingAssetId === undefined ? 'create' : 'update',
      campaign: r.campaign.name,
      campaignAction: r.campaign.existing ? 'update' : 'create',
      title: r.input?.title ?? r.title,
      errors: r.errors,
    })),
  };
}

/** A real run's refusal of a plan with errors: every problem, its path `rows.<row>.<column>`. */
export function importRefused(plan: ImportPlan): HttpError {
  const invalid = plan.rows.filter((r) => r.errors.length > 0);
  const [first] = invalid;
  const errors = invalid.flatMap((r) =>
    r.errors.map((e) => ({ path: `rows.${r.row}.${e.column}`, message: e.message })),
  );
  return new HttpError(
    400,
    'VALIDATION_FAILED',
    `Nothing was imported: ${invalid.length} row(s) have errors (first: row ${first.row}, ${first.errors[0].column}: ${first.errors[0].message})`,
    { errors },
  );
}
